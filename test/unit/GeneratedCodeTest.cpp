// The shape of code the plugin emits for a host statement (grammar/Key.cpp
// and grammar/RestoreAndVerify.cpp check the plugin's side of it), run on
// the real host backend: a steady clock, real runs, a tenfold faster
// variant.
#include "TestSupport.h"

#include <chrono>

namespace autotune {
namespace {

using GeneratedCodeTest = RuntimeTest;

void spinFor(std::chrono::microseconds Time) {
  auto End = std::chrono::steady_clock::now() + Time;
  while (std::chrono::steady_clock::now() < End) {
  }
}

int Calls = 0;
template <int TILE, int UNROLL> void blur(int *Img, int N) {
  ++Calls;
  // TILE=16 UNROLL=1 is ten times faster than the rest.
  spinFor(std::chrono::microseconds(TILE == 16 && UNROLL == 1 ? 100 : 1000));
  for (int I = 0; I < N; ++I)
    Img[I] += TILE * 100 + UNROLL;
}

void blurSite(int *img, int n) {
  {
    static constexpr const char *__autotune_params[] = {"TILE", "UNROLL"};
    static constexpr long long __autotune_points[] = {8, 1, 8, 2, 16, 1};
    struct __autotune_here {};
    const auto __autotune_key0 = ::autotune::keyArgument(n);
    static_assert(decltype(__autotune_key0)::IsKey,
                  "autotune: a key(...) value must be of integral or enum "
                  "type");
    static_assert(decltype(__autotune_key0)::Fits,
                  "autotune: a key(...) value must fit in 64 bits");
    const auto __autotune_key = ::autotune::keyValues(__autotune_key0);
    static constexpr ::autotune::SiteInfo __autotune_info = {
        "blur.cpp:12:blur",
        "blur.cpp",
        12,
        "space(...) key(n)",
        "blur<TILE, UNROLL>(img, n);",
        0x1234ULL,
        __autotune_params,
        2,
        __autotune_points,
        3,
        /*default*/ 0,
        /*budget*/ 0,
        ::autotune::Form::Host,
        __PRETTY_FUNCTION__,
        &::autotune::detail::siteContext<__autotune_here>,
        decltype(__autotune_key)::Unsigned};
    static ::autotune::Site __autotune_site(__autotune_info);
    auto __autotune_variant = [&](auto __autotune_point) -> void {
      [[maybe_unused]] constexpr int TILE =
          decltype(__autotune_point)::Values[0];
      [[maybe_unused]] constexpr int UNROLL =
          decltype(__autotune_point)::Values[1];
      blur<TILE, UNROLL>(img, n);
    };
    ::autotune::CallArgs __autotune_args;
    __autotune_args.Key = __autotune_key.Values;
    __autotune_args.KeyCount = 1;
    const auto __autotune_restore0 =
        ::autotune::restoreArgument(img, n, "img[n]");
    static_assert(decltype(__autotune_restore0)::IsPointer,
                  "autotune: in restore(p[n]), p must be a pointer to the "
                  "elements or an array");
    static_assert(decltype(__autotune_restore0)::IsWritable,
                  "autotune: a restore(...) buffer must be writable");
    static_assert(decltype(__autotune_restore0)::CountIsInteger,
                  "autotune: in restore(p[n]), n must be an integer");
    const ::autotune::Buffer __autotune_restore[] = {__autotune_restore0.Value};
    __autotune_args.Restore = __autotune_restore;
    __autotune_args.RestoreCount = 1;
    switch (__autotune_site.decided(__autotune_args)) {
    case 0:
      __autotune_variant(::autotune::Point<8, 1>{});
      break;
    case 1:
      __autotune_variant(::autotune::Point<8, 2>{});
      break;
    case 2:
      __autotune_variant(::autotune::Point<16, 1>{});
      break;
    default:
      __autotune_site.run(
          ::autotune::variants<::autotune::Point<8, 1>, ::autotune::Point<8, 2>,
                               ::autotune::Point<16, 1>>(__autotune_variant),
          __autotune_args);
    }
  }
}

TEST_F(GeneratedCodeTest, HostStatementIsTunedOnTheRealClock) {
  setEnv("AUTOTUNE_LOG", "1");
  std::vector<int> Img(32, 0);
  blurSite(Img.data(), 32);
  EXPECT_EQ(Img, std::vector<int>(32, 1601)); // one run of TILE=16 UNROLL=1
  std::vector<std::string> Summary = logLinesWith("winner");
  ASSERT_EQ(Summary.size(), 1u);
  EXPECT_NE(Summary[0].find("autotune: blur.cpp:12:blur key=(32) device=host"),
            std::string::npos)
      << Summary[0];
  EXPECT_NE(Summary[0].find("winner TILE=16 UNROLL=1, "), std::string::npos)
      << Summary[0];
  EXPECT_NE(Summary[0].find("faster than default (TILE=8 UNROLL=1)"),
            std::string::npos)
      << Summary[0];

  // The second call finds the winner in the library and the site remembers
  // it; the third branches to it inline. Each runs it once.
  for (int Call = 2; Call <= 3; ++Call) {
    int Before = Calls;
    blurSite(Img.data(), 32);
    EXPECT_EQ(Calls, Before + 1);
    EXPECT_EQ(Img, std::vector<int>(32, Call * 1601));
  }
}

TEST_F(GeneratedCodeTest, HostBackendNamesTheCpu) {
  DeviceIdentity Id = hostBackend().identify(0);
  EXPECT_EQ(Id.Model.rfind("host", 0), 0u) << Id.Model;
  EXPECT_FALSE(hostBackend().mustNotTune(nullptr));
}

} // namespace
} // namespace autotune
