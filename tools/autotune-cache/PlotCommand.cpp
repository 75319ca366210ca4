// autotune-cache plot (PlotCommand.h): the picture's heading and a panel
// per entry (PlotPanel.h), to standard output or a file.
#include "PlotCommand.h"

#include "OutputFile.h"
#include "PlotPanel.h"
#include "SiteEntries.h"
#include "SvgDocument.h"
#include "support/TextFormat.h"

#include <algorithm>
#include <iostream>

namespace autotune {

std::string plotSvg(const std::string &Site,
                    const std::vector<CacheEntry> &Entries) {
  SvgDocument Doc;
  drawPlotDefinitions(Doc);
  std::string Title = "autotune: " + printable(Site);
  double Y = drawPlotHeading(Doc, Title, Entries.size());
  double RightEdge = PageWidth - Margin;
  for (const CacheEntry &E : Entries)
    Y += drawPlotPanel(Doc, E, Y, RightEdge);
  return Doc.document(std::max(PageWidth, RightEdge + Margin), Y + Margin,
                      Title);
}

int plotCommand(const std::string &Dir, const SiteRequest &Request,
                const std::string &Output) {
  std::vector<CacheEntry> Entries;
  if (int Status = selectSiteEntries(Dir, Request, Entries, std::cerr))
    return Status;
  std::string Svg = plotSvg(Request.Site, Entries);
  if (Output.empty()) {
    // A picture cut short (a full disk, a closed pipe) is an error, not a
    // success with half a file.
    if (!(std::cout << Svg << std::flush)) {
      std::cerr << "autotune-cache: error: cannot write the picture to "
                   "standard output\n";
      return 1;
    }
    return 0;
  }
  std::string Problem;
  if (!writeFileAtomically(Output, Svg, Problem)) {
    std::cerr << "autotune-cache: error: " << printable(Problem) << "\n";
    return 1;
  }
  return 0;
}

} // namespace autotune
