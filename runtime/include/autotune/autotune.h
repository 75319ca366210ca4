// The surface that code rewritten by the autotune plugin compiles against.
// Everything here is data the plugin emits (SiteInfo, Point), the helpers
// that build a call's arguments (restoreArgument, keyArgument, ...) or the one
// call a rewritten statement makes (Site::decided, whose winner it runs inline,
// else Site::run); decisions live in the library.
#ifndef AUTOTUNE_AUTOTUNE_H
#define AUTOTUNE_AUTOTUNE_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#if !defined(__AUTOTUNE_MANGLED_NAME__) && defined(__GXX_RTTI)
#include <typeinfo>
#endif

// CUDA's half and bfloat16, declared as cuda_fp16.h and cuda_bf16.h
// declare them, for ElementTraits below: numeric_limits does not describe
// them, and naming them here (not in a header that includes the toolkit's)
// classifies them in every file, whether a CUDA compiler or a host one
// (a PyTorch extension's .cpp) compiles it, and whatever the order of its
// includes.
struct __half;
struct __nv_bfloat16;

namespace autotune {

// How a statement is timed; decided by the plugin from the statement's form.
enum class Form : unsigned char {
  Launch, // k<<<grid, block[, smem[, stream]]>>>(args);  CUDA events
  Stream, // any statement with stream(expr);              CUDA events
  Host,   // any other statement;                          host steady clock
};

// When a site is tuned: on its first call, which runs every point and
// waits for them (the default), or online, over its calls, each of which
// runs one point and none waits (mode(online); docs/user-guide.md).
enum class TuningMode : unsigned char { Blocking, Online };

// Compile-time facts about one `#pragma autotune` site, emitted by the plugin
// as a constant. Points are stored row-major: Points[I * NumParams + P].
struct SiteInfo {
  const char *Name; // name("id") or "file:callee"; "#N" for the Nth of a name
  const char *File; // presumed file of the pragma
  unsigned Line;    // line of the pragma
  const char *PragmaText;    // the clauses, normalised
  const char *StatementText; // the statement, as written
  std::uint64_t Fingerprint; // code, clauses, points, compile options
  const char *const *ParamNames;
  unsigned NumParams;
  const long long *Points;
  unsigned NumPoints;
  unsigned DefaultPoint; // index into Points
  unsigned Budget;       // 0: measure every point
  Form StatementForm;
  // __PRETTY_FUNCTION__ of the enclosing function, for people: a site in a
  // template has one Site object per instantiation, but this text does not
  // always tell them apart (clang's leaves out the arguments of the
  // templates around a lambda); Context does.
  const char *Function = "";
  // detail::siteContext<a class local to the site>: part of the site's
  // identity (docs/cache.md); null: Function alone.
  const char *(*Context)() = nullptr;
  // Per key(...) value, whether its type is unsigned (KeyValues::Unsigned);
  // null: every value is printed as signed.
  const bool *KeyUnsigned = nullptr;
  TuningMode Mode = TuningMode::Blocking; // mode(...); AUTOTUNE_MODE overrides
  // measure(time = S): seconds of timed runs a tuning may take; 0: not set.
  double TimeLimit = 0;
  // min_gain(F): the fraction by which a point must beat the default
  // point; negative: not set.
  double MinGain = -1;
  bool ColdL2 = false; // measure(cold_l2): time every run with a cold L2
};

// How a buffer's elements are compared by verify(...).
enum class ElementKind : unsigned char {
  Bytes,    // compared bytewise
  Integer,  // compared exactly
  Float16,  // IEEE half, within verify's rtol and atol
  BFloat16, // bfloat16, likewise
  Float32,
  Float64,
};

namespace detail {
// The floating-point kind std::numeric_limits<T> describes: a binary
// format of T's size whose digits and largest exponent are IEEE half's,
// bfloat16's, float's or double's. A class type that stands for such a
// number specialises numeric_limits in the header that defines it (as
// PyTorch's c10::Half and c10::BFloat16 do), so wherever the type is
// complete this gives the same answer, whatever the order of includes.
// One return statement: the header also compiles as C++11, where the
// error that says autotune needs C++17 must be the only one.
template <class T, class Limits = std::numeric_limits<T>>
constexpr ElementKind floatingKind() {
  return !Limits::is_specialized || Limits::is_integer || Limits::radix != 2
             ? ElementKind::Bytes
         : sizeof(T) == 2 && Limits::digits == 11 && Limits::max_exponent == 16
             ? ElementKind::Float16
         : sizeof(T) == 2 && Limits::digits == 8 && Limits::max_exponent == 128
             ? ElementKind::BFloat16
         : sizeof(T) == 4 && Limits::digits == 24 && Limits::max_exponent == 128
             ? ElementKind::Float32
         : sizeof(T) == 8 && Limits::digits == 53 &&
                 Limits::max_exponent == 1024
             ? ElementKind::Float64
             : ElementKind::Bytes;
}
} // namespace detail

// How verify(...) compares a buffer of T: integers and enums exactly,
// floating-point numbers (float, double, and the 2-byte types above) by
// value within the tolerance, anything else bytewise. Specialise it for an
// element type of your own that numeric_limits does not describe.
template <class T, class = void> struct ElementTraits {
  static constexpr ElementKind Kind =
      (std::is_integral<T>::value || std::is_enum<T>::value)
          ? ElementKind::Integer
          : detail::floatingKind<T>();
};
template <> struct ElementTraits<::__half> {
  static constexpr ElementKind Kind = ElementKind::Float16;
};
template <> struct ElementTraits<::__nv_bfloat16> {
  static constexpr ElementKind Kind = ElementKind::BFloat16;
};

// A buffer named in restore(...) or verify(...). Host or device memory; the
// library asks the backend which, and checks the range against its memory
// before it copies anything.
struct Buffer {
  void *Data;
  std::size_t Bytes; // Count * ElementSize; 0 when Count is not positive
  std::size_t ElementSize;
  ElementKind Kind;
  const char *Text; // the clause's spelling, for messages
  long long Count;  // the count as the program computed it, sign included
};

namespace detail {
// Count * Size, or the largest size_t where that does not fit: a range that
// large cannot lie in any allocation, and the library says so.
inline std::size_t bufferBytes(long long Count, std::size_t Size) {
  if (Count <= 0)
    return 0;
  auto Elements = static_cast<unsigned long long>(Count);
  return Elements > static_cast<std::size_t>(-1) / Size
             ? static_cast<std::size_t>(-1)
             : static_cast<std::size_t>(Elements) * Size;
}
} // namespace detail

template <class T>
Buffer restoreBuffer(T *Ptr, long long Count, const char *Text) {
  static_assert(!std::is_const<T>::value,
                "autotune: a restore(...) buffer must be writable");
  return {static_cast<void *>(Ptr),
          detail::bufferBytes(Count, sizeof(T)),
          sizeof(T),
          ElementTraits<T>::Kind,
          Text,
          Count};
}

template <class T>
Buffer verifyBuffer(T *Ptr, long long Count, const char *Text) {
  return {const_cast<void *>(static_cast<const void *>(Ptr)),
          detail::bufferBytes(Count, sizeof(T)),
          sizeof(T),
          ElementTraits<typename std::remove_cv<T>::type>::Kind,
          Text,
          Count};
}

namespace detail {
// clang's _BitInt(N) in C++: an integer type that std::is_integral does not
// name.
template <class T> constexpr bool isExtendedInteger() {
#if defined(__clang__)
  return __is_integral(T) && !std::is_integral<T>::value;
#else
  return false;
#endif
}

// Whether a key of type T is printed as unsigned: its type (an enum's
// underlying type) cannot hold -1. False for what is not a key.
template <class T,
          bool Integer = std::is_integral<T>::value || isExtendedInteger<T>()>
struct KeyIsUnsigned : std::integral_constant<bool, false> {};
template <class T>
struct KeyIsUnsigned<T, true> : std::integral_constant<bool, !(T(-1) < T(0))> {
};
template <class T, bool = std::is_enum<T>::value>
struct KeyTypeIsUnsigned : KeyIsUnsigned<T> {};
template <class T>
struct KeyTypeIsUnsigned<T, true>
    : KeyIsUnsigned<typename std::underlying_type<T>::type> {};
} // namespace detail

// What a rewritten statement makes of restore(p[n]) and verify(p[n]): the
// buffer, and whether p and n are of the right types, which the statement
// asserts (static_assert) at the user's p and n, so that a wrong type is one
// error there, in the clause's words. A buffer of the wrong types is empty.
template <class P, class C> struct BufferArgument {
  using Element = typename std::remove_pointer<P>::type;
  static constexpr bool IsPointer =
      std::is_pointer<P>::value && std::is_object<Element>::value;
  static constexpr bool IsWritable =
      !IsPointer || !std::is_const<Element>::value;
  static constexpr bool CountIsInteger =
      std::is_integral<C>::value || detail::isExtendedInteger<C>() ||
      (std::is_enum<C>::value && std::is_convertible<C, long long>::value);
  Buffer Value;
};

template <class P, class C>
BufferArgument<P, C> restoreArgument(P Ptr, C Count, const char *Text) {
  using Argument = BufferArgument<P, C>;
  if constexpr (Argument::IsPointer && Argument::IsWritable &&
                Argument::CountIsInteger)
    return {restoreBuffer(Ptr, static_cast<long long>(Count), Text)};
  else
    return {Buffer{}};
}

template <class P, class C>
BufferArgument<P, C> verifyArgument(P Ptr, C Count, const char *Text) {
  using Argument = BufferArgument<P, C>;
  if constexpr (Argument::IsPointer && Argument::CountIsInteger)
    return {verifyBuffer(Ptr, static_cast<long long>(Count), Text)};
  else
    return {Buffer{}};
}

// One key(...) value, held exactly in 64 bits (an unsigned value above
// INT64_MAX keeps its bits), with the type it came from: integral or enum,
// of at most 64 bits (a wider type is refused rather than cut: 2^64 + 5
// would share the key of 5).
template <class T> struct KeyValue {
  static constexpr bool IsKey = std::is_integral<T>::value ||
                                std::is_enum<T>::value ||
                                detail::isExtendedInteger<T>();
  // Said of keys only: a struct of 16 bytes is one error, the first.
  static constexpr bool Fits = !IsKey || sizeof(T) <= sizeof(long long);
  long long Value;
  constexpr operator long long() const { return Value; }
};

// A key(...) value as a rewritten statement computes it; the statement
// asserts IsKey and Fits at the user's expression (a value of another type
// is 0 here, and one error there, in the clause's words).
template <class T> KeyValue<T> keyArgument(T Value) {
  if constexpr (KeyValue<T>::IsKey && KeyValue<T>::Fits)
    return {static_cast<long long>(Value)};
  else
    return {0};
}

// A key value given to the library (chosenPoint, tuneNow).
template <class T> KeyValue<T> keyValue(T Value) {
  static_assert(KeyValue<T>::IsKey,
                "autotune: a key value must be of integral or enum type");
  static_assert(KeyValue<T>::Fits,
                "autotune: a key value must fit in 64 bits: convert it to a "
                "64-bit type, or split it into two keys");
  return keyArgument(Value);
}

// The values of a site's key(...) as the rewritten statement passes them:
// one 64-bit word each, and for each whether its type is unsigned (a
// constant of the site, which SiteInfo::KeyUnsigned points to, so that
// 2^64 - 1 is printed as such, not as -1).
template <bool... IsUnsigned> struct KeyValues {
  long long Values[sizeof...(IsUnsigned)];
  static constexpr bool Unsigned[sizeof...(IsUnsigned)] = {IsUnsigned...};
};

template <class... T>
KeyValues<detail::KeyTypeIsUnsigned<T>::value...>
keyValues(KeyValue<T>... Value) {
  return {{Value.Value...}};
}

namespace detail {
// A name for the code around a site that differs between every
// instantiation of every template that encloses it (a lambda or a local
// class in a function template, a generic lambda, a lambda in a variable
// template): Here is a class local to the site, and its mangled name holds
// them all. __PRETTY_FUNCTION__ does not: clang's leaves out the arguments
// of the templates around a lambda or local class. With the plugin, the
// mangled name of this function (the plugin makes __autotune_mangled_name
// clang's __FUNCDNAME__ and defines __AUTOTUNE_MANGLED_NAME__); else, where
// there is RTTI, the type's name; else __PRETTY_FUNCTION__, in which GCC
// (nvcc's host compiler) names Here with its enclosing functions' template
// arguments, though not a generic lambda's own (docs/cache.md, "The site's
// context").
template <class Here> const char *siteContext() {
#if defined(__AUTOTUNE_MANGLED_NAME__)
  return __autotune_mangled_name;
#elif defined(__GXX_RTTI)
  return typeid(Here).name();
#else
  return __PRETTY_FUNCTION__;
#endif
}
} // namespace detail

// stream(...) and a launch's fourth configuration argument: a cudaStream_t,
// 0 / nullptr for the default stream, or an object that converts to a
// cudaStream_t, as a launch takes it (PyTorch's c10::cuda::CUDAStream, what
// at::cuda::getCurrentCUDAStream() returns). Kept as void* so that this
// header needs no CUDA header.
template <class T> struct StreamArgument {
  static constexpr bool IsStream =
      std::is_pointer<T>::value || std::is_null_pointer<T>::value ||
      std::is_integral<T>::value ||
      (std::is_class<T>::value && std::is_convertible<T, const void *>::value);
  void *Handle;
};

// The handle of a stream; null for a value of another type, which the
// launch itself refuses, and a stream(...) clause asserts at the user's
// expression (streamArgument).
template <class T> void *streamHandle(T Stream) {
  if constexpr (std::is_pointer<T>::value)
    return const_cast<void *>(static_cast<const void *>(Stream));
  else if constexpr (std::is_class<T>::value &&
                     std::is_convertible<T, const void *>::value)
    return const_cast<void *>(static_cast<const void *>(Stream));
  else if constexpr (std::is_integral<T>::value)
    return reinterpret_cast<void *>(static_cast<std::uintptr_t>(Stream));
  else
    return nullptr;
}

template <class T> StreamArgument<T> streamArgument(T Stream) {
  return {streamHandle(Stream)};
}

class Backend;
// The CUDA event backend, defined in the autotune_cuda library. Rewritten
// launch and stream(...) statements name it; host statements never do.
Backend *cudaBackend();

// One point of the space as a type, so that the statement can be compiled
// once per point by a single generic lambda.
template <long long... V> struct Point {
  static constexpr long long Values[sizeof...(V)] = {V...};
};

using VariantFn = void (*)(void *Closure);
using DispatchFn = void (*)(void *Closure, unsigned I);

namespace detail {
// Whether a variant's statement compiled: one that does not was reported
// there, at the user's tokens, and is not again in invokeVariant.
template <class F, class P, class = void>
struct Compiles : std::integral_constant<bool, false> {};
template <class F, class P>
struct Compiles<F, P, decltype(std::declval<F &>()(P{}), void())>
    : std::integral_constant<bool, true> {};
template <class F, class P> void invokeVariant(void *Closure) {
  if constexpr (Compiles<F, P>::value)
    (*static_cast<F *>(Closure))(P{});
}
// Spaces of up to this many points run their variants through one function
// (VariantSwitch): a function per point cost nvcc's host compiler (gcc 12,
// -O2) 5 to 8 ms each (nvcc -c of a 134-point project: 7.66 s with one per
// point, 6.55 s with one per site, 5.31 s written by hand), while one
// function inlining thousands of variants multiplies its compile time and
// memory. The plugin's call-site switch has the same bound
// (InlineSwitchPoints, plugin/Rewrite.h).
constexpr unsigned SwitchedPoints = 64;
template <class F, class... P> struct VariantSwitch {
  static void dispatch(void *Closure, unsigned I) {
    [[maybe_unused]] unsigned K = 0;
    (void)((K++ == I && (invokeVariant<F, P>(Closure), true)) || ...);
  }
};
template <class F, class... P> struct VariantTable {
  static constexpr VariantFn Fns[sizeof...(P)] = {&invokeVariant<F, P>...};
};
} // namespace detail

// The compiled variants of one site: run(I) runs variant I, through Dispatch
// (up to detail::SwitchedPoints points) or else the table Fns.
struct Variants {
  const VariantFn *Fns;
  void *Closure;
  unsigned Count;
  DispatchFn Dispatch;

  void run(unsigned I) const {
    if (Fns)
      Fns[I](Closure);
    else
      Dispatch(Closure, I);
  }
};

template <class... P, class F> Variants variants(F &Closure) {
  if constexpr (sizeof...(P) <= detail::SwitchedPoints)
    return {nullptr, static_cast<void *>(&Closure),
            static_cast<unsigned>(sizeof...(P)),
            &detail::VariantSwitch<F, P...>::dispatch};
  else
    return {detail::VariantTable<F, P...>::Fns, static_cast<void *>(&Closure),
            static_cast<unsigned>(sizeof...(P)), nullptr};
}

// What one execution of the statement brings besides its variants.
struct CallArgs {
  const long long *Key = nullptr;
  unsigned KeyCount = 0;
  void *Stream = nullptr;           // Launch and Stream forms
  Backend *TimingBackend = nullptr; // null: host steady clock
  const Buffer *Restore = nullptr;
  unsigned RestoreCount = 0;
  const Buffer *Verify = nullptr;
  unsigned VerifyCount = 0;
  // verify(...)'s rtol and atol, for its floating-point buffers; negative:
  // the element type's default (docs/pragma.md, "verify").
  double RelTolerance = -1, AbsTolerance = -1;
};

struct SiteState; // the library's per-site tables

namespace detail {
// A decided (device model, key) of a site, as the library keeps it. A site
// remembers one that a call through the library found, and rewritten code
// compares its call with it before it calls into the library: a match
// branches to the winner inline (Site::decided). The library never frees
// one (not even at exit), and only remembers one where every device the
// site can run on is one model, so the current device need not be asked.
struct alignas(64) DecidedEntry {
  // The chosen point, or negative while none is decided (and after a test
  // forgets every result).
  std::atomic<int> Winner{-1};
  unsigned KeyCount = 0;
  const long long *Key = nullptr; // InlineKey, or the library's copy
  // The restore(...)/verify(...) counts of the call the winner was tuned
  // on, in that order; none: not compared.
  const long long *Counts = nullptr;
  unsigned CountCount = 0;
  // A key of up to three values is kept here, in the entry's cache line.
  long long InlineKey[3] = {};

  bool matchesKey(const long long *OtherKey, unsigned OtherCount) const {
    if (KeyCount != OtherCount)
      return false;
    for (unsigned I = 0; I < OtherCount; ++I)
      if (Key[I] != OtherKey[I])
        return false;
    return true;
  }

  // Whether a call's restore(...)/verify(...) counts are those the winner
  // was tuned on (always, when they are not known).
  bool matchesCounts(const CallArgs &Args) const {
    if (CountCount == 0)
      return true;
    if (CountCount != Args.RestoreCount + Args.VerifyCount)
      return false;
    for (unsigned I = 0; I < Args.RestoreCount; ++I)
      if (Args.Restore[I].Count != Counts[I])
        return false;
    for (unsigned I = 0; I < Args.VerifyCount; ++I)
      if (Args.Verify[I].Count != Counts[Args.RestoreCount + I])
        return false;
    return true;
  }
};
} // namespace detail

// One `#pragma autotune` site. The plugin emits one with static storage per
// site; its first run() registers it.
class Site {
public:
  // constexpr: the plugin's static Site is initialised at compile time, so
  // a call checks no initialisation guard.
  constexpr explicit Site(const SiteInfo &Description) : Info(Description) {}
  Site(const Site &) = delete;
  Site &operator=(const Site &) = delete;

  // The winner of the call, when it is the key (and counts) of the decided
  // entry the site remembers (one that a call through run() found); -1
  // otherwise, and then the call goes through run(). Rewritten code branches on
  // it to the winner's variant directly, in a switch over the points (beyond
  // 64, through Variants::run): no call into the library (docs/runtime.md,
  // "The hot path").
  int decided(const CallArgs &Args) const {
    const detail::DecidedEntry *E = LastDecided.load(std::memory_order_acquire);
    if (!E || !E->matchesKey(Args.Key, Args.KeyCount) ||
        !E->matchesCounts(Args))
      return -1;
    int Winner = E->Winner.load(std::memory_order_relaxed);
    return Winner < 0 ? -1 : Winner;
  }

  // Runs the statement once: the chosen variant for (device, key), tuning
  // first if no choice has been made yet.
  void run(const Variants &V, const CallArgs &Args);

  const SiteInfo &info() const { return Info; }

private:
  const SiteInfo &Info;
  std::atomic<SiteState *> State{nullptr};
  std::atomic<const detail::DecidedEntry *> LastDecided{nullptr};
  friend struct SiteState;
};

} // namespace autotune

// Not the toolkit's half and bfloat16 headers (autotune/cuda.h): they cost
// nvcc 0.5 s in each translation unit, as much as a small file's whole
// compile (docs/performance.md, "Build cost"), and __half needs none here.

#endif // AUTOTUNE_AUTOTUNE_H
