// Writing SVG text (SvgDocument.h).
#include "SvgDocument.h"
#include "support/TextFormat.h"

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
