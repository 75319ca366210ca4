// The saved content of the buffers a tuning may modify (restore(...), and
// verify(...) outputs), put back before every run so that each variant starts
// from what the program left and the program observes exactly one run.
#ifndef AUTOTUNE_SRC_BUFFERSNAPSHOT_H
#define AUTOTUNE_SRC_BUFFERSNAPSHOT_H

#include "measure/Backend.h"

#include <memory>
#include <string>
#include <vector>

namespace autotune {

class BufferSnapshot {
public:
  BufferSnapshot(Backend &B, void *Stream) : B(B), Stream(Stream) {}

  // Saves Restore and those Verify buffers that no restore buffer already
  // covers. False (with Problem set) when the backend has no memory for a
  // copy or the copy fails; nothing is saved then.
  bool take(const Buffer *Restore, unsigned RestoreCount, const Buffer *Verify,
            unsigned VerifyCount);
  // Puts every saved buffer back. False (with Problem set) when a copy
  // fails: that buffer is not as the program left it.
  bool restore();

  const std::string &problem() const { return Problem; }
  // Whether nothing was saved: restore() copies nothing.
  bool empty() const { return Buffers.empty(); }

private:
  struct Saved {
    Buffer Original;
    std::unique_ptr<CopyMemory> Copy;
  };
  void save(const Buffer &Original);
  bool covered(const Buffer &Candidate) const;

  Backend &B;
  void *Stream;
  std::vector<Saved> Buffers;
  std::string Problem;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_BUFFERSNAPSHOT_H
