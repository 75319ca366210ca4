// An NVTX tool of our own, for the GPU test ProfilerRangesNameTunings: NVTX 3
// loads the library NVTX_INJECTION64_PATH names (as Nsight Systems is
// loaded) and asks it for its functions. This one prints every range push
// and pop to stderr, with the depth of the thread's range stack:
//   nvtx: push 0 autotune ranges key=(1) device=...
//   nvtx: push 1 US=100
//   nvtx: pop 1
// Built as a shared library by scripts/build-gpu-tests.
#include <nvtx3/nvToolsExt.h>

#include <cstdio>

namespace {

thread_local int Depth = 0;

int push(const char *Message) {
  std::fprintf(stderr, "nvtx: push %d %s\n", Depth, Message ? Message : "");
  return Depth++;
}

int pop() {
  if (Depth > 0)
    --Depth;
  std::fprintf(stderr, "nvtx: pop %d\n", Depth);
  return Depth;
}

} // namespace

extern "C" int InitializeInjectionNvtx2(NvtxGetExportTableFunc_t GetTable) {
  auto *Callbacks = static_cast<const NvtxExportTableCallbacks *>(
      GetTable(NVTX_ETID_CALLBACKS));
  NvtxFunctionTable Core = nullptr;
  unsigned Size = 0;
  if (!Callbacks ||
      !Callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &Core, &Size) ||
      Size <= NVTX_CBID_CORE_RangePop)
    return 0;
  *Core[NVTX_CBID_CORE_RangePushA] =
      reinterpret_cast<NvtxFunctionPointer>(push);
  *Core[NVTX_CBID_CORE_RangePop] = reinterpret_cast<NvtxFunctionPointer>(pop);
  return 1;
}
