// Site labels (SiteLabel.h).
#include "support/SiteLabel.h"
#include "support/TextFormat.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>

namespace autotune {
namespace {

// The templates around a site in a lambda or local class, as its context
// names them: "outer<int>" for a lambda in outer<int>(), "C<char>::m<3>" for
// one in that member; empty for a site directly in a function (whose
// __PRETTY_FUNCTION__ names its arguments), and where the context names no
// template arguments or cannot be read.
std::string contextTemplates(const std::string &Context) {
  if (Context.empty())
    return std::string();
  int Status = 0;
  // The plugin's context is a function's mangled name, RTTI's a type's.
  char *Demangled =
      abi::__cxa_demangle(Context.c_str(), nullptr, nullptr, &Status);
  std::string Text = Demangled ? Demangled : Context;
  std::free(Demangled);
  // The class local to the site, "outer<int>()::{lambda()#1}::operator()()
  // const::__autotune_here", in the plugin's "char const*
  // autotune::detail::siteContext<X>()" or GCC's "... [with Here = X]".
  const std::string Plugin = "autotune::detail::siteContext<", Gcc = "Here = ";
  std::size_t At = Text.find(Plugin);
  if (At != std::string::npos && Text.size() >= At + Plugin.size() + 3)
    Text = Text.substr(At + Plugin.size(),
                       Text.size() - At - Plugin.size() - 3); // ">()"
  else if ((At = Text.find(Gcc)) != std::string::npos && Text.back() == ']')
    Text = Text.substr(At + Gcc.size(), Text.size() - At - Gcc.size() - 1);
  const std::string Here = "::__autotune_here";
  if (Text.size() > Here.size() &&
      Text.compare(Text.size() - Here.size(), Here.size(), Here) == 0)
    Text.erase(Text.size() - Here.size());
  // The outermost entity: what comes before the first '(' or '{'.
  int Depth = 0;
  std::size_t End = 0;
  for (; End < Text.size(); ++End) {
    char C = Text[End];
    if (C == '<')
      ++Depth;
    else if (C == '>')
      --Depth;
    else if (Depth == 0 && (C == '(' || C == '{'))
      break;
  }
  // Directly in a function, "f<int>(int*)": nothing local around the site,
  // and __PRETTY_FUNCTION__ names the arguments.
  if (End < Text.size() && Text[End] == '(') {
    int Parens = 0;
    std::size_t Close = End;
    for (; Close < Text.size(); ++Close)
      if (Text[Close] == '(')
        ++Parens;
      else if (Text[Close] == ')' && --Parens == 0)
        break;
    if (Text.find("::", Close) == std::string::npos)
      return std::string();
  } else if (End == Text.size()) {
    return std::string();
  }
  std::string Outer = Text.substr(0, End);
  while (Outer.size() >= 2 && Outer.compare(Outer.size() - 2, 2, "::") == 0)
    Outer.erase(Outer.size() - 2);
  bool Named =
      !Outer.empty() &&
      (std::isalpha(static_cast<unsigned char>(Outer[0])) || Outer[0] == '_');
  if (!Named || Outer.find('<') == std::string::npos)
    return std::string();
  return Outer;
}

// Arguments cut to at most MaxArguments characters, ending in a hash of
// Whole so that cut labels stay distinct.
std::string shortened(std::string Arguments, const std::string &Whole) {
  constexpr std::size_t MaxArguments = 48;
  if (Arguments.size() > MaxArguments) {
    char Suffix[16];
    std::snprintf(Suffix, sizeof Suffix, "...#%08x",
                  static_cast<unsigned>(stableHash(Whole) >> 32));
    Arguments = Arguments.substr(0, MaxArguments - 12) + Suffix;
  }
  return Arguments;
}

} // namespace

std::string siteContext(const SiteInfo &Info) {
  const char *Context = Info.Context ? Info.Context() : nullptr;
  return Context ? Context : "";
}

std::uint64_t stableHash(const std::string &Text, std::uint64_t Seed) {
  std::uint64_t H = Seed;
  for (unsigned char C : Text) {
    H ^= C;
    H *= 0x100000001b3ull;
  }
  return H;
}

std::string siteLabel(const SiteInfo &Info) {
  std::string Label = Info.Name ? Info.Name : "?";
  // A lambda or local class in a template: clang's __PRETTY_FUNCTION__
  // names none of the outer templates' arguments, the context does.
  std::string Context = siteContext(Info);
  std::string Templates = contextTemplates(Context);
  if (!Templates.empty())
    return Label + "[" + shortened(Templates, Context) + "]";
  std::string Function = Info.Function ? Info.Function : "";
  // __PRETTY_FUNCTION__ of an instantiation ends in its arguments: clang
  // "void f(T) [T = float]", GCC (nvcc's host compiler) "[with T = float]".
  if (Function.empty() || Function.back() != ']')
    return Label;
  int Depth = 0;
  std::size_t Open = std::string::npos;
  for (std::size_t I = Function.size(); I-- > 0;) {
    if (Function[I] == ']')
      ++Depth;
    else if (Function[I] == '[' && --Depth == 0) {
      Open = I;
      break;
    }
  }
  if (Open == std::string::npos || Open == 0 || Function[Open - 1] != ' ')
    return Label;
  std::string Arguments = Function.substr(Open + 1, Function.size() - Open - 2);
  if (Arguments.compare(0, 5, "with ") == 0)
    Arguments.erase(0, 5);
  return Label + "[" + shortened(Arguments, Function) + "]";
}

} // namespace autotune
