// Snapshot and restore of the buffers that a tuning run may modify.
#include "BufferSnapshot.h"

#include <cstdint>

namespace autotune {

BufferSnapshot::~BufferSnapshot() {
  for (Saved &S : Buffers)
    B.release(S.Copy, Stream);
}

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
  void *Copy = B.allocateLike(Original, Stream);
  if (!Copy) {
    Problem = std::string("no memory to save '") +
              (Original.Text ? Original.Text : "?") + "' (" +
              std::to_string(Original.Bytes) + " bytes)";
    return;
  }
  B.copy(Copy, Original.Data, Original.Bytes, Stream);
  Buffers.push_back({Original, Copy});
}

bool BufferSnapshot::take(const Buffer *Restore, unsigned RestoreCount,
                          const Buffer *Verify, unsigned VerifyCount) {
  for (unsigned I = 0; I < RestoreCount && Problem.empty(); ++I)
    save(Restore[I]);
  for (unsigned I = 0; I < VerifyCount && Problem.empty(); ++I)
    save(Verify[I]);
  if (Problem.empty())
    return true;
  for (Saved &S : Buffers)
    B.release(S.Copy, Stream);
  Buffers.clear();
  return false;
}

void BufferSnapshot::restore() {
  for (Saved &S : Buffers)
    B.copy(S.Original.Data, S.Copy, S.Original.Bytes, Stream);
}

} // namespace autotune
