#!/usr/bin/env python3
"""Stand-in for the plugin's source rewrite, for testing the runtime and the
CUDA backend before (or without) the plugin: replaces each `#pragma autotune`
+ statement with the block the plugin generates (design.md section 2).

It knows only what these tests and examples use: space with {..}, range(),
pow2(); where; default; key; restore; verify (rtol =, tol =, atol =);
stream; name. No diagnostics: input is assumed valid.

    mock_rewrite.py in.cu out.cu
"""
import itertools
import zlib
import re
import sys


def split_top(text, sep=","):
    """Split at sep outside (), {}, []."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "({[":
            depth += 1
        elif ch in ")}]":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def c_eval(expr, env):
    py = expr.replace("&&", " and ").replace("||", " or ").replace("/", "//")
    py = re.sub(r"!(?!=)", " not ", py)
    return int(eval(py, {}, dict(env)))


def values(spec):
    spec = spec.strip()
    if spec.startswith("{"):
        return [c_eval(v, {}) for v in split_top(spec[1:-1])]
    m = re.match(r"(range|pow2)\((.*)\)$", spec)
    args = [c_eval(a, {}) for a in split_top(m.group(2))]
    if m.group(1) == "range":
        return list(range(*args))
    out, v = [], args[0]
    while v <= args[1]:
        out.append(v)
        v *= 2
    return out


def clauses(text):
    out = []
    for m in re.finditer(r"(\w+)\s*\(", text):
        if out and m.start() < out[-1][2]:
            continue
        depth, i = 1, m.end()
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        out.append((m.group(1), text[m.end():i - 1], i))
    return [(name, body) for name, body, _ in out]


def rewrite(pragma, stmt, filename, line):
    params, where, default, key, restore, verify = [], [], None, [], [], []
    stream, name, bounds = None, None, {}
    for clause, body in clauses(pragma):
        if clause == "space":
            for p in split_top(body):
                n, v = p.split("=", 1)
                params.append((n.strip(), values(v)))
        elif clause == "where":
            where.append(body)
        elif clause == "default":
            default = {p.split("=")[0].strip(): c_eval(p.split("=")[1], {})
                       for p in split_top(body)}
        elif clause == "key":
            key = split_top(body)
        elif clause in ("restore", "verify"):
            for b in split_top(body):
                word = b.split("=", 1)[0].strip()
                if "=" in b and word in ("tol", "rtol", "atol"):
                    field = "AbsTolerance" if word == "atol" else "RelTolerance"
                    bounds[field] = b.split("=", 1)[1].strip()
                    continue
                ptr, count = b[:-1].split("[", 1)
                (restore if clause == "restore" else verify).append(
                    (ptr.strip(), count, b))
        elif clause == "stream":
            stream = body
        elif clause == "name":
            name = body.strip().strip('"')
    names = [p for p, _ in params]
    points = [pt for pt in itertools.product(*[v for _, v in params])
              if all(c_eval(w, zip(names, pt)) for w in where)]
    default_index = 0
    if default:
        default_index = points.index(tuple(default[n] for n in names))
    launch = re.search(r">>>", stmt) is not None
    if launch:
        cfg = split_top(re.search(r"<<<(.*)>>>", stmt, re.S).group(1))
        stream = cfg[3] if len(cfg) > 3 else "nullptr"
        form = "Launch"
    else:
        form = "Stream" if stream else "Host"
    callee = re.match(r"\s*([\w:]+)", stmt).group(1)
    site = name or f"{filename}:{line}:{callee}"
    esc = lambda s: s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    flat = ", ".join(str(v) for pt in points for v in pt)
    o = ["{"]
    o.append("  static constexpr const char *__autotune_params[] = {%s};"
             % ", ".join(f'"{n}"' for n in names))
    o.append(f"  static constexpr long long __autotune_points[] = {{{flat}}};")
    o.append(f'  static constexpr ::autotune::SiteInfo __autotune_info = {{"{site}", '
             f'"{filename}", {line}, "{esc(pragma)}", "{esc(stmt)}", '
             f"0x{zlib.crc32((pragma + stmt).encode()):x}ULL, __autotune_params, "
             f"{len(names)}, __autotune_points, {len(points)}, {default_index}, 0, "
             f"::autotune::Form::{form}}};")
    o.append("  static ::autotune::Site __autotune_site(__autotune_info);")
    o.append("  auto __autotune_variant = [&](auto __autotune_point) -> void {")
    for i, n in enumerate(names):
        o.append(f"    [[maybe_unused]] constexpr int {n} = "
                 f"decltype(__autotune_point)::Values[{i}];")
    o.append("    " + stmt.strip())
    o.append("  };")
    o.append("  ::autotune::CallArgs __autotune_args;")
    if key:
        o.append("  const long long __autotune_key[] = {%s};"
                 % ", ".join(f"::autotune::keyValue({k})" for k in key))
        o.append(f"  __autotune_args.Key = __autotune_key; "
                 f"__autotune_args.KeyCount = {len(key)};")
    for kind, bufs in (("Restore", restore), ("Verify", verify)):
        if bufs:
            fn = "restoreBuffer" if kind == "Restore" else "verifyBuffer"
            o.append(f"  const ::autotune::Buffer __autotune_{kind.lower()}[] = {{%s}};"
                     % ", ".join(f'::autotune::{fn}({p}, {c}, "{esc(t)}")'
                                 for p, c, t in bufs))
            o.append(f"  __autotune_args.{kind} = __autotune_{kind.lower()}; "
                     f"__autotune_args.{kind}Count = {len(bufs)};")
    for field, value in bounds.items():
        o.append(f"  __autotune_args.{field} = {value};")
    if form != "Host":
        o.append(f"  __autotune_args.Stream = ::autotune::streamHandle({stream});")
        o.append("  __autotune_args.TimingBackend = ::autotune::cudaBackend();")
    types = ", ".join("::autotune::Point<%s>" % ", ".join(map(str, pt))
                      for pt in points)
    o.append(f"  __autotune_site.run(::autotune::variants<{types}>"
             f"(__autotune_variant), __autotune_args);")
    o.append("}")
    return "\n".join(o)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    lines = open(src).read().split("\n")
    out, i = [], 0
    while i < len(lines):
        if not re.match(r"\s*#\s*pragma\s+autotune\b", lines[i]):
            out.append(lines[i])
            i += 1
            continue
        line = i + 1
        pragma = ""
        while True:
            text = lines[i].rstrip()
            i += 1
            cont = text.endswith("\\")
            pragma += " " + (text[:-1] if cont else text)
            if not cont:
                break
        pragma = re.sub(r"^\s*#\s*pragma\s+autotune\s*", "", pragma.strip())
        pragma = re.sub(r"\s+", " ", pragma)
        stmt, depth = "", 0
        while True:
            for ch in lines[i]:
                stmt += ch
                depth += {"(": 1, "{": 1, "[": 1, ")": -1, "}": -1, "]": -1}.get(ch, 0)
            stmt += "\n"
            i += 1
            if depth == 0 and stmt.rstrip().endswith(";"):
                break
        block = rewrite(pragma, stmt, src.split("/")[-1], line)
        # Keep later line numbers: the block takes the lines it replaced.
        used = block.count("\n") + 1
        consumed = i - (line - 1)
        out.append(block.replace("\n", " ") if used > consumed else block)
        if used <= consumed:
            out.extend([""] * (consumed - used))
        else:
            out.extend([""] * (consumed - 1))
    open(dst, "w").write("\n".join(out))


if __name__ == "__main__":
    main()
