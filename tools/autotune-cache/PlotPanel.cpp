// One panel of autotune-cache plot's picture (PlotPanel.h).
#include "PlotPanel.h"

#include "SiteEntries.h"
#include "SvgDocument.h"
#include "support/TextFormat.h"
#include "tune/TuningRecord.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace autotune {
namespace {

// The winner's outline is a colour no time is drawn in (the bars' blue, the
// heat map's yellow to purple), so that it is found at a glance.
const char *const WinnerColour = "#d6006f";
const char *const DefaultColour = "#0072b2";
const char *const BarColour = "#4c78a8";
const char *const FailedColour = "#c8c8c8";
const char *const GridColour = "#e4e4e4";
const char *const MutedText = "#555555";
const char *const CutFill = "url(#cut-hatch)";
// The heat maps' colours, fastest first: viridis, from its light end.
const char *const Palette[] = {"#fde725", "#b5de2b", "#6ece58", "#35b779",
                               "#1f9e89", "#26828e", "#31688e", "#3e4989",
                               "#482878", "#440154"};
constexpr int PaletteSize = sizeof(Palette) / sizeof(Palette[0]);

std::string num(double Value) { return svgNumber(Value); }

// The width of Text in a sans-serif font of Size, near enough for layout.
double textWidth(const std::string &Text, double Size) {
  return 0.6 * Size * static_cast<double>(Text.size());
}

bool isMeasured(const CachedVariant &V) {
  return V.Status == statusName(VariantStatus::Measured) && V.Best >= 0;
}

bool isFailed(const CachedVariant &V) {
  return V.Status == statusName(VariantStatus::LaunchFailed) ||
         V.Status == statusName(VariantStatus::Rejected) ||
         V.Status == statusName(VariantStatus::Fatal);
}

bool isCut(const CachedVariant &V) {
  return V.Status == statusName(VariantStatus::Cut);
}

// The class of a point's mark, for a reader of the SVG (and the tests):
// "measured", "failed", "rejected", "fatal", "cut" or "not-measured".
std::string statusClass(const CachedVariant &V) {
  if (isMeasured(V))
    return "measured";
  if (V.Status == statusName(VariantStatus::LaunchFailed))
    return "failed";
  if (isFailed(V) || isCut(V))
    return V.Status;
  return "not-measured";
}

// What a mark without a time shows instead: its status, in a word.
std::string statusWord(const CachedVariant &V) {
  if (V.Status == statusName(VariantStatus::LaunchFailed))
    return "failed";
  return isFailed(V) || isCut(V) ? V.Status : "not run";
}

// The point's tooltip: the point, its time or its status (and why), and
// whether it is the winner or the default point.
std::string tooltip(const CacheEntry &E, const CachedVariant &V) {
  std::string S = formatCachedPoint(E, V.Point) + ": ";
  if (isMeasured(V)) {
    // The fastest run ranks the points; the median says how steady it was.
    S += formatSeconds(V.Best) + " (fastest run";
    if (!V.Samples.empty() && V.Median >= 0)
      S += "; median of " +
           plural(static_cast<long long>(V.Samples.size()), "timed run",
                  "timed runs") +
           " " + formatSeconds(V.Median);
    S += "), status ok";
  } else {
    S += "no time, status " + V.Status;
    if (V.Problem.empty() && isCut(V))
      S += " (its warm-up was far slower than the fastest point's)";
    else if (V.Problem.empty() && !isFailed(V))
      S += " (left out by budget(n), or the tuning stopped first)";
  }
  if (!V.Problem.empty())
    S += ": " + V.Problem;
  if (V.Point == E.Winner)
    S += "; the winner";
  else if (isInTieBand(E, V))
    S += "; a tie with the fastest (within " + formatPercent(E.TieBand) + ")";
  if (V.Point == E.Default)
    S += "; the default point";
  return printable(S);
}

std::string markClass(const CacheEntry &E, const CachedVariant &V) {
  std::string S = "point " + statusClass(V);
  if (V.Point == E.Winner)
    S += " winner";
  else if (isInTieBand(E, V))
    S += " tie";
  if (V.Point == E.Default)
    S += " default";
  return S;
}

std::string timeText(const CacheEntry &E, const std::vector<long long> &P) {
  const CachedVariant *V = variantAtPoint(E, P);
  return V && isMeasured(*V) ? formatSeconds(V->Best) : "no time";
}

// The fill of a box standing for a point without a time, and the cross
// over a failed, rejected or fatal one. Opacity below 1 pales the fill, so
// that a column as tall as a bar chart's axis does not read as a slow bar.
void drawNoTime(SvgDocument &Doc, const CachedVariant &V, double X, double Y,
                double W, double H, double Opacity = 1) {
  if (isFailed(V)) {
    Doc.rect(X, Y, W, H,
             {{"fill", FailedColour}, {"fill-opacity", num(Opacity)}});
    double Side = std::min({W, H, 24.0}) * 0.6;
    double CX = X + W / 2, CY = Y + H / 2;
    Doc.line(CX - Side / 2, CY - Side / 2, CX + Side / 2, CY + Side / 2,
             "#666666", 2);
    Doc.line(CX - Side / 2, CY + Side / 2, CX + Side / 2, CY - Side / 2,
             "#666666", 2);
  } else if (isCut(V)) {
    Doc.rect(X, Y, W, H,
             {{"fill", CutFill},
              {"fill-opacity", num(Opacity)},
              {"stroke", "#999999"}});
  } else {
    Doc.rect(X, Y, W, H,
             {{"fill", "#ffffff"},
              {"stroke", "#999999"},
              {"stroke-dasharray", "3 2"}});
  }
}

// The outlines of the winner (solid) and the default point (dashed,
// inside it), so that a point that is both shows both; each on a white
// line, so that it shows on any fill.
void drawRoles(SvgDocument &Doc, const CacheEntry &E, const CachedVariant &V,
               double X, double Y, double W, double H) {
  auto Outline = [&](double Inset, const char *Class, const char *Colour,
                     double Width, const char *Dashes) {
    double Along = W - 2 * Inset, Down = H - 2 * Inset;
    Doc.rect(X + Inset, Y + Inset, Along, Down,
             {{"fill", "none"},
              {"stroke", "#ffffff"},
              {"stroke-width", num(Width + 1.5)}});
    SvgAttributes Attributes = {{"class", Class},
                                {"fill", "none"},
                                {"stroke", Colour},
                                {"stroke-width", num(Width)}};
    if (*Dashes)
      Attributes.push_back({"stroke-dasharray", Dashes});
    Doc.rect(X + Inset, Y + Inset, Along, Down, Attributes);
  };
  if (V.Point == E.Winner)
    Outline(1.5, "winner-mark", WinnerColour, 3, "");
  if (V.Point == E.Default)
    Outline(V.Point == E.Winner ? std::min({5.0, W / 4, H / 4}) : 1.5,
            "default-mark", DefaultColour, 2, "4 2");
}

unsigned rgbOf(const std::string &Colour) {
  return static_cast<unsigned>(std::stoul(Colour.substr(1), nullptr, 16));
}

// The colour of T (0 the fastest time, 1 the slowest) on the palette.
std::string paletteColour(double T) {
  // NaN compares false: it is the fastest colour, never an index.
  T = (T > 0 ? std::min(T, 1.0) : 0.0) * (PaletteSize - 1);
  int Low = std::min(static_cast<int>(T), PaletteSize - 2);
  double Part = T - Low;
  unsigned A = rgbOf(Palette[Low]), B = rgbOf(Palette[Low + 1]), Mixed = 0;
  for (int Shift = 16; Shift >= 0; Shift -= 8) {
    double Channel =
        ((A >> Shift) & 0xFF) * (1 - Part) + ((B >> Shift) & 0xFF) * Part;
    Mixed |= static_cast<unsigned>(std::lround(Channel)) << Shift;
  }
  char Colour[8];
  std::snprintf(Colour, sizeof Colour, "#%06x", Mixed);
  return Colour;
}

// Whether text on Colour ("#rrggbb") reads better white than black.
bool isDark(const std::string &Colour) {
  unsigned RGB = rgbOf(Colour);
  double Luma = 0.299 * ((RGB >> 16) & 0xFF) + 0.587 * ((RGB >> 8) & 0xFF) +
                0.114 * (RGB & 0xFF);
  return Luma < 128;
}

// The times a heat map's colours span, and where a time lies between them:
// on a log scale, since tuned points differ by factors. Logarithms of each
// time, never of a ratio: the ratio of a denormal and a microsecond is
// infinite, their logarithms are not.
struct TimeScale {
  double Fastest = 0, Slowest = 0;
  double position(double Seconds) const {
    if (!(Slowest > Fastest && Fastest > 0 && Seconds > 0))
      return 0;
    double Span = std::log(Slowest) - std::log(Fastest);
    double T = (std::log(Seconds) - std::log(Fastest)) / Span;
    return T > 0 ? std::min(T, 1.0) : 0.0;
  }
  // The time at T (0 to 1) along the scale.
  double at(double T) const {
    if (!(Slowest > Fastest && Fastest > 0))
      return Fastest;
    double Log =
        std::log(Fastest) + T * (std::log(Slowest) - std::log(Fastest));
    return std::clamp(std::exp(Log), Fastest, Slowest);
  }
};

// A linear time axis from zero: Ticks steps of Step, Ticks * Step = Max.
struct LinearAxis {
  double Max, Step;
  int Ticks;
};

// The axis for times up to Slowest: steps of 1, 2 or 5 times a power of
// ten, five or so of them. Slowest may be any finite time, a denormal or the
// largest double: where nice steps do not fit in a double, one step spans
// the axis.
LinearAxis linearAxis(double Slowest) {
  // 5 % of headroom over the slowest bar; 1 ms where nothing was timed.
  double Top = Slowest > 0 ? Slowest : 1e-3;
  double Headroom = Slowest > 0 ? 1.05 : 1;
  double Raw = Slowest > 0 ? Slowest * (1.05 / 5) : 1e-3;
  double Power = std::pow(10, std::floor(std::log10(Raw)));
  if (!(Power > 0) || !std::isfinite(Power))
    return {Top, Top, 1};
  double Fraction = Raw / Power;
  double Step = (Fraction <= 1   ? 1
                 : Fraction <= 2 ? 2
                 : Fraction <= 5 ? 5
                                 : 10) *
                Power;
  double Count = std::ceil(Top / Step * Headroom);
  double Max = Step * Count;
  if (!(Count >= 1 && Count <= 20) || !std::isfinite(Max) || Max < Top)
    return {Top, Top, 1};
  return {Max, Step, static_cast<int>(Count)};
}

std::vector<const CachedVariant *> drawnVariants(const CacheEntry &E) {
  std::vector<const CachedVariant *> Drawn;
  for (const CachedVariant &V : E.Variants)
    if (V.Point.size() == E.Params.size())
      Drawn.push_back(&V);
  std::stable_sort(Drawn.begin(), Drawn.end(),
                   [](const CachedVariant *A, const CachedVariant *B) {
                     return A->Point < B->Point;
                   });
  return Drawn;
}

// The values parameter Index takes among Drawn, ascending.
std::vector<long long> valuesOf(const std::vector<const CachedVariant *> &Drawn,
                                std::size_t Index) {
  std::vector<long long> Values;
  for (const CachedVariant *V : Drawn)
    Values.push_back(V->Point[Index]);
  std::sort(Values.begin(), Values.end());
  Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
  return Values;
}

std::size_t indexOf(const std::vector<long long> &Values, long long Value) {
  return std::lower_bound(Values.begin(), Values.end(), Value) - Values.begin();
}

// Where a bar chart lies on the page, and how its time axis maps to it.
struct BarLayout {
  double Left, Width, PlotTop, Height, Bottom;
  double AxisMax;
  double Slot, BarWidth;
  bool Roomy; // room for a time (or status) above each bar
};

// The bar chart's grid, its tick times and the axis title.
void drawTimeAxis(SvgDocument &Doc, const BarLayout &L,
                  const LinearAxis &Axis) {
  for (int I = 0; I <= Axis.Ticks; ++I) {
    double Tick = I == Axis.Ticks ? Axis.Max : I * Axis.Step;
    double Y = L.Bottom - Tick / L.AxisMax * L.Height;
    Doc.line(L.Left, Y, L.Left + L.Width, Y, GridColour);
    Doc.text(
        L.Left - 6, Y + 4, Tick == 0 ? "0" : formatSeconds(Tick),
        {{"text-anchor", "end"}, {"font-size", "11"}, {"fill", MutedText}});
  }
  Doc.line(L.Left, L.Bottom, L.Left + L.Width, L.Bottom, "#333333");
  Doc.text(Margin + 10, L.PlotTop + L.Height / 2, "fastest run (linear axis)",
           {{"text-anchor", "middle"},
            {"transform", "rotate(-90 " + num(Margin + 10) + " " +
                              num(L.PlotTop + L.Height / 2) + ")"},
            {"fill", MutedText}});
}

// One point's bar (or pale column) centred on Centre, with its time or
// status, its outlines and its role above it.
void drawBar(SvgDocument &Doc, const CacheEntry &E, const CachedVariant &V,
             const BarLayout &L, double Centre) {
  double X = Centre - L.BarWidth / 2;
  double BarTop = L.PlotTop;
  Doc.open("g", {{"class", markClass(E, V)}});
  Doc.element("title", {}, tooltip(E, V));
  if (isMeasured(V)) {
    BarTop = L.Bottom - V.Best / L.AxisMax * L.Height;
    Doc.rect(X, BarTop, L.BarWidth, L.Bottom - BarTop, {{"fill", BarColour}});
    if (L.Roomy)
      Doc.text(Centre, BarTop - 7, formatSeconds(V.Best),
               {{"text-anchor", "middle"}, {"font-size", "10"}});
  } else {
    drawNoTime(Doc, V, X, L.PlotTop, L.BarWidth, L.Height, 0.45);
    if (L.Roomy)
      Doc.text(Centre, L.PlotTop + 14, statusWord(V),
               {{"text-anchor", "middle"}, {"font-size", "10"}});
  }
  drawRoles(Doc, E, V, X - 3, BarTop - 3, L.BarWidth + 6,
            L.Bottom - BarTop + 3);
  std::string Role = V.Point == E.Winner && V.Point == E.Default
                         ? "winner, default"
                     : V.Point == E.Winner  ? "winner"
                     : V.Point == E.Default ? "default"
                                            : "";
  if (!Role.empty())
    Doc.text(Centre, BarTop - (L.Roomy && isMeasured(V) ? 20 : 7), Role,
             {{"class", "role-label"},
              {"text-anchor", "middle"},
              {"font-size", "10"},
              {"font-weight", "bold"},
              {"fill", V.Point == E.Winner ? WinnerColour : DefaultColour}});
  Doc.close();
}

// A bar's value under the axis: upright, or slanted where values are too
// wide for their slots.
void drawBarValue(SvgDocument &Doc, const std::string &Value, double Centre,
                  double Bottom, bool Slanted) {
  if (!Slanted)
    Doc.text(Centre, Bottom + 15, Value,
             {{"text-anchor", "middle"}, {"font-size", "11"}});
  else
    Doc.text(Centre, Bottom + 12, Value,
             {{"text-anchor", "end"},
              {"font-size", "11"},
              {"transform",
               "rotate(-60 " + num(Centre) + " " + num(Bottom + 12) + ")"}});
}

// The value of the entry's one parameter at V, as the axis writes it.
std::string barValue(const CacheEntry &E, const CachedVariant &V) {
  return E.Params.empty() ? std::string() : std::to_string(V.Point[0]);
}

// The layout of Drawn's bars below Top, on an axis that holds the slowest.
BarLayout barLayout(const std::vector<const CachedVariant *> &Drawn, double Top,
                    double AxisMax) {
  BarLayout L;
  L.Left = Margin + 64;
  L.Width = PageWidth - L.Left - Margin;
  L.PlotTop = Top + 34;
  L.Height = 220;
  L.Bottom = L.PlotTop + L.Height;
  L.AxisMax = AxisMax;
  L.Slot =
      L.Width / static_cast<double>(std::max<std::size_t>(Drawn.size(), 1));
  L.BarWidth = std::min(L.Slot * 0.7, 56.0);
  L.Roomy = L.Slot >= 44;
  return L;
}

// One parameter: a bar per value, its height the fastest run on a linear
// axis from zero, so that a bar twice as tall is twice as slow. A point
// without a time is a pale column as tall as the axis, marked by status.
double drawBars(SvgDocument &Doc, const CacheEntry &E,
                const std::vector<const CachedVariant *> &Drawn, double Top) {
  double Slowest = 0;
  for (const CachedVariant *V : Drawn)
    if (isMeasured(*V))
      Slowest = std::max(Slowest, V->Best);
  LinearAxis Axis = linearAxis(Slowest);
  BarLayout L = barLayout(Drawn, Top, Axis.Max);

  Doc.open("g", {{"class", "bars"}});
  drawTimeAxis(Doc, L, Axis);
  // Values too wide for their slot are written slanted, all of them.
  double Widest = 0;
  for (const CachedVariant *V : Drawn)
    Widest = std::max(Widest, textWidth(barValue(E, *V), 11));
  bool Slanted = Widest > L.Slot - 2;
  for (std::size_t I = 0; I < Drawn.size(); ++I) {
    double Centre = L.Left + L.Slot * (static_cast<double>(I) + 0.5);
    drawBar(Doc, E, *Drawn[I], L, Centre);
    drawBarValue(Doc, barValue(E, *Drawn[I]), Centre, L.Bottom, Slanted);
  }
  double AxisTitleY = L.Bottom + (Slanted ? 24 + Widest : 34);
  Doc.text(L.Left + L.Width / 2, AxisTitleY,
           E.Params.empty() ? "" : printable(E.Params[0]),
           {{"class", "axis-title"},
            {"text-anchor", "middle"},
            {"font-weight", "bold"}});
  Doc.close();
  return AxisTitleY + 8 - Top;
}

// The key to a heat map's colours: the palette from the fastest time to
// the slowest, with times under it.
double drawColourLegend(SvgDocument &Doc, const TimeScale &Scale, double Top) {
  const double Left = Margin + 24, Width = 300, Height = 12;
  Doc.open("g", {{"class", "colour-legend"}});
  Doc.text(Left, Top + 10, "fastest run (colour, log scale)",
           {{"fill", MutedText}});
  Doc.rect(Left, Top + 16, Width, Height,
           {{"fill", "url(#time-scale)"}, {"stroke", "#999999"}});
  std::vector<double> Ticks = {Scale.Fastest};
  if (Scale.Slowest > Scale.Fastest) {
    for (int I = 1; I < 4; ++I)
      Ticks.push_back(Scale.at(I / 4.0));
    Ticks.push_back(Scale.Slowest);
  }
  for (double Tick : Ticks) {
    double X = Left + Scale.position(Tick) * Width;
    Doc.line(X, Top + 16 + Height, X, Top + 20 + Height, "#333333");
    Doc.text(X, Top + 32 + Height, formatSeconds(Tick),
             {{"text-anchor", "middle"}, {"font-size", "10"}});
  }
  Doc.close();
  return 50;
}

// The combinations of the parameters before RowParam, in the order Drawn
// has them: one heat map each.
std::vector<std::vector<long long>>
groupsOf(const std::vector<const CachedVariant *> &Drawn,
         std::size_t RowParam) {
  std::vector<std::vector<long long>> Groups;
  for (const CachedVariant *V : Drawn) {
    std::vector<long long> Prefix(V->Point.begin(),
                                  V->Point.begin() + RowParam);
    if (Groups.empty() || Groups.back() != Prefix)
      Groups.push_back(Prefix);
  }
  return Groups;
}

// The fastest and slowest of Drawn's positive times: one colour scale for
// the whole entry.
TimeScale timeScaleOf(const std::vector<const CachedVariant *> &Drawn) {
  TimeScale Scale;
  for (const CachedVariant *V : Drawn)
    if (isMeasured(*V) && V->Best > 0) {
      Scale.Fastest =
          Scale.Fastest > 0 ? std::min(Scale.Fastest, V->Best) : V->Best;
      Scale.Slowest = std::max(Scale.Slowest, V->Best);
    }
  return Scale;
}

// The parameters a heat map shows, their values, and where its parts lie.
struct HeatMapLayout {
  std::size_t RowParam, ColumnParam;
  std::vector<long long> Rows, Columns;
  double Pad, Gap;    // left of the grid (its titles); between maps
  std::size_t PerRow; // maps side by side
  double CellWidth, CellHeight;
  bool Labelled; // more than one map: each names its fixed values
  double MapWidth, Head, MapHeight;
  bool TimesFit, RolesFit; // room for text in a cell
};

// The layout of the heat maps of Drawn, Groups of them: as many side by
// side (up to 8) as leave cells at least 40 wide.
HeatMapLayout heatMapLayout(const CacheEntry &E,
                            const std::vector<const CachedVariant *> &Drawn,
                            std::size_t Groups) {
  HeatMapLayout L;
  std::size_t N = E.Params.size();
  L.RowParam = N - 2;
  L.ColumnParam = N - 1;
  L.Rows = valuesOf(Drawn, L.RowParam);
  L.Columns = valuesOf(Drawn, L.ColumnParam);
  double RowLabels = 0;
  for (long long Value : L.Rows)
    RowLabels = std::max(RowLabels, textWidth(std::to_string(Value), 11));
  L.Pad = 20 + RowLabels + 6;
  L.Gap = 24;
  const double Available = PageWidth - 2 * Margin;
  double Columns = static_cast<double>(L.Columns.size());
  L.PerRow = std::min<std::size_t>(Groups, 8);
  double CellWidth = 0;
  for (; L.PerRow >= 1; --L.PerRow) {
    CellWidth =
        (Available / static_cast<double>(L.PerRow) - L.Pad - L.Gap) / Columns;
    if (CellWidth >= 40 || L.PerRow == 1)
      break;
  }
  L.CellWidth = std::clamp(CellWidth, 12.0, 72.0);
  L.CellHeight = std::clamp(L.CellWidth * 0.5, 12.0, 30.0);
  L.Labelled = Groups > 1;
  L.MapWidth = L.Pad + L.CellWidth * Columns;
  L.Head = (L.Labelled ? 18 : 0) + 32;
  L.MapHeight = L.Head + L.CellHeight * static_cast<double>(L.Rows.size());
  L.TimesFit = L.CellWidth >= 46;
  L.RolesFit = L.TimesFit && L.CellHeight >= 28;
  return L;
}

// A heat map's titles and values: the columns' above the grid, whose top
// left corner is GridLeft, GridTop, the rows' left of it.
void drawHeatMapAxes(SvgDocument &Doc, const CacheEntry &E,
                     const HeatMapLayout &L, double MapLeft, double GridLeft,
                     double GridTop) {
  double GridWidth = L.CellWidth * static_cast<double>(L.Columns.size());
  Doc.text(GridLeft + GridWidth / 2, GridTop - 20,
           printable(E.Params[L.ColumnParam]),
           {{"class", "column-title"},
            {"text-anchor", "middle"},
            {"font-weight", "bold"}});
  for (std::size_t C = 0; C < L.Columns.size(); ++C)
    Doc.text(GridLeft + L.CellWidth * (static_cast<double>(C) + 0.5),
             GridTop - 5, std::to_string(L.Columns[C]),
             {{"text-anchor", "middle"},
              {"font-size", L.CellWidth >= 28 ? "11" : "8"}});
  double GridHeight = L.CellHeight * static_cast<double>(L.Rows.size());
  double NameX = MapLeft + 10, NameY = GridTop + GridHeight / 2;
  Doc.text(
      NameX, NameY, printable(E.Params[L.RowParam]),
      {{"class", "row-title"},
       {"text-anchor", "middle"},
       {"font-weight", "bold"},
       {"transform", "rotate(-90 " + num(NameX) + " " + num(NameY) + ")"}});
  for (std::size_t R = 0; R < L.Rows.size(); ++R)
    Doc.text(GridLeft - 5,
             GridTop + L.CellHeight * (static_cast<double>(R) + 0.5) + 4,
             std::to_string(L.Rows[R]),
             {{"text-anchor", "end"}, {"font-size", "11"}});
}

// One point's cell at X, Y: its time's colour (or its status), its
// outlines, and its role and time where they fit.
void drawHeatCell(SvgDocument &Doc, const CacheEntry &E, const CachedVariant &V,
                  const HeatMapLayout &L, const TimeScale &Scale, double X,
                  double Y) {
  Doc.open("g", {{"class", markClass(E, V)}});
  Doc.element("title", {}, tooltip(E, V));
  std::string Ink = "#000000";
  if (isMeasured(V)) {
    std::string Fill = paletteColour(Scale.position(V.Best));
    Doc.rect(X, Y, L.CellWidth, L.CellHeight,
             {{"fill", Fill}, {"stroke", "#ffffff"}});
    Ink = isDark(Fill) ? "#ffffff" : "#000000";
  } else {
    drawNoTime(Doc, V, X, Y, L.CellWidth, L.CellHeight);
  }
  drawRoles(Doc, E, V, X, Y, L.CellWidth, L.CellHeight);
  double Middle = Y + L.CellHeight / 2 + 4;
  if (L.RolesFit && (V.Point == E.Winner || V.Point == E.Default)) {
    Doc.text(X + L.CellWidth / 2, Y + 11,
             V.Point == E.Winner
                 ? (V.Point == E.Default ? "win, default" : "winner")
                 : "default",
             {{"class", "role-label"},
              {"text-anchor", "middle"},
              {"font-size", "8"},
              {"fill", Ink}});
    Middle = Y + L.CellHeight - 6;
  }
  if (L.TimesFit && (isMeasured(V) || !isFailed(V)))
    Doc.text(X + L.CellWidth / 2, Middle,
             isMeasured(V) ? formatSeconds(V.Best) : statusWord(V),
             {{"text-anchor", "middle"}, {"font-size", "10"}, {"fill", Ink}});
  Doc.close();
}

// The heat map of the points of Drawn whose first parameters are Group,
// its top left corner at MapLeft, MapTop.
void drawHeatMap(SvgDocument &Doc, const CacheEntry &E,
                 const std::vector<const CachedVariant *> &Drawn,
                 const std::vector<long long> &Group, const HeatMapLayout &L,
                 const TimeScale &Scale, double MapLeft, double MapTop) {
  double GridLeft = MapLeft + L.Pad, GridTop = MapTop + L.Head;
  std::string Label;
  for (std::size_t P = 0; P < Group.size(); ++P)
    Label += (P ? " " : "") + E.Params[P] + "=" + std::to_string(Group[P]);
  Doc.open("g", {{"class", "heat-map"}, {"data-fixed", printable(Label)}});
  if (L.Labelled)
    Doc.text(MapLeft, MapTop + 12, printable(Label),
             {{"class", "map-label"}, {"font-weight", "bold"}});
  drawHeatMapAxes(Doc, E, L, MapLeft, GridLeft, GridTop);
  for (const CachedVariant *V : Drawn) {
    if (!std::equal(Group.begin(), Group.end(), V->Point.begin()))
      continue;
    double Column =
        static_cast<double>(indexOf(L.Columns, V->Point[L.ColumnParam]));
    double Row = static_cast<double>(indexOf(L.Rows, V->Point[L.RowParam]));
    drawHeatCell(Doc, E, *V, L, Scale, GridLeft + L.CellWidth * Column,
                 GridTop + L.CellHeight * Row);
  }
  Doc.close();
}

// Two parameters or more: a heat map of the last two (rows, columns) for
// each combination of the others' values, labelled with it; the colour is
// the fastest run, on one scale for the whole entry.
double drawHeatMaps(SvgDocument &Doc, const CacheEntry &E,
                    const std::vector<const CachedVariant *> &Drawn, double Top,
                    double &RightEdge) {
  std::size_t RowParam = E.Params.size() - 2;
  std::vector<std::vector<long long>> Groups = groupsOf(Drawn, RowParam);
  TimeScale Scale = timeScaleOf(Drawn);
  HeatMapLayout L = heatMapLayout(E, Drawn, Groups.size());
  for (std::size_t G = 0; G < Groups.size(); ++G) {
    double MapLeft =
        Margin + static_cast<double>(G % L.PerRow) * (L.MapWidth + L.Gap);
    double MapTop =
        Top + static_cast<double>(G / L.PerRow) * (L.MapHeight + L.Gap);
    RightEdge = std::max(RightEdge, MapLeft + L.MapWidth);
    drawHeatMap(Doc, E, Drawn, Groups[G], L, Scale, MapLeft, MapTop);
  }
  std::size_t MapRows = (Groups.size() + L.PerRow - 1) / L.PerRow;
  double Height = static_cast<double>(MapRows) * (L.MapHeight + L.Gap);
  if (Scale.Fastest > 0)
    Height += drawColourLegend(Doc, Scale, Top + Height);
  return Height;
}

// The key to the marks, the same in every panel.
double drawMarkKey(SvgDocument &Doc, double Top) {
  Doc.open("g", {{"class", "mark-key"}, {"font-size", "11"}});
  double X = Margin;
  auto Entry = [&](const std::string &Label, auto DrawSwatch) {
    DrawSwatch(X, Top);
    Doc.text(X + 20, Top + 11, Label);
    X += 20 + textWidth(Label, 11) * 0.9 + 16;
  };
  Entry("winner", [&](double SX, double SY) {
    Doc.rect(
        SX + 1.5, SY + 1.5, 11, 11,
        {{"fill", "none"}, {"stroke", WinnerColour}, {"stroke-width", "3"}});
  });
  Entry("default point", [&](double SX, double SY) {
    Doc.rect(SX + 1, SY + 1, 12, 12,
             {{"fill", "none"},
              {"stroke", DefaultColour},
              {"stroke-width", "2"},
              {"stroke-dasharray", "4 2"}});
  });
  CachedVariant Failed, Cut, NotMeasured;
  Failed.Status = statusName(VariantStatus::LaunchFailed);
  Cut.Status = statusName(VariantStatus::Cut);
  NotMeasured.Status = statusName(VariantStatus::NotMeasured);
  Entry("failed, rejected or fatal",
        [&](double SX, double SY) { drawNoTime(Doc, Failed, SX, SY, 14, 14); });
  Entry("cut (warm-up far slower)",
        [&](double SX, double SY) { drawNoTime(Doc, Cut, SX, SY, 14, 14); });
  Entry("not run (not measured)", [&](double SX, double SY) {
    drawNoTime(Doc, NotMeasured, SX, SY, 14, 14);
  });
  Doc.close();
  return 24;
}

} // namespace

double drawPlotHeading(SvgDocument &Doc, const std::string &Title,
                       std::size_t Entries) {
  Doc.text(Margin, 26, Title, {{"font-size", "18"}, {"font-weight", "bold"}});
  Doc.text(Margin, 44,
           plural(static_cast<long long>(Entries), "entry", "entries") +
               "; times are each point's fastest run, what ranks the points",
           {{"fill", MutedText}});
  return 56;
}

double drawPlotPanel(SvgDocument &Doc, const CacheEntry &Entry, double Top,
                     double &RightEdge) {
  // An unfinished entry has no winner: its leader is named, not marked.
  CacheEntry Unmarked;
  if (Entry.Unfinished) {
    Unmarked = Entry;
    Unmarked.Winner.clear();
  }
  const CacheEntry &E = Entry.Unfinished ? Unmarked : Entry;
  Doc.line(Margin, Top, PageWidth - Margin, Top, "#bbbbbb");
  Top += 8;
  Doc.open("g", {{"class", "panel"}});
  Doc.text(Margin, Top + 16, describeEntry(E),
           {{"class", "panel-heading"},
            {"font-size", "14"},
            {"font-weight", "bold"}});
  std::string Result = "tuned " + printable(E.TunedAt) + " in " +
                       formatSeconds(E.TuningSeconds) + "; winner " +
                       printable(formatCachedPoint(E, E.Winner)) + " (" +
                       timeText(E, E.Winner) + ")";
  if (Entry.Unfinished)
    Result = "raced " + printable(E.TunedAt) + " for " +
             formatSeconds(E.TuningSeconds) + "; " +
             printable(describeUnfinished(E)) + "; leading " +
             printable(formatCachedPoint(E, Entry.Winner)) + " (" +
             timeText(E, Entry.Winner) + ")";
  else if (E.Winner == E.Default)
    Result += ", the default point";
  else
    Result +=
        ", default " + printable(formatCachedPoint(E, E.Default)) + " (" +
        timeText(E, E.Default) + ")" +
        (E.SpeedUp > 0 ? ": " + formatSpeedUp(E.SpeedUp) + " faster" : "");
  Doc.text(Margin, Top + 34, Result,
           {{"class", "panel-result"}, {"fill", MutedText}});
  double Y = Top + 44;
  Y += drawMarkKey(Doc, Y);
  std::vector<const CachedVariant *> Drawn = drawnVariants(E);
  if (Drawn.empty()) {
    Doc.text(
        Margin, Y + 16,
        "the entry holds no per-point times (too large to keep them): only "
        "its winner",
        {{"font-style", "italic"}});
    Y += 28;
  } else if (E.Params.size() < 2) {
    Y += drawBars(Doc, E, Drawn, Y);
  } else {
    Y += drawHeatMaps(Doc, E, Drawn, Y, RightEdge);
  }
  Doc.close();
  return Y - Top + 8;
}

void drawPlotDefinitions(SvgDocument &Doc) {
  Doc.open("defs");
  Doc.open("pattern", {{"id", "cut-hatch"},
                       {"width", "6"},
                       {"height", "6"},
                       {"patternUnits", "userSpaceOnUse"},
                       {"patternTransform", "rotate(45)"}});
  Doc.rect(0, 0, 6, 6, {{"fill", "#ffffff"}});
  Doc.line(0, 0, 0, 6, "#999999", 3);
  Doc.close();
  Doc.open("linearGradient", {{"id", "time-scale"}});
  for (int I = 0; I < PaletteSize; ++I)
    Doc.element("stop",
                {{"offset", num(static_cast<double>(I) / (PaletteSize - 1))},
                 {"stop-color", Palette[I]}});
  Doc.close();
  Doc.close();
}

} // namespace autotune
