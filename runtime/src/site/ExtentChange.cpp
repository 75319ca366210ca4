// The extents a result was tuned on, and the warning for a later call whose
// extents differ.
#include "site/ExtentChange.h"
#include "measure/BufferExtents.h"
#include "support/TextFormat.h"

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

} // namespace

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
  std::string Text =
      "warning: " + Site + ": '" + Extents[I].Clause + "' covers " +
      plural(Extents[I].Count, "element", "elements") + " in this call but " +
      plural(Tuned[I], "element", "elements") +
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
