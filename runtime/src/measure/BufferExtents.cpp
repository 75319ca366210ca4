// Checks of restore(...)/verify(...) extents against their memory. The
// messages name the clause as the user wrote it; the site, key and device
// are added by the caller.
#include "measure/BufferExtents.h"
#include "support/TextFormat.h"

namespace autotune {
namespace {

std::string quotedClause(const Buffer &B, bool IsRestore) {
  return "'" + bufferClause(B, IsRestore) + "'";
}

std::string checkOne(Backend &Back, const Buffer &B, bool IsRestore) {
  std::string Clause = quotedClause(B, IsRestore);
  if (B.Count < 0)
    return Clause + " has a negative count (" + std::to_string(B.Count) + ")";
  if (B.Count == 0)
    return Clause + " has a count of 0, so nothing would be " +
           (IsRestore ? "restored" : "compared");
  if (!B.Data)
    return Clause + " names a null pointer";
  MemoryExtent Memory = Back.memoryAt(B.Data);
  std::string Asked = Clause + " asks for " + std::to_string(B.Bytes) +
                      " bytes (" + plural(B.Count, "element", "elements") +
                      " of " + std::to_string(B.ElementSize) + " bytes)";
  switch (Memory.Where) {
  case MemoryExtent::Kind::Unknown:
    return std::string();
  case MemoryExtent::Kind::Device: {
    if (B.Bytes <= Memory.BytesFrom)
      return std::string();
    std::string Text = Asked + ", but its device allocation has " +
                       std::to_string(Memory.AllocationBytes) + " bytes";
    if (Memory.AllocationBase != B.Data)
      Text +=
          " (" + std::to_string(Memory.BytesFrom) + " from the buffer's start)";
    return Text;
  }
  case MemoryExtent::Kind::Host:
    if (Memory.BytesFrom == 0)
      return Clause + " does not point into writable host memory";
    if (B.Bytes <= Memory.BytesFrom)
      return std::string();
    return Asked + ", but only " + std::to_string(Memory.BytesFrom) +
           " bytes of writable host memory follow its start";
  }
  return std::string();
}

} // namespace

std::string bufferClause(const Buffer &B, bool IsRestore) {
  return std::string(IsRestore ? "restore(" : "verify(") +
         (B.Text ? B.Text : "?") + ")";
}

std::string checkBufferExtents(Backend &B, const CallArgs &Args) {
  for (unsigned I = 0; I < Args.RestoreCount; ++I) {
    std::string Problem = checkOne(B, Args.Restore[I], true);
    if (!Problem.empty())
      return Problem;
  }
  for (unsigned I = 0; I < Args.VerifyCount; ++I) {
    std::string Problem = checkOne(B, Args.Verify[I], false);
    if (!Problem.empty())
      return Problem;
  }
  return std::string();
}

} // namespace autotune
