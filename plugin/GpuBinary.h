//===- GpuBinary.h - The device code a CUDA host job embeds ---------------===//
//
// A CUDA host job embeds the GPU binary of its translation unit (a fat
// binary: one cubin per architecture, and PTX). What the host job cannot see
// of the device side, the options of the device compiler ('-Xarch_device'),
// of ptxas ('-Xcuda-ptxas', '--maxrregcount') and of the toolkit, is in that
// binary's code; the site fingerprint reads it from there.
//
//===----------------------------------------------------------------------===//

#ifndef AUTOTUNE_PLUGIN_GPUBINARY_H
#define AUTOTUNE_PLUGIN_GPUBINARY_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace autotune {

/// The architectures of a CUDA fat binary ("sm_80 compute_80 sm_90 ..."),
/// sorted; empty when Data is not one.
std::string fatBinaryArchitectures(llvm::StringRef Data);

/// A hash of the device code of a CUDA fat binary: of each cubin, its
/// machine code, constants, resource attributes (registers, shared memory)
/// and relocations, not its debug information nor the tools' notes, so that
/// '-lineinfo' and '-g' keep a comment harmless. A cubin the fat binary
/// holds compressed (a '-G' build's) is hashed as it is stored; PTX counts
/// only where there is no cubin. Cuid, clang's id of the compile, is left
/// out of the names it is part of. None when Data is not a fat binary.
std::optional<uint64_t> fatBinaryCodeHash(llvm::StringRef Data,
                                          llvm::StringRef Cuid);

} // namespace autotune

#endif // AUTOTUNE_PLUGIN_GPUBINARY_H
