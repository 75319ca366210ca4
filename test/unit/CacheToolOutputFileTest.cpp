// autotune-cache's output file (--output F): a regular file is replaced as a
// whole, through a temporary file; what is not one (a device, a FIFO, a
// link to a pipe) is written in place and stays what it was; a link stays a
// link; '-' is standard output.
#include "OutputFile.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

class OutputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Template[] = "/tmp/autotune-output-XXXXXX";
    ASSERT_NE(::mkdtemp(Template), nullptr);
    Dir = Template;
  }
  void TearDown() override {
    std::string Command = "rm -rf '" + Dir + "'";
    ASSERT_EQ(std::system(Command.c_str()), 0);
  }
  std::string path(const std::string &Name) const { return Dir + "/" + Name; }
  static std::string contents(const std::string &Path) {
    std::ifstream In(Path);
    std::ostringstream Text;
    Text << In.rdbuf();
    return Text.str();
  }
  static mode_t kind(const std::string &Path) {
    struct stat Info;
    EXPECT_EQ(::lstat(Path.c_str(), &Info), 0) << Path;
    return Info.st_mode & S_IFMT;
  }
  std::string Dir;
};

TEST_F(OutputFileTest, RegularFileIsReplaced) {
  std::string Problem;
  ASSERT_TRUE(writeOutputFile(path("new.svg"), "one", Problem)) << Problem;
  ASSERT_TRUE(writeOutputFile(path("new.svg"), "two", Problem)) << Problem;
  EXPECT_EQ(contents(path("new.svg")), "two");
  EXPECT_EQ(kind(path("new.svg")), static_cast<mode_t>(S_IFREG));
}

TEST_F(OutputFileTest, LinkToAFileStaysALink) {
  std::ofstream(path("target.svg")) << "old";
  ASSERT_EQ(::symlink("target.svg", path("link.svg").c_str()), 0);
  std::string Problem;
  ASSERT_TRUE(writeOutputFile(path("link.svg"), "new", Problem)) << Problem;
  EXPECT_EQ(kind(path("link.svg")), static_cast<mode_t>(S_IFLNK));
  EXPECT_EQ(contents(path("target.svg")), "new");
}

TEST_F(OutputFileTest, LinkToACharacterDeviceIsWrittenInPlace) {
  ASSERT_EQ(::symlink("/dev/null", path("null.svg").c_str()), 0);
  std::string Problem;
  ASSERT_TRUE(writeOutputFile(path("null.svg"), "gone", Problem)) << Problem;
  EXPECT_EQ(kind(path("null.svg")), static_cast<mode_t>(S_IFLNK));
  EXPECT_EQ(kind("/dev/null"), static_cast<mode_t>(S_IFCHR));
}

TEST_F(OutputFileTest, FifoIsWrittenInPlace) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  std::string Read;
  std::thread Reader([&] { Read = contents(path("fifo")); });
  std::string Problem;
  EXPECT_TRUE(writeOutputFile(path("fifo"), "through", Problem)) << Problem;
  Reader.join();
  EXPECT_EQ(Read, "through");
  EXPECT_EQ(kind(path("fifo")), static_cast<mode_t>(S_IFIFO));
}

TEST_F(OutputFileTest, ProcLinkToAPipeIsWrittenInPlace) {
  int Pipe[2];
  ASSERT_EQ(::pipe(Pipe), 0);
  std::string Problem;
  EXPECT_TRUE(writeOutputFile("/proc/self/fd/" + std::to_string(Pipe[1]),
                              "piped", Problem))
      << Problem;
  ::close(Pipe[1]);
  char Buffer[16] = {};
  EXPECT_EQ(::read(Pipe[0], Buffer, sizeof Buffer - 1), 5);
  EXPECT_EQ(std::string(Buffer), "piped");
  ::close(Pipe[0]);
}

TEST_F(OutputFileTest, DirectoryIsRefused) {
  std::string Problem;
  EXPECT_FALSE(writeOutputFile(Dir, "x", Problem));
  EXPECT_EQ(Problem, "cannot write " + Dir + ": it is a directory");
  EXPECT_EQ(kind(Dir), static_cast<mode_t>(S_IFDIR));
}

TEST_F(OutputFileTest, DashIsStandardOutput) {
  std::string Problem;
  testing::internal::CaptureStdout();
  bool Written = writeOutputFile("-", "to stdout", Problem);
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "to stdout");
  EXPECT_TRUE(Written) << Problem;
}

} // namespace
} // namespace autotune
