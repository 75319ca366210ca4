// What check-function-length finds, at a limit of 5 lines (--self-test).
// Each function it must report is named on an EXPECT line, with its length,
// in the order of the file; every other function here must stay quiet. Its
// layout is what is checked, so clang-format leaves it alone:
// clang-format off
#include <string>

#define OPEN_BRACE {

namespace outer {
namespace {

int shortFunction(int A) {
  return A + 1;
}

// EXPECT: longFunction 7
int longFunction(int A) {
  int B = A;
  B += 1;
  B += 2;
  B += 3;
  return B;
}

// A reason right above it lets it be long.
// Long because: the fixture says so.
int longWithReason(int A) {
  int B = A;
  B += 1;
  B += 2;
  B += 3;
  return B;
}

// Long because: a blank line parts the reason from the function.

// EXPECT: reasonTooFarAbove 7
int reasonTooFarAbove(int A) {
  int B = A;
  B += 1;
  B += 2;
  B += 3;
  return B;
}

} // namespace
} // namespace outer

// Braces in literals and comments are no braces: it ends where it ends.
// EXPECT: bracesInLiterals 8
std::string bracesInLiterals() {
  std::string S = "{{{";
  S += '}';
  S += R"x(}}" })x";
  // }
  /* { */ int Thousand = 1'000;
  return S + std::to_string(Thousand);
}

// A definition's head may span lines; it counts from its first line.
// EXPECT: outer::Widget::resize 7
template <typename T = decltype(sizeof(int))>
void outer::Widget::resize(T Size,
                           int Fill) noexcept {
  (void)Size;
  (void)Fill;
  return;
}

class Counter final {
public:
  // A constructor's brace initialisers are not its body.
  // EXPECT: Counter::Counter 6
  Counter(int Start)
      : Count{Start}, Name("counter") {
    Count += 1;
    Count += 2;
    Count += 3;
  }

  // EXPECT: Counter::operator() 6
  int operator()(int A) const {
    int B = A + Count;
    B += 1;
    B += 2;
    return B;
  }

  auto trailing() -> int {
    return Count;
  }

private:
  int Count;
  std::string Name;
};

// Long tables and enumerations are no functions.
static const int Table[] = {
    1,
    2,
    3,
    4,
    5,
    6,
};

enum class Colour : int {
  Red,
  Green,
  Blue,
  Cyan,
  Magenta,
};

extern "C" {
// A lambda given a name at namespace scope is a function too.
// EXPECT: namedLambda 7
static auto namedLambda = [](int A) {
  int B = A;
  B += 1;
  B += 2;
  B += 3;
  return B;
};
}

// A template head's 'class T' makes no class of a function.
// EXPECT: keyLike 7
template <class T, template <class> class Box> Box<T> keyLike(T Value) {
  T Copy = Value;
  Copy += 1;
  Copy += 2;
  Copy += 3;
  return {Copy};
}

// Nor does it hide a class template's members.
template <class T> struct Holder {
  // EXPECT: Holder::get 6
  T get() const {
    T Copy = Value;
    Copy += 1;
    Copy += 2;
    return Copy;
  }
  T Value;
};
