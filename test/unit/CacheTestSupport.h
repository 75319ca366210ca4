// What the persistent-cache tests share: a runtime test with a cache
// directory of its own, "the next run of the program" (the in-memory results
// forgotten, the directory kept), and a site whose space can be chosen.
#ifndef AUTOTUNE_TEST_UNIT_CACHETESTSUPPORT_H
#define AUTOTUNE_TEST_UNIT_CACHETESTSUPPORT_H

#include "TestSupport.h"
#include "cache/CacheDirectory.h"
#include "cache/CacheFile.h"
#include "cache/CacheIdentity.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

namespace autotune {

// A one-parameter site X = {V...}, default the first point.
template <long long... V> struct ListSite {
  static constexpr const char *Params[] = {"X"};
  static constexpr long long Points[] = {V...};

  explicit ListSite(const char *Name = "test.cpp:1:f",
                    std::uint64_t Fingerprint = 0x1234,
                    const char *Pragma = "space(X = {1, 2, 3}) key(n)")
      : Info{Name,        "test.cpp", 1,          Pragma,       "f<X>(n);",
             Fingerprint, Params,     1,          Points,       sizeof...(V),
             0,           0,          Form::Host, "void f(int)"},
        TheSite(Info) {}

  void call(Backend *B, long long Key) {
    auto Variant = [](auto) {};
    CallArgs Args;
    Args.Key = &Key;
    Args.KeyCount = 1;
    Args.TimingBackend = B;
    TheSite.run(variants<Point<V>...>(Variant), Args);
  }

  SiteInfo Info;
  Site TheSite;
};

using SameSpaceSite = ListSite<1, 2, 3>;

class CacheTest : public RuntimeTest {
protected:
  void SetUp() override {
    RuntimeTest::SetUp();
    char Template[] = "/tmp/autotune-cache-test-XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Root = Template;
    Dir = Root + "/cache";
    setEnv("AUTOTUNE_CACHE_DIR", Dir.c_str());
  }

  void TearDown() override {
    // Tests make files and folders unreadable; make them removable again.
    std::error_code Ignored;
    for (auto It = std::filesystem::recursive_directory_iterator(
             Root, std::filesystem::directory_options::skip_permission_denied,
             Ignored);
         It != std::filesystem::recursive_directory_iterator();
         It.increment(Ignored))
      if (!It->is_symlink())
        ::chmod(It->path().c_str(), 0700);
    ::chmod(Root.c_str(), 0700);
    ::chmod(Dir.c_str(), 0700);
    std::filesystem::remove_all(Root, Ignored);
    RuntimeTest::TearDown();
  }

  // The program runs again: nothing in memory, the cache on disk as it is.
  void nextRun() { testing::resetRuntime(); }

  std::string pathFor(const SiteInfo &Info, long long Key,
                      const std::string &Model = "fake device",
                      const std::string &Driver = "") {
    return cacheFilePath(Dir, Info, {Model, Driver, ""}, &Key, 1);
  }

  std::vector<std::string> entryFiles() {
    std::vector<std::string> Names;
    std::string Problem;
    listCacheFiles(Dir, Names, Problem);
    return Names;
  }

  static std::string readText(const std::string &Path) {
    std::ifstream In(Path, std::ios::binary);
    std::stringstream S;
    S << In.rdbuf();
    return S.str();
  }
  static void writeText(const std::string &Path, const std::string &Text) {
    std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
    Out << Text;
  }

  static bool runningAsRoot() { return ::geteuid() == 0; }

  std::vector<std::string> warnings() {
    return logLinesWith("autotune: warning:");
  }

  std::string Root; // the test's own folder
  std::string Dir;  // AUTOTUNE_CACHE_DIR, inside Root, created by the runtime
};

} // namespace autotune

#endif // AUTOTUNE_TEST_UNIT_CACHETESTSUPPORT_H
