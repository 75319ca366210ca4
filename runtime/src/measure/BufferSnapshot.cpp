// Snapshot and restore of the buffers that a tuning run may modify.
#include "measure/BufferSnapshot.h"

#include <cstdint>

namespace autotune {
namespace {

std::string textOf(const Buffer &B) { return B.Text ? B.Text : "?"; }

} // namespace

bool BufferSnapshot::covered(const Buffer &Candidate) const {
  auto Begin = reinterpret_cast<std::uintptr_t>(Candidate.Data);
  for (const Saved &S : Buffers) {
    auto SavedBegin = reinterpret_cast<std::uintptr_t>(S.Original.Data);
    if (Begin >= SavedBegin &&
        Begin + Candidate.Bytes <= SavedBegin + S.Original.Bytes)
      return true;
  }
  return false;
}

void BufferSnapshot::save(const Buffer &Original) {
  if (!Original.Data || !Original.Bytes || covered(Original))
    return;
  std::unique_ptr<CopyMemory> Copy = B.allocateLike(Original, Stream);
  if (!Copy) {
    Problem = "no memory to save '" + textOf(Original) + "' (" +
              std::to_string(Original.Bytes) + " bytes)";
    return;
  }
  CopyResult Copied =
      B.copy(Copy->data(), Original.Data, Original.Bytes, Stream);
  if (!Copied.ok()) {
    Problem = "cannot save '" + textOf(Original) + "': " + Copied.Error;
    return;
  }
  Buffers.push_back({Original, std::move(Copy)});
}

bool BufferSnapshot::take(const Buffer *Restore, unsigned RestoreCount,
                          const Buffer *Verify, unsigned VerifyCount) {
  for (unsigned I = 0; I < RestoreCount && Problem.empty(); ++I)
    save(Restore[I]);
  for (unsigned I = 0; I < VerifyCount && Problem.empty(); ++I)
    save(Verify[I]);
  if (Problem.empty())
    return true;
  Buffers.clear();
  return false;
}

bool BufferSnapshot::restore() {
  for (Saved &S : Buffers) {
    CopyResult Copied =
        B.copy(S.Original.Data, S.Copy->data(), S.Original.Bytes, Stream);
    if (!Copied.ok()) {
      Problem = "cannot restore '" + textOf(S.Original) + "': " + Copied.Error;
      return false;
    }
  }
  return true;
}

} // namespace autotune
