// The cache directory is the user's, and only that (docs/cache.md, "Whose
// directory"): a link of another user on the way, a directory of another
// user, or one every user can write is neither read nor written; a link the
// user made is followed.
#include "CacheTestSupport.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

using CacheDirectoryTrustTest = CacheTest;

constexpr uid_t OtherUser = 65534; // nobody

TEST_F(CacheDirectoryTrustTest, LinkOfTheUserIsFollowed) {
  std::string Real = Root + "/real";
  ASSERT_EQ(::mkdir(Real.c_str(), 0700), 0);
  ASSERT_EQ(::symlink(Real.c_str(), Dir.c_str()), 0);
  std::string Problem;
  EXPECT_TRUE(isTrustedCacheDirectory(Dir, Problem)) << Problem;
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 1);
  std::vector<std::string> Names;
  ASSERT_TRUE(listCacheFiles(Real, Names, Problem));
  EXPECT_EQ(Names.size(), 1u);
}

TEST_F(CacheDirectoryTrustTest, DirectoryEveryoneCanWriteIsRefused) {
  ASSERT_EQ(::mkdir(Dir.c_str(), 0700), 0);
  ASSERT_EQ(::chmod(Dir.c_str(), 01777), 0);
  std::string Problem;
  EXPECT_FALSE(isTrustedCacheDirectory(Dir, Problem));
  EXPECT_NE(Problem.find("can be written by every user"), std::string::npos)
      << Problem;
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 1);
  std::vector<std::string> Names;
  ASSERT_TRUE(listCacheFiles(Dir, Names, Problem));
  EXPECT_TRUE(Names.empty());
  std::vector<std::string> Lines = logLines();
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("not using the tuning cache"), std::string::npos)
      << Lines[0];
}

TEST_F(CacheDirectoryTrustTest, LinkOfAnotherUserIsRefused) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "making a link of another user needs root";
  // As in /tmp: a link another user planted, to a directory of root's.
  std::string Target = Root + "/target";
  ASSERT_EQ(::mkdir(Target.c_str(), 0700), 0);
  ASSERT_EQ(::symlink(Target.c_str(), Dir.c_str()), 0);
  ASSERT_EQ(::lchown(Dir.c_str(), OtherUser, OtherUser), 0);
  std::string Problem;
  EXPECT_FALSE(isTrustedCacheDirectory(Dir + "/sub", Problem));
  EXPECT_NE(Problem.find("symbolic link of another user"), std::string::npos)
      << Problem;
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 1);
  std::vector<std::string> Names;
  ASSERT_TRUE(listCacheFiles(Target, Names, Problem));
  EXPECT_TRUE(Names.empty()); // nothing written where the link leads
}

TEST_F(CacheDirectoryTrustTest, DirectoryOfAnotherUserIsRefused) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "giving a directory to another user needs root";
  ASSERT_EQ(::mkdir(Dir.c_str(), 0700), 0);
  ASSERT_EQ(::chown(Dir.c_str(), OtherUser, OtherUser), 0);
  std::string Problem;
  EXPECT_FALSE(isTrustedCacheDirectory(Dir, Problem));
  EXPECT_NE(Problem.find("belongs to another user"), std::string::npos)
      << Problem;
  EXPECT_FALSE(makeCacheDirectory(Dir + "/sub", Problem));
}

TEST_F(CacheDirectoryTrustTest, EntryFileLinkIsNotWrittenThrough) {
  // A link named as the entry is replaced by the entry, never followed.
  ASSERT_EQ(::mkdir(Dir.c_str(), 0700), 0);
  std::string Victim = Root + "/victim";
  ASSERT_EQ(::close(::open(Victim.c_str(), O_CREAT | O_WRONLY, 0600)), 0);
  SameSpaceSite S;
  std::string Entry = pathFor(S.Info, 1);
  ASSERT_EQ(::symlink(Victim.c_str(), Entry.c_str()), 0);
  FakeBackend B;
  S.call(&B, 1);
  struct stat Status;
  ASSERT_EQ(::stat(Victim.c_str(), &Status), 0);
  EXPECT_EQ(Status.st_size, 0);
  ASSERT_EQ(::lstat(Entry.c_str(), &Status), 0);
  EXPECT_TRUE(S_ISREG(Status.st_mode));
}

} // namespace
} // namespace autotune
