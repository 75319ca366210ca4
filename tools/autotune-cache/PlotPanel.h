// One panel of autotune-cache plot's picture: an entry's heading (site, key,
// device, date, the winner against the default point), the key to the marks,
// and the chart of its points' fastest runs: bars for one parameter, a heat
// map for two, and for more a heat map of the last two per combination of
// the others.
#ifndef AUTOTUNE_TOOLS_PLOTPANEL_H
#define AUTOTUNE_TOOLS_PLOTPANEL_H

#include "SvgDocument.h"
#include "cache/CacheFile.h"

#include <cstddef>
#include <string>

namespace autotune {

// The picture's width in user units when its charts fit, and its margin.
constexpr double PageWidth = 860, Margin = 16;

// The <defs> the panels refer to: the hatching of cut points and the heat
// maps' colour scale. Written once, before the first panel.
void drawPlotDefinitions(SvgDocument &Doc);

// The picture's heading: Title, and the number of entries. Returns its
// height.
double drawPlotHeading(SvgDocument &Doc, const std::string &Title,
                       std::size_t Entries);

// Draws the panel of E, and a line above it, with its top at Top. Returns its
// height, and moves RightEdge to the right edge of a chart wider than the page.
double drawPlotPanel(SvgDocument &Doc, const CacheEntry &E, double Top,
                     double &RightEdge);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_PLOTPANEL_H
