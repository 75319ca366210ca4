// JSON <-> CacheEntry. The reader trusts nothing: the JSON library checks the
// syntax, then every field is checked for presence, type and range before it
// is read, so an entry it accepts has points of the right size and finite
// times, and no input makes parseCacheEntry throw.
#include "cache/CacheFile.h"
#include "support/TextFormat.h"
#include "tune/TuningRecord.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <memory>
#include <set>

namespace autotune {
namespace {

using nlohmann::json;
// Written with the fields in a fixed, readable order (format and version
// first, parameters in the site's order); read as any JSON object.
using ordered = nlohmann::ordered_json;

constexpr const char *FormatName = CacheFormatName;
// Deeper JSON is not a cache entry (an entry nests 4 levels); the parser
// builds none of it, which bounds what a hostile file costs.
constexpr int MaxNesting = 16;

ordered pointToJson(const std::vector<std::string> &Params,
                    const std::vector<long long> &Point) {
  ordered Object = ordered::object();
  for (std::size_t P = 0; P < Params.size() && P < Point.size(); ++P)
    Object[Params[P]] = Point[P];
  return Object;
}

ordered secondsOrNull(double Value) {
  return isCachedSeconds(Value) ? ordered(Value) : ordered(nullptr);
}

ordered fractionOrNull(double Value) {
  return Value >= 0 && Value < 1 ? ordered(Value) : ordered(nullptr);
}

ordered keyToJson(const CacheEntry &E) {
  ordered Key = ordered::array();
  for (std::size_t I = 0; I < E.Key.size(); ++I)
    if (I < E.KeyUnsigned.size() && E.KeyUnsigned[I])
      Key.push_back(static_cast<std::uint64_t>(E.Key[I]));
    else
      Key.push_back(E.Key[I]);
  return Key;
}

ordered toJson(const CacheEntry &E, bool WithSamples, bool WithVariants) {
  ordered Site = {{"label", E.Site},
                  {"name", E.Name},
                  {"function", E.Function},
                  {"context", E.Context},
                  {"file", E.File},
                  {"line", E.Line},
                  {"fingerprint", hex64(E.Fingerprint)},
                  {"pragma", E.Pragma},
                  {"statement", E.Statement},
                  {"params", E.Params}};
  ordered Device = {
      {"model", E.DeviceModel}, {"driver", E.Driver}, {"runtime", E.Runtime}};
  ordered Variants = ordered::array();
  if (WithVariants)
    for (const CachedVariant &V : E.Variants) {
      ordered Samples = ordered::array();
      if (WithSamples)
        for (double S : V.Samples)
          if (isCachedSeconds(S))
            Samples.push_back(S);
      ordered Variant = {{"point", pointToJson(E.Params, V.Point)},
                         {"status", V.Status},
                         {"median", secondsOrNull(V.Median)},
                         {"best", secondsOrNull(V.Best)},
                         {"samples", std::move(Samples)}};
      if (V.WarmUp >= 0)
        Variant["warm_up"] = secondsOrNull(V.WarmUp);
      if (!V.Problem.empty())
        Variant["problem"] = V.Problem;
      Variants.push_back(std::move(Variant));
    }
  ordered Extents = ordered::array();
  for (const CachedExtent &X : E.Extents)
    Extents.push_back({{"buffer", X.Clause}, {"count", X.Count}});
  ordered Root = {
      {"format", FormatName},
      {"version",
       E.Unfinished ? UnfinishedCacheFormatVersion : CacheFormatVersion},
      {"site", std::move(Site)},
      {"device", std::move(Device)},
      {"key", keyToJson(E)},
      {"winner", pointToJson(E.Params, E.Winner)},
      {"default", pointToJson(E.Params, E.Default)},
      {"speedup",
       isCachedSpeedUp(E.SpeedUp) ? ordered(E.SpeedUp) : ordered(nullptr)},
      {"tuned_at", E.TunedAt},
      {"tuned_by", E.TunedBy.empty() ? ordered(nullptr) : ordered(E.TunedBy)},
      {"tuning_seconds", secondsOrNull(E.TuningSeconds)}};
  if (E.Unfinished)
    Root["unfinished"] = {{"calls", E.UnfinishedCalls}};
  Root["extents"] = std::move(Extents);
  Root["fastest"] =
      E.Fastest.empty() ? ordered(nullptr) : pointToJson(E.Params, E.Fastest);
  Root["tie_band"] = fractionOrNull(E.TieBand);
  Root["min_gain"] = fractionOrNull(E.MinGain);
  Root["variants"] = std::move(Variants);
  return Root;
}

std::string dump(const ordered &J) {
  // Site and statement text come from user sources, which need not be
  // UTF-8; replacing bad bytes keeps the entry writable.
  return J.dump(2, ' ', false, ordered::error_handler_t::replace) + "\n";
}

// Why a text is not an entry this version can trust. Thrown by the readers
// below and caught by parseCacheEntry, so that each reader is a list of its
// checks.
struct Refusal {
  std::string Problem;
};

// The text parsed once, and what classifyCacheText() needs of it.
struct ParsedText {
  json Root;
  bool Valid = false;    // JSON, syntax and UTF-8 checked by the library
  bool TooDeep = false;  // a container nested MaxNesting deep or more
  std::string Duplicate; // the first key found twice in one object
  bool Marked = false;   // a top-level "format": "autotune-cache"
};

// Parses with the JSON library, which checks the syntax (UTF-8 included).
// Its callback notes what the library would accept and we do not: nesting
// deeper than an entry's, whose values it then never builds, and a key twice
// in one object, where readers disagree on which value counts (the library
// takes the last, as jq does; another tool may take the first). It also
// notes whether the text says it is in the cache's format, the last
// top-level "format" counting, as it does for the library.
ParsedText parseJson(const std::string &Text) {
  ParsedText Parsed;
  std::vector<std::set<std::string>> Keys; // of each open object built
  std::string TopKey;
  Parsed.Root = json::parse(
      Text,
      [&](int Depth, json::parse_event_t Event, json &Value) {
        using Kind = json::parse_event_t;
        if (Event == Kind::object_start || Event == Kind::array_start) {
          if (Depth >= MaxNesting) {
            Parsed.TooDeep = true;
            return false; // neither it nor its contents are built
          }
          if (Event == Kind::object_start)
            Keys.emplace_back();
        } else if (Event == Kind::object_end) {
          Keys.pop_back();
        } else if (Event == Kind::key && Depth <= MaxNesting) {
          // Deeper keys are those of objects that are not built.
          const std::string &Key = Value.get_ref<const std::string &>();
          if (Parsed.Duplicate.empty() && !Keys.back().insert(Key).second)
            Parsed.Duplicate = Key;
          if (Depth == 1) {
            TopKey = Key;
            if (TopKey == "format")
              Parsed.Marked = false;
          }
        } else if (Event == Kind::value && Depth == 1 && TopKey == "format") {
          Parsed.Marked =
              Value.is_string() &&
              Value.get_ref<const std::string &>() == CacheFormatName;
        }
        return true;
      },
      /*allow_exceptions=*/false);
  Parsed.Valid = !Parsed.Root.is_discarded();
  return Parsed;
}

// Refuses JSON that the callback of parseJson() found wrong.
void checkJson(const ParsedText &Parsed) {
  if (Parsed.TooDeep)
    throw Refusal{"not a cache entry (nested too deeply)"};
  if (!Parsed.Valid)
    throw Refusal{"not valid JSON (truncated or corrupt)"};
  if (!Parsed.Duplicate.empty())
    throw Refusal{"duplicate key '" + Parsed.Duplicate + "'"};
}

// A value of the entry and its path for messages ("variants[2].median").
// The type and range checks happen here, before a value is read, so that
// the library's conversions (which turn 3.5 or true into an integer) never
// decide.
class Field {
public:
  Field(const json &Value, std::string Path)
      : Value(Value), Path(std::move(Path)) {}

  [[noreturn]] void refuse(const std::string &What) const {
    throw Refusal{"'" + Path + "' " + What};
  }

  bool has(const std::string &Name) const { return Value.contains(Name); }
  bool isNull() const { return Value.is_null(); }

  // The member Name, which must be there.
  Field operator[](const std::string &Name) const {
    std::string Child = Path.empty() ? Name : Path + "." + Name;
    auto It = Value.find(Name);
    if (It == Value.end())
      throw Refusal{"missing '" + Child + "'"};
    return Field(*It, std::move(Child));
  }

  const Field &object() const {
    if (!Value.is_object())
      refuse("must be an object");
    return *this;
  }

  // Calls Read with each element; What says what the array must be.
  template <typename ReadElement>
  void forEach(const char *What, ReadElement &&Read) const {
    if (!Value.is_array())
      refuse(What);
    for (std::size_t I = 0; I < Value.size(); ++I)
      Read(Field(Value[I], Path + "[" + std::to_string(I) + "]"));
  }

  std::string string() const {
    if (!Value.is_string())
      refuse("must be a string");
    return Value.get<std::string>();
  }

  // A key value: a signed 64-bit integer, or an unsigned one above
  // INT64_MAX (Unsigned), held in the same 64 bits.
  long long keyInteger(bool &Unsigned) const {
    Unsigned =
        Value.is_number_unsigned() &&
        Value.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
    if (Unsigned)
      return static_cast<long long>(Value.get<std::uint64_t>());
    return integer();
  }

  long long integer() const {
    if (Value.is_number_unsigned() &&
        Value.get<std::uint64_t>() >
            static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
      refuse("is out of range");
    if (!Value.is_number_integer())
      refuse("must be an integer");
    return Value.get<long long>();
  }

  // A finite, non-negative number; null gives -1 where Nullable.
  double number(bool Nullable) const {
    if (Nullable && Value.is_null())
      return -1;
    if (!Value.is_number())
      refuse(Nullable ? "must be a number or null" : "must be a number");
    double Number = Value.get<double>();
    if (!std::isfinite(Number) || Number < 0)
      refuse("must be finite and not negative");
    return Number;
  }

  // A time (isCachedSeconds); null gives -1 where Nullable.
  double seconds(bool Nullable) const {
    double Seconds = number(Nullable);
    if (Seconds >= 0 && !isCachedSeconds(Seconds))
      refuse("must be 0 or between 1e-12 and 1e7 seconds");
    return Seconds;
  }

  // A fraction below 1; null gives -1.
  double fraction() const {
    double Fraction = number(/*Nullable=*/true);
    if (Fraction >= 1)
      refuse("must be a fraction below 1");
    return Fraction;
  }

  // {"X": 16, "Y": 2}: a value for each of Params, and nothing else.
  std::vector<long long> point(const std::vector<std::string> &Params) const {
    if (!Value.is_object())
      refuse("must be an object of parameter values");
    if (Value.size() != Params.size())
      refuse("must give exactly the parameters of 'site.params'");
    std::vector<long long> Point;
    for (const std::string &Param : Params) {
      if (!has(Param))
        refuse("has no value for '" + Param + "'");
      Point.push_back((*this)[Param].integer());
    }
    return Point;
  }

private:
  const json &Value;
  std::string Path;
};

void readSite(const Field &Site, CacheEntry &E) {
  Site.object();
  E.Site = Site["label"].string();
  E.Name = Site["name"].string();
  E.Function = Site["function"].string();
  // Optional: absent from entries written before it.
  if (Site.has("context"))
    E.Context = Site["context"].string();
  E.File = Site["file"].string();
  E.Pragma = Site["pragma"].string();
  E.Statement = Site["statement"].string();
  Field Fingerprint = Site["fingerprint"];
  std::string Hex = Fingerprint.string();
  auto [End, Error] =
      std::from_chars(Hex.data(), Hex.data() + Hex.size(), E.Fingerprint, 16);
  if (Hex.size() != 16 || Error != std::errc() || End != Hex.data() + 16)
    Fingerprint.refuse("must be 16 hexadecimal digits");
  Field Line = Site["line"];
  long long LineNumber = Line.integer();
  if (LineNumber < 0 || LineNumber > std::numeric_limits<unsigned>::max())
    Line.refuse("is out of range");
  E.Line = static_cast<unsigned>(LineNumber);

  Field Params = Site["params"];
  const char *Names = "must be a non-empty array of identifiers";
  std::set<std::string> Seen;
  Params.forEach(Names, [&](const Field &Param) {
    std::string Name = Param.string();
    if (!isParameterName(Name))
      Params.refuse(Names);
    if (!Seen.insert(Name).second)
      Params.refuse("names a parameter twice");
    E.Params.push_back(std::move(Name));
  });
  if (E.Params.empty())
    Params.refuse(Names);
}

void readDevice(const Field &Device, CacheEntry &E) {
  Device.object();
  E.DeviceModel = Device["model"].string();
  E.Driver = Device["driver"].string();
  E.Runtime = Device["runtime"].string();
}

CachedVariant readVariant(const Field &V, const CacheEntry &E) {
  V.object();
  CachedVariant Out;
  Out.Point = V["point"].point(E.Params);
  Field Status = V["status"];
  Out.Status = Status.string();
  if (!isStatusName(Out.Status))
    Status.refuse("is not a known status");
  Out.Median = V["median"].seconds(/*Nullable=*/true);
  Out.Best = V.has("best") ? V["best"].seconds(/*Nullable=*/true) : Out.Median;
  V["samples"].forEach("must be an array", [&](const Field &Sample) {
    Out.Samples.push_back(Sample.seconds(/*Nullable=*/false));
  });
  if (V.has("warm_up"))
    Out.WarmUp = V["warm_up"].seconds(/*Nullable=*/true);
  if (V.has("problem"))
    Out.Problem = V["problem"].string();
  return Out;
}

void readEntry(const json &Json, CacheEntry &E) {
  if (!Json.is_object())
    throw Refusal{"not a cache entry (the top level is not an object)"};
  auto Format = Json.find("format");
  if (Format == Json.end() || *Format != FormatName)
    throw Refusal{"not a cache entry ('format' is not \"autotune-cache\")"};
  auto Version = Json.find("version");
  if (Version == Json.end() || !Version->is_number_integer())
    throw Refusal{"'version' must be an integer"};
  if (*Version != CacheFormatVersion &&
      *Version != UnfinishedCacheFormatVersion)
    throw Refusal{"format version " + Version->dump() +
                  ", this autotune reads versions " +
                  std::to_string(CacheFormatVersion) + " and " +
                  std::to_string(UnfinishedCacheFormatVersion)};

  Field Root(Json, "");

  readSite(Root["site"], E);
  readDevice(Root["device"], E);
  Root["key"].forEach("must be an array of integers", [&](const Field &Value) {
    bool Unsigned = false;
    E.Key.push_back(Value.keyInteger(Unsigned));
    E.KeyUnsigned.push_back(Unsigned);
  });
  E.Winner = Root["winner"].point(E.Params);
  E.Default = Root["default"].point(E.Params);
  Field SpeedUp = Root["speedup"];
  E.SpeedUp = SpeedUp.number(/*Nullable=*/true);
  if (E.SpeedUp >= 0 && !isCachedSpeedUp(E.SpeedUp))
    SpeedUp.refuse("must be between 1e-9 and 1e9");
  E.TunedAt = Root["tuned_at"].string();
  if (Root.has("tuned_by") && !Root["tuned_by"].isNull())
    E.TunedBy = Root["tuned_by"].string();
  E.TuningSeconds =
      std::max(0.0, Root["tuning_seconds"].seconds(/*Nullable=*/true));
  // Optional: files written before extents were recorded have none.
  if (Root.has("extents"))
    Root["extents"].forEach("must be an array", [&](const Field &X) {
      X.object();
      E.Extents.push_back({X["buffer"].string(), X["count"].integer()});
    });
  // Optional: files written before the tie band was recorded have none.
  if (Root.has("fastest") && !Root["fastest"].isNull())
    E.Fastest = Root["fastest"].point(E.Params);
  if (Root.has("tie_band"))
    E.TieBand = Root["tie_band"].fraction();
  if (Root.has("min_gain"))
    E.MinGain = Root["min_gain"].fraction();
  // Only an unfinished entry has it, and only it is version 2: an entry
  // whose version and field disagree is damaged or forged, and would be
  // taken for a result (or a result for a race) by one reader or another.
  bool Version2 = *Version == UnfinishedCacheFormatVersion;
  if (Root.has("unfinished") != Version2)
    throw Refusal{Version2 ? "format version 2 without 'unfinished'"
                           : "'unfinished' in a format version 1 entry"};
  if (Root.has("unfinished")) {
    Field Unfinished = Root["unfinished"];
    Unfinished.object();
    Field Calls = Unfinished["calls"];
    long long Count = Calls.integer();
    if (Count < 0 || Count > std::numeric_limits<unsigned>::max())
      Calls.refuse("is out of range");
    E.Unfinished = true;
    E.UnfinishedCalls = static_cast<unsigned>(Count);
  }
  Root["variants"].forEach("must be an array", [&](const Field &V) {
    E.Variants.push_back(readVariant(V, E));
  });
}

} // namespace

bool isCachedSeconds(double Seconds) {
  return Seconds == 0 ||
         (Seconds >= MinCachedSeconds && Seconds <= MaxCachedSeconds);
}

bool isCachedSpeedUp(double SpeedUp) {
  return SpeedUp >= 1 / MaxCachedSpeedUp && SpeedUp <= MaxCachedSpeedUp;
}

bool isParameterName(const std::string &Name) {
  auto Letter = [](char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
  };
  if (Name.empty() || !Letter(Name[0]))
    return false;
  return std::all_of(Name.begin(), Name.end(), [&](char C) {
    return Letter(C) || (C >= '0' && C <= '9');
  });
}

bool isCacheTime(const std::string &Text) {
  if (Text.empty())
    return true;
  static const char Shape[] = "dddd-dd-ddTdd:dd:ddZ";
  if (Text.size() != sizeof Shape - 1)
    return false;
  for (std::size_t I = 0; I < Text.size(); ++I)
    if (Shape[I] == 'd' ? !(Text[I] >= '0' && Text[I] <= '9')
                        : Text[I] != Shape[I])
      return false;
  auto Field = [&](std::size_t At, std::size_t Width) {
    return std::stoi(Text.substr(At, Width));
  };
  int Year = Field(0, 4), Month = Field(5, 2), Day = Field(8, 2);
  static const int Days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool Leap = (Year % 4 == 0 && Year % 100 != 0) || Year % 400 == 0;
  return Year >= 1970 && Month >= 1 && Month <= 12 && Day >= 1 &&
         Day <= (Month == 2 && !Leap ? 28 : Days[Month - 1]) &&
         Field(11, 2) <= 23 && Field(14, 2) <= 59 && Field(17, 2) <= 60;
}

std::string serializeCacheEntry(const CacheEntry &Entry) {
  // Samples make most of a large entry; then the per-variant records. The
  // identity and the winner always fit unless the site's texts are huge.
  for (int Level = 0; Level < 3; ++Level) {
    std::string Text = dump(toJson(Entry, Level == 0, Level < 2));
    if (Text.size() <= MaxCacheFileBytes)
      return Text;
  }
  return std::string();
}

CacheTextKind classifyCacheText(const std::string &Text, CacheEntry &Entry,
                                std::string &Problem) {
  Entry = CacheEntry();
  ParsedText Parsed;
  try {
    if (Text.empty())
      throw Refusal{"empty file"};
    Parsed = parseJson(Text);
    checkJson(Parsed);
    readEntry(Parsed.Root, Entry);
    return CacheTextKind::Entry;
  } catch (const Refusal &Refused) {
    Problem = Refused.Problem;
  } catch (const std::exception &Error) {
    // Not expected after the checks above; a bad entry is never fatal.
    Problem = std::string("unreadable entry: ") + Error.what();
  }
  Entry = CacheEntry();
  if (!Parsed.Valid)
    return CacheTextKind::NotJson;
  return Parsed.Marked ? CacheTextKind::Marked : CacheTextKind::OtherJson;
}

bool parseCacheEntry(const std::string &Text, CacheEntry &Entry,
                     std::string &Problem) {
  return classifyCacheText(Text, Entry, Problem) == CacheTextKind::Entry;
}

namespace {
// Entry's parameter names as the TextFormat.h functions take them.
std::vector<const char *> paramNames(const CacheEntry &Entry) {
  std::vector<const char *> Names;
  for (const std::string &Param : Entry.Params)
    Names.push_back(Param.c_str());
  return Names;
}
} // namespace

std::string formatCachedPoint(const CacheEntry &Entry,
                              const std::vector<long long> &Point) {
  std::vector<const char *> Names = paramNames(Entry);
  return formatPoint(Names.data(), Point.data(),
                     std::min(Names.size(), Point.size()));
}

std::string formatCachedClausePoint(const CacheEntry &Entry,
                                    const std::vector<long long> &Point) {
  std::vector<const char *> Names = paramNames(Entry);
  return formatClausePoint(Names.data(), Point.data(),
                           std::min(Names.size(), Point.size()));
}

std::string formatCachedKey(const CacheEntry &Entry) {
  std::unique_ptr<bool[]> Unsigned(new bool[Entry.Key.size() + 1]());
  for (std::size_t I = 0; I < Entry.Key.size(); ++I)
    Unsigned[I] = I < Entry.KeyUnsigned.size() && Entry.KeyUnsigned[I];
  return formatKey(Entry.Key.data(), Entry.Key.size(), Unsigned.get());
}

bool sameKey(const CacheEntry &A, const CacheEntry &B) {
  if (A.Key != B.Key)
    return false;
  for (std::size_t I = 0; I < A.Key.size(); ++I)
    if ((I < A.KeyUnsigned.size() && A.KeyUnsigned[I]) !=
        (I < B.KeyUnsigned.size() && B.KeyUnsigned[I]))
      return false;
  return true;
}

const CachedVariant *variantAtPoint(const CacheEntry &Entry,
                                    const std::vector<long long> &Point) {
  for (const CachedVariant &V : Entry.Variants)
    if (V.Point == Point)
      return &V;
  return nullptr;
}

bool isInTieBand(const CacheEntry &Entry, const CachedVariant &V) {
  const CachedVariant *Fastest = variantAtPoint(Entry, Entry.Fastest);
  return Entry.TieBand >= 0 && Fastest &&
         withinTieBand(V.Best, Fastest->Best, Entry.TieBand);
}

double defaultKeptBy(const CacheEntry &Entry) {
  const CachedVariant *Fastest = variantAtPoint(Entry, Entry.Fastest);
  const CachedVariant *Default = variantAtPoint(Entry, Entry.Default);
  if (Entry.Winner != Entry.Default || Entry.Fastest == Entry.Default ||
      !Fastest || !Default || Fastest->Best <= 0 || Default->Best < 0)
    return -1;
  return Default->Best / Fastest->Best - 1;
}

std::string describeUnfinished(const CacheEntry &Entry) {
  // A point counts as run once it has a run or an end: the count the log
  // gives while the race is open (OnlineTuning::progress()).
  std::size_t Run = 0;
  for (const CachedVariant &V : Entry.Variants)
    Run += V.WarmUp >= 0 || !V.Samples.empty() ||
           V.Status != statusName(VariantStatus::NotMeasured);
  return "unfinished: " + std::to_string(Run) + " of " +
         std::to_string(Entry.Variants.size()) + " points run, " +
         std::to_string(Entry.UnfinishedCalls) +
         (Entry.UnfinishedCalls == 1 ? " call" : " calls") + " so far";
}

bool isEntryOfSite(const CacheEntry &Entry, const std::string &Site) {
  return Entry.Site == Site || Entry.Name == Site;
}

} // namespace autotune
