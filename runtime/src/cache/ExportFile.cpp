// The export text <-> entries. The reader checks the whole text's syntax
// first, without building anything, then cuts the array into its elements
// and hands each element's text, as it is, to the cache file's own checks
// (classifyCacheText), so that an element is accepted exactly when a cache
// file of that text would be.
#include "cache/ExportFile.h"

#include <nlohmann/json.hpp>

#include <exception>
#include <utility>

namespace autotune {
namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

bool isJsonSpace(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r';
}

// The elements of the JSON array that starts at Text[Open], as [begin, end)
// offsets of their text. Text must be valid JSON (json::accept): then a
// bracket or comma outside a string is structure, and a string ends at the
// first quote that is not escaped. False when there are more than
// MaxExportEntries.
bool cutArray(const std::string &Text, std::size_t Open,
              std::vector<std::pair<std::size_t, std::size_t>> &Elements) {
  int Depth = 0;
  std::size_t Start = Open + 1;
  for (std::size_t I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '"') {
      for (++I; Text[I] != '"'; ++I)
        if (Text[I] == '\\')
          ++I;
    } else if (C == '[' || C == '{') {
      ++Depth;
    } else if ((C == ',' && Depth == 1) ||
               ((C == ']' || C == '}') && --Depth == 0)) {
      // The one element of "[ ]" is blanks: no element.
      std::size_t First = Start;
      while (First < I && isJsonSpace(Text[First]))
        ++First;
      if (First < I) {
        if (Elements.size() == MaxExportEntries)
          return false;
        Elements.emplace_back(Start, I);
      }
      if (Depth == 0)
        break;
      Start = I + 1;
    }
  }
  return true;
}

// "entry 3 (site 'saxpy')": how a problem names an element. The site is read
// from the element's top two levels only: the element can be anything.
std::string elementName(std::size_t Index, const std::string &Element) {
  std::string Name = "entry " + std::to_string(Index + 1);
  json Top = json::parse(
      Element,
      [](int Depth, json::parse_event_t Event, json &) {
        return Depth < 2 || (Event != json::parse_event_t::object_start &&
                             Event != json::parse_event_t::array_start);
      },
      /*allow_exceptions=*/false);
  if (!Top.is_object())
    return Name;
  auto Site = Top.find("site");
  if (Site == Top.end() || !Site->is_object())
    return Name;
  auto Label = Site->find("label");
  if (Label == Site->end() || !Label->is_string())
    return Name;
  return Name + " (site '" + Label->get<std::string>() + "')";
}

} // namespace

std::string serializeExport(const std::vector<ExportedEntry> &Entries) {
  ordered All = ordered::array();
  for (const ExportedEntry &E : Entries) {
    ordered J = ordered::parse(serializeCacheEntry(E.Entry), nullptr, false);
    if (J.is_discarded())
      continue;
    J["file"] = E.File;
    All.push_back(std::move(J));
  }
  // ensure_ascii: control characters, C1 included, become \\u escapes;
  // DEL is ASCII to the library and is written as it is, so escape it here
  // (a raw 0x7f byte only occurs inside a string).
  std::string Text = All.dump(2, ' ', true, ordered::error_handler_t::replace);
  for (std::size_t At = Text.find('\x7f'); At != std::string::npos;
       At = Text.find('\x7f', At))
    Text.replace(At, 1, "\\u007f");
  return Text + "\n";
}

bool parseExportText(const std::string &Text, std::vector<CacheEntry> &Entries,
                     std::vector<std::string> &Problems) {
  Entries.clear();
  Problems.clear();
  try {
    if (Text.size() > MaxExportBytes) {
      Problems.push_back("larger than " + std::to_string(MaxExportBytes >> 20) +
                         " MiB: not an export of a cache");
      return false;
    }
    if (!json::accept(Text)) {
      Problems.push_back(Text.empty()
                             ? "empty file"
                             : "not valid JSON (truncated or corrupt)");
      return false;
    }
    std::size_t Open = 0;
    while (isJsonSpace(Text[Open]))
      ++Open;
    std::vector<std::pair<std::size_t, std::size_t>> Elements;
    if (Text[Open] == '{') {
      Elements.emplace_back(0, Text.size()); // one cache file's text
    } else if (Text[Open] != '[') {
      Problems.push_back("not an export of a cache (expected a JSON array of "
                         "entries, or one entry)");
      return false;
    } else if (!cutArray(Text, Open, Elements)) {
      Problems.push_back("more than " + std::to_string(MaxExportEntries) +
                         " entries: not an export of a cache");
      return false;
    }
    for (std::size_t I = 0; I < Elements.size(); ++I) {
      std::string Element = Text.substr(Elements[I].first,
                                        Elements[I].second - Elements[I].first);
      CacheEntry Entry;
      std::string Problem;
      if (parseCacheEntry(Element, Entry, Problem))
        Entries.push_back(std::move(Entry));
      else
        Problems.push_back(elementName(I, Element) + ": " + Problem);
    }
  } catch (const std::exception &Error) {
    // Not expected after the checks above; a bad export is never fatal.
    Problems.push_back(std::string("unreadable export: ") + Error.what());
  }
  return Problems.empty();
}

} // namespace autotune
