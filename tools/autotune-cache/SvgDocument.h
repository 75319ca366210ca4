// SVG text written by hand, for autotune-cache plot: elements with their
// attributes and text, every string escaped so that the document is
// well-formed XML whatever a site's name holds.
#ifndef AUTOTUNE_TOOLS_SVGDOCUMENT_H
#define AUTOTUNE_TOOLS_SVGDOCUMENT_H

#include <string>
#include <utility>
#include <vector>

namespace autotune {

// Name="value" pairs, in the order they are written.
using SvgAttributes = std::vector<std::pair<std::string, std::string>>;

class SvgDocument {
public:
  // <Tag Attributes>, closed by the matching close().
  void open(const std::string &Tag, const SvgAttributes &Attributes = {});
  void close();
  // <Tag Attributes>Text</Tag>, or <Tag Attributes/> for no text.
  void element(const std::string &Tag, const SvgAttributes &Attributes,
               const std::string &Text = "");
  // The shapes a chart is made of, at user-unit coordinates; the
  // attributes given come after the geometry's.
  void text(double X, double Y, const std::string &Text,
            SvgAttributes Attributes = {});
  void rect(double X, double Y, double Width, double Height,
            SvgAttributes Attributes); // a negative size is drawn as 0
  void line(double X1, double Y1, double X2, double Y2,
            const std::string &Colour, double Width = 1);
  // The whole document: the XML declaration, <svg> of Width x Height user
  // units with Title (a browser's tab), what was written, and an end tag
  // for every element still open.
  std::string document(double Width, double Height,
                       const std::string &Title) const;

private:
  std::string Body;
  std::vector<std::string> Open; // tags to close, innermost last
};

// Text as XML character data or an attribute value: &, <, >, " and ' as
// entities; bytes that are not UTF-8, and characters XML 1.0 does not allow
// (controls other than tab and line breaks, U+FFFE, U+FFFF), as U+FFFD.
std::string escapeXml(const std::string &Text);

// A coordinate or length: at most two decimals, no trailing zeros ("12.5").
std::string svgNumber(double Value);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_SVGDOCUMENT_H
