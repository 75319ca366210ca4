// Every unit test runs with an empty persistent cache of its own: before each
// test XDG_CACHE_HOME points at a fresh directory (RuntimeTest unsets the
// AUTOTUNE_* variables, so the cache resolves there), removed afterwards. No
// test reads another's results, and none writes to the user's cache.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace {

class FreshCachePerTest : public ::testing::EmptyTestEventListener {
  void OnTestStart(const ::testing::TestInfo &) override {
    char Template[] = "/tmp/autotune-unit-XXXXXX";
    if (const char *Dir = ::mkdtemp(Template)) {
      Current = Dir;
      ::setenv("XDG_CACHE_HOME", Dir, 1);
    }
  }
  void OnTestEnd(const ::testing::TestInfo &) override {
    if (Current.empty())
      return;
    std::error_code Ignored;
    std::filesystem::remove_all(Current, Ignored);
    Current.clear();
  }
  std::string Current;
};

const bool Registered = [] {
  ::testing::UnitTest::GetInstance()->listeners().Append(new FreshCachePerTest);
  return true;
}();

} // namespace
