// Checks of restore(...)/verify(...) extents. The messages name the clause as
// the user wrote it; the site, key and device are added by the caller.
#include "BufferExtents.h"

namespace autotune {
namespace {

std::string countOf(const char *Text) {
  // "c[n * n * sizeof(float)]" -> "n * n * sizeof(float)": the last
  // top-level [...] closes the clause, as the plugin reads it.
  std::string S = Text ? Text : "";
  if (S.empty() || S.back() != ']')
    return std::string();
  int Depth = 0;
  for (std::size_t I = S.size(); I-- > 0;) {
    if (S[I] == ']')
      ++Depth;
    else if (S[I] == '[' && --Depth == 0)
      return S.substr(I + 1, S.size() - I - 2);
  }
  return std::string();
}

std::string quotedClause(const Buffer &B, bool IsRestore) {
  return "'" + bufferClause(B, IsRestore) + "'";
}

std::string elements(long long Count) {
  return std::to_string(Count) + (Count == 1 ? " element" : " elements");
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
                      " bytes (" + elements(B.Count) + " of " +
                      std::to_string(B.ElementSize) + " bytes)";
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

std::vector<BufferExtent> bufferExtents(const CallArgs &Args) {
  std::vector<BufferExtent> Extents;
  for (unsigned I = 0; I < Args.RestoreCount; ++I)
    Extents.push_back(
        {bufferClause(Args.Restore[I], true), Args.Restore[I].Count});
  for (unsigned I = 0; I < Args.VerifyCount; ++I)
    Extents.push_back(
        {bufferClause(Args.Verify[I], false), Args.Verify[I].Count});
  return Extents;
}

std::string describeExtentChange(const std::string &Site,
                                 const std::vector<long long> &Tuned,
                                 const CallArgs &Now) {
  std::vector<BufferExtent> Extents = bufferExtents(Now);
  std::size_t I = 0;
  while (I < Extents.size() && I < Tuned.size() && Extents[I].Count == Tuned[I])
    ++I;
  if (I == Extents.size() || I == Tuned.size())
    return std::string();
  const Buffer &B =
      I < Now.RestoreCount ? Now.Restore[I] : Now.Verify[I - Now.RestoreCount];
  std::string Text = "warning: " + Site + ": '" + Extents[I].Clause +
                     "' covers " + elements(Extents[I].Count) +
                     " in this call but " + elements(Tuned[I]) +
                     " in the call it was tuned on; every call ";
  Text += Now.KeyCount ? "with this key" : "of the site";
  Text += " runs the winner measured for that size";
  std::string Count = countOf(B.Text);
  if (Count.empty())
    return Text + " (add what decides the size to 'key(...)' to tune each "
                  "size)";
  if (Now.KeyCount)
    return Text + " (add '" + Count + "' to its 'key(...)' to tune each size)";
  return Text + " (add 'key(" + Count + ")' to tune each size)";
}

} // namespace autotune
