// Writing SVG text (SvgDocument.h).
#include "SvgDocument.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace autotune {
namespace {

const char *const Replacement = "\xEF\xBF\xBD"; // U+FFFD

std::string startTag(const std::string &Tag, const SvgAttributes &Attributes) {
  std::string S = "<" + Tag;
  for (const auto &[Name, Value] : Attributes)
    S += " " + Name + "=\"" + escapeXml(Value) + "\"";
  return S;
}

// The length of the UTF-8 sequence at Text[At] and its code point; 0 when
// the bytes there are not UTF-8 (overlong forms and surrogates included).
std::size_t decodeUtf8(const std::string &Text, std::size_t At,
                       unsigned &CodePoint) {
  unsigned char Lead = Text[At];
  std::size_t Length = Lead < 0x80             ? 1
                       : (Lead & 0xE0) == 0xC0 ? 2
                       : (Lead & 0xF0) == 0xE0 ? 3
                       : (Lead & 0xF8) == 0xF0 ? 4
                                               : 0;
  if (Length == 0 || At + Length > Text.size())
    return 0;
  static const unsigned LeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
  static const unsigned Smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  CodePoint = Lead & LeadMask[Length];
  for (std::size_t I = 1; I < Length; ++I) {
    unsigned char Next = Text[At + I];
    if ((Next & 0xC0) != 0x80)
      return 0;
    CodePoint = (CodePoint << 6) | (Next & 0x3F);
  }
  if (CodePoint < Smallest[Length] || CodePoint > 0x10FFFF ||
      (CodePoint >= 0xD800 && CodePoint <= 0xDFFF))
    return 0;
  return Length;
}

bool isXmlChar(unsigned CodePoint) {
  if (CodePoint < 0x20)
    return CodePoint == '\t' || CodePoint == '\n' || CodePoint == '\r';
  return CodePoint != 0xFFFE && CodePoint != 0xFFFF;
}

} // namespace

void SvgDocument::open(const std::string &Tag,
                       const SvgAttributes &Attributes) {
  Body += std::string(2 * Open.size(), ' ') + startTag(Tag, Attributes) + ">\n";
  Open.push_back(Tag);
}

void SvgDocument::close() {
  if (Open.empty())
    return;
  std::string Tag = Open.back();
  Open.pop_back();
  Body += std::string(2 * Open.size(), ' ') + "</" + Tag + ">\n";
}

void SvgDocument::element(const std::string &Tag,
                          const SvgAttributes &Attributes,
                          const std::string &Text) {
  Body += std::string(2 * Open.size(), ' ') + startTag(Tag, Attributes) +
          (Text.empty() ? "/>\n" : ">" + escapeXml(Text) + "</" + Tag + ">\n");
}

void SvgDocument::text(double X, double Y, const std::string &Text,
                       SvgAttributes Attributes) {
  Attributes.insert(Attributes.begin(),
                    {{"x", svgNumber(X)}, {"y", svgNumber(Y)}});
  element("text", Attributes, Text);
}

void SvgDocument::rect(double X, double Y, double Width, double Height,
                       SvgAttributes Attributes) {
  Attributes.insert(Attributes.begin(),
                    {{"x", svgNumber(X)},
                     {"y", svgNumber(Y)},
                     {"width", svgNumber(std::max(Width, 0.0))},
                     {"height", svgNumber(std::max(Height, 0.0))}});
  element("rect", Attributes);
}

void SvgDocument::line(double X1, double Y1, double X2, double Y2,
                       const std::string &Colour, double Width) {
  element("line", {{"x1", svgNumber(X1)},
                   {"y1", svgNumber(Y1)},
                   {"x2", svgNumber(X2)},
                   {"y2", svgNumber(Y2)},
                   {"stroke", Colour},
                   {"stroke-width", svgNumber(Width)}});
}

std::string SvgDocument::document(double Width, double Height,
                                  const std::string &Title) const {
  std::string Size = svgNumber(std::ceil(Width)),
              Tall = svgNumber(std::ceil(Height));
  std::string S = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
                  startTag("svg", {{"xmlns", "http://www.w3.org/2000/svg"},
                                   {"width", Size},
                                   {"height", Tall},
                                   {"viewBox", "0 0 " + Size + " " + Tall},
                                   {"font-family", "sans-serif"},
                                   {"font-size", "12"}}) +
                  ">\n  <title>" + escapeXml(Title) + "</title>\n";
  // Body is indented from the document's root, one level inside <svg>.
  std::size_t Start = 0;
  while (Start < Body.size()) {
    std::size_t End = Body.find('\n', Start);
    S += "  " + Body.substr(Start, End - Start + 1);
    Start = End + 1;
  }
  for (auto Tag = Open.rbegin(); Tag != Open.rend(); ++Tag)
    S += "</" + *Tag + ">\n";
  return S + "</svg>\n";
}

std::string escapeXml(const std::string &Text) {
  std::string S;
  S.reserve(Text.size());
  for (std::size_t At = 0; At < Text.size();) {
    unsigned CodePoint = 0;
    std::size_t Length = decodeUtf8(Text, At, CodePoint);
    if (Length == 0 || !isXmlChar(CodePoint)) {
      S += Replacement;
      At += Length ? Length : 1;
      continue;
    }
    switch (CodePoint) {
    case '&':
      S += "&amp;";
      break;
    case '<':
      S += "&lt;";
      break;
    case '>':
      S += "&gt;";
      break;
    case '"':
      S += "&quot;";
      break;
    case '\'':
      S += "&apos;";
      break;
    default:
      S.append(Text, At, Length);
    }
    At += Length;
  }
  return S;
}

std::string svgNumber(double Value) {
  if (!std::isfinite(Value))
    return "0";
  char Buffer[32];
  std::snprintf(Buffer, sizeof Buffer, "%.2f", Value);
  std::string S = Buffer;
  S.erase(S.find_last_not_of('0') + 1);
  if (S.back() == '.')
    S.pop_back();
  return S == "-0" ? "0" : S;
}

} // namespace autotune
