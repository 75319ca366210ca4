#!/usr/bin/env bash
# Build cost of a project with 20 tuned sites (issue 29, point 6): the
# project of bench/build_cost_project.py (ten headers of kernels and
# launchers, one train.cu, 134 points in all) built to a program by each
# route, against its unannotated build and against the same instantiations
# written by hand (a switch over each site's points, no autotune: what any
# ahead-of-time tuner must compile), and against its build with each site's
# default point alone (AUTOTUNE_POINTS=default). Runs here, on the CPU (no
# GPU needed).
#
#   bench/build_cost.sh [REPEATS]     (default 3; medians are reported)
#
# Prints, per route and form, the median wall time of the whole build
# (compile and link, one command), the stripped program's size, and for nvcc
# the time of each of its phases (nvcc -time) in one more build of each form.
set -euo pipefail

repeats=${1:-3}
# shellcheck source=bench/compile_common.sh
source "$(dirname "${BASH_SOURCE[0]}")/compile_common.sh"
nvcc=$cuda/bin/nvcc
clangxx=${AUTOTUNE_CLANGXX:-clang++-19}
python3 "$repo/bench/build_cost_project.py" "$work"
nvcc_flags=(-std=c++17 -O2 -arch=sm_90)

# build ROUTE FORM: builds $work/FORM/train.cu into $work/out-ROUTE-FORM.
build() {
  local out=$work/out-$1-$2
  (
    # 'default': the tuned sources, each site's default point alone.
    local points=all dir=$2
    [[ $2 == default ]] && points=default dir=tuned
    cd "$work/$dir"
    case $1-$2 in
      nvcc-tuned | nvcc-default) AUTOTUNE_POINTS=$points AUTOTUNE_BUILD_DIR=$build \
        "$repo/scripts/autotune-nvcc" "${nvcc_flags[@]}" train.cu -o "$out" ;;
      nvcc-*) "$nvcc" "${nvcc_flags[@]}" train.cu -o "$out" ;;
      clang-tuned | clang-default) AUTOTUNE_POINTS=$points AUTOTUNE_BUILD_DIR=$build \
        "$repo/scripts/autotune-clang++" -O2 --cuda-gpu-arch=sm_90 train.cu -o "$out" ;;
      clang-*) "$clangxx" "${cuda_flags[@]}" train.cu -o "$out" -L"$cuda/lib64" -lcudart ;;
    esac
  ) > /dev/null
}

routes=(nvcc)
command -v "$clangxx" > /dev/null && [[ -f $build/plugin/libAutotune.so ]] && routes+=(clang)
forms=(plain byhand tuned default)
declare -A times
for ((i = 0; i < repeats; ++i)); do
  for route in "${routes[@]}"; do
    for form in "${forms[@]}"; do
      t0=$(date +%s.%N)
      build "$route" "$form"
      t1=$(date +%s.%N)
      times[$route-$form]+="$(echo "$t1 - $t0" | bc -l)"$'\n'
    done
  done
done

echo "20 sites, 134 points; $(nproc) cores; medians of $repeats builds"
printf '%-6s %-7s %9s %7s %11s\n' route form build_s ratio stripped_kb
for route in "${routes[@]}"; do
  base=$(grep . <<< "${times[$route-plain]}" | median)
  for form in "${forms[@]}"; do
    t=$(grep . <<< "${times[$route-$form]}" | median)
    strip -o "$work/stripped" "$work/out-$route-$form"
    printf '%-6s %-7s %9.2f %7.2f %11d\n' "$route" "$form" "$t" "$(echo "$t / $base" | bc -l)" \
      $(( $(stat -c %s "$work/stripped") / 1024 ))
  done
done

# Where nvcc's time goes: its phases, for each form's compile (the tuned ones
# from autotune-rewrite's mirror, every point and the default points alone,
# as autotune-nvcc compiles them).
for points in all default; do
  "$build/tools/autotune-rewrite/autotune-rewrite" --points=$points --out-dir "$work/mirror-$points" \
    "$work/tuned/train.cu" -- -std=c++17 -I"$repo/runtime/include" > /dev/null
done
echo
echo "nvcc phases (s): front end = gcc preprocessing and cudafe++"
printf '%-7s %9s %6s %6s %6s\n' form front_end cicc ptxas host
for form in "${forms[@]}"; do
  src=$work/$form/train.cu
  extra=(-D__AUTOTUNE__=1 -I"$repo/runtime/include")
  case $form in
    tuned) src=$work/mirror-all/train.cu ;;
    default) src=$work/mirror-default/train.cu ;;
    *) extra=() ;;
  esac
  "$nvcc" "${nvcc_flags[@]}" "${extra[@]}" -c "$src" -o "$work/phases.o" -time "$work/$form.csv"
  awk -F' *, *' -v form="$form" '
    $2 ~ /preprocessing|cudafe/ {fe += $7} $2 == "cicc" {ci += $7}
    $2 == "ptxas" {pt += $7} $2 == "gcc (compiling)" {host += $7}
    END {printf "%-7s %9.2f %6.2f %6.2f %6.2f\n", form, fe / 1000, ci / 1000, pt / 1000, host / 1000}' \
    "$work/$form.csv"
done
