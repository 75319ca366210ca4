// Host memory as /proc/self/maps lists it: the bytes that may be copied from
// an address are those up to the end of its run of readable, writable pages.
#include "measure/HostPages.h"

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

namespace autotune {
namespace {

const char *const Maps =
    "561b18077000-561b18079000 r--p 00000000 fe:00 247134   /usr/bin/cat\n"
    "561b18082000-561b18083000 rw-p 0000a000 fe:00 247134   /usr/bin/cat\n"
    "561b4b845000-561b4b866000 rw-p 00000000 00:00 0        [heap]\n"
    "7fa7f8cda000-7fa7f8cfc000 rw-p 00000000 00:00 0\n"
    "7fa7f8cfc000-7fa7f8d00000 rw-p 00000000 00:00 0\n"
    "7fa7f8d00000-7fa7f8d01000 ---p 00000000 00:00 0\n"
    "not a mapping line\n"
    "7fa7f8d01000-7fa7f8d02000 r--p 00000000 00:00 0\n";

TEST(HostPagesTest, ParsesAddressesAndAccess) {
  std::vector<Mapping> M = parseMappings(Maps);
  ASSERT_EQ(M.size(), 7u);
  EXPECT_EQ(M[0].Begin, 0x561b18077000u);
  EXPECT_EQ(M[0].End, 0x561b18079000u);
  EXPECT_TRUE(M[0].Readable);
  EXPECT_FALSE(M[0].Writable);
  EXPECT_TRUE(M[2].Writable);
  EXPECT_FALSE(M[5].Readable);
}

TEST(HostPagesTest, BytesRunToTheEndOfTheMapping) {
  std::vector<Mapping> M = parseMappings(Maps);
  EXPECT_EQ(writableBytesFrom(M, 0x561b4b845000), 0x21000u);
  EXPECT_EQ(writableBytesFrom(M, 0x561b4b865ff0), 0x10u);
}

TEST(HostPagesTest, AdjacentWritableMappingsAreOneRange) {
  std::vector<Mapping> M = parseMappings(Maps);
  // Two rw mappings back to back, then an inaccessible guard page.
  EXPECT_EQ(writableBytesFrom(M, 0x7fa7f8cda000), 0x26000u);
}

TEST(HostPagesTest, ReadOnlyOrUnmappedAddressHasNoBytes) {
  std::vector<Mapping> M = parseMappings(Maps);
  EXPECT_EQ(writableBytesFrom(M, 0x561b18077010), 0u); // r--
  EXPECT_EQ(writableBytesFrom(M, 0x7fa7f8d00000), 0u); // ---
  EXPECT_EQ(writableBytesFrom(M, 0x1000), 0u);         // not mapped
  EXPECT_EQ(writableBytesFrom(M, 0x561b18079000), 0u); // end is exclusive
}

TEST(HostPagesTest, ThisProcessSeesItsOwnGuardPage) {
  long Page = ::sysconf(_SC_PAGESIZE);
  void *P = ::mmap(nullptr, 3 * Page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(P, MAP_FAILED);
  char *Bytes = static_cast<char *>(P);
  ASSERT_EQ(::mprotect(Bytes + 2 * Page, Page, PROT_NONE), 0);
  std::optional<std::size_t> FromStart = hostWritableBytesFrom(Bytes);
  std::optional<std::size_t> FromGuard =
      hostWritableBytesFrom(Bytes + 2 * Page);
  ::munmap(P, 3 * Page);
  ASSERT_TRUE(FromStart.has_value()) << "/proc/self/maps is not readable";
  EXPECT_EQ(*FromStart, std::size_t(2 * Page));
  EXPECT_EQ(FromGuard.value_or(1), 0u);
}

} // namespace
} // namespace autotune
