// Text from outside (site names, cache-file fields, environment values) is
// printed with its control characters escaped, in the log as in the tool.
#include "TestSupport.h"
#include "support/TextFormat.h"

namespace autotune {
namespace {

TEST(CachePrintableTest, ControlCharactersAreEscaped) {
  EXPECT_EQ(printable(std::string("a\x1b[31m\n\r\t\x07\x7f", 11) +
                      std::string(1, '\0') + "\\"),
            "a\\e[31m\\n\\r\\t\\x07\\x7f\\x00\\\\");
  EXPECT_EQ(printable("csi\xc2\x9b"), "csi\\u009b");
}

TEST(CachePrintableTest, BytesThatAreNotUtf8AreEscaped) {
  // A lone 0x9b is CSI on a terminal in an 8-bit (Latin-1) mode.
  EXPECT_EQ(printable("csi\x9b"
                      "31m"),
            "csi\\x9b31m");
  EXPECT_EQ(printable("cut \xe2\x82"), "cut \\xe2\\x82");
  EXPECT_EQ(printable("overlong \xc0\xaf"), "overlong \\xc0\\xaf");
  EXPECT_EQ(printable("surrogate \xed\xa0\x80"), "surrogate \\xed\\xa0\\x80");
  EXPECT_EQ(printable("max \xf4\x8f\xbf\xbf past \xf4\x90\x80\x80"),
            "max \xf4\x8f\xbf\xbf past \\xf4\\x90\\x80\\x80");
}

TEST(CachePrintableTest, OtherTextIsKept) {
  EXPECT_EQ(printable("blur.cpp:12 \xe2\x82\xac \xc3\xa9 [T = float]"),
            "blur.cpp:12 \xe2\x82\xac \xc3\xa9 [T = float]");
}

using CachePrintableLogTest = RuntimeTest;

TEST_F(CachePrintableLogTest, LogLineCannotBeBrokenFromOutside) {
  logLine(std::string("site \x1b]0;title\x07\nforged line"));
  std::vector<std::string> Lines = logLines();
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0], "autotune: site \\e]0;title\\x07\\nforged line");
}

} // namespace
} // namespace autotune
