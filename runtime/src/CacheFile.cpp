// JSON <-> CacheEntry. The parser trusts nothing: every field is checked for
// presence, type and range before it is read, so no input makes it throw,
// and an entry it accepts has points of the right size and finite times.
#include "CacheFile.h"
#include "TextFormat.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace autotune {
namespace {

using nlohmann::json;
// Written with the fields in a fixed, readable order (format and version
// first, parameters in the site's order); read as any JSON object.
using ordered = nlohmann::ordered_json;

constexpr const char *FormatName = CacheFormatName;
// Deeper JSON is not a cache entry (an entry nests 4 levels); refusing it
// before parsing bounds the parser's work on hostile input.
constexpr int MaxNesting = 16;

const char *const Statuses[] = {"ok",       "not measured", "launch failed",
                                "rejected", "fatal",        "cut"};

bool nestsTooDeep(const std::string &Text) {
  int Depth = 0;
  bool InString = false, Escaped = false;
  for (char C : Text) {
    if (InString) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{') {
      if (++Depth > MaxNesting)
        return true;
    } else if (C == ']' || C == '}')
      --Depth;
  }
  return false;
}

bool parseHex64(const std::string &Text, std::uint64_t &Value) {
  if (Text.size() != 16)
    return false;
  Value = 0;
  for (char C : Text) {
    int Digit = C >= '0' && C <= '9'   ? C - '0'
                : C >= 'a' && C <= 'f' ? C - 'a' + 10
                : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                       : -1;
    if (Digit < 0)
      return false;
    Value = Value << 4 | static_cast<unsigned>(Digit);
  }
  return true;
}

ordered pointToJson(const std::vector<std::string> &Params,
                    const std::vector<long long> &Point) {
  ordered Object = ordered::object();
  for (std::size_t P = 0; P < Params.size() && P < Point.size(); ++P)
    Object[Params[P]] = Point[P];
  return Object;
}

ordered finiteOrNull(double Value) {
  return std::isfinite(Value) && Value >= 0 ? ordered(Value) : ordered(nullptr);
}

ordered toJson(const CacheEntry &E, bool WithSamples, bool WithVariants) {
  ordered Site = {
      {"label", E.Site},        {"name", E.Name},
      {"function", E.Function}, {"file", E.File},
      {"line", E.Line},         {"fingerprint", hex64(E.Fingerprint)},
      {"pragma", E.Pragma},     {"statement", E.Statement},
      {"params", E.Params}};
  ordered Device = {
      {"model", E.DeviceModel}, {"driver", E.Driver}, {"runtime", E.Runtime}};
  ordered Variants = ordered::array();
  if (WithVariants)
    for (const CachedVariant &V : E.Variants) {
      ordered Samples = ordered::array();
      if (WithSamples)
        for (double S : V.Samples)
          if (std::isfinite(S) && S >= 0)
            Samples.push_back(S);
      ordered Variant = {{"point", pointToJson(E.Params, V.Point)},
                         {"status", V.Status},
                         {"median", finiteOrNull(V.Median)},
                         {"samples", std::move(Samples)}};
      if (!V.Problem.empty())
        Variant["problem"] = V.Problem;
      Variants.push_back(std::move(Variant));
    }
  ordered Extents = ordered::array();
  for (const CachedExtent &X : E.Extents)
    Extents.push_back({{"buffer", X.Clause}, {"count", X.Count}});
  return {
      {"format", FormatName},
      {"version", CacheFormatVersion},
      {"site", std::move(Site)},
      {"device", std::move(Device)},
      {"key", E.Key},
      {"winner", pointToJson(E.Params, E.Winner)},
      {"default", pointToJson(E.Params, E.Default)},
      {"speedup", E.SpeedUp > 0 ? finiteOrNull(E.SpeedUp) : ordered(nullptr)},
      {"tuned_at", E.TunedAt},
      {"tuning_seconds", finiteOrNull(E.TuningSeconds)},
      {"extents", std::move(Extents)},
      {"variants", std::move(Variants)}};
}

std::string dump(const ordered &J) {
  // Site and statement text come from user sources, which need not be
  // UTF-8; replacing bad bytes keeps the entry writable.
  return J.dump(2, ' ', false, ordered::error_handler_t::replace) + "\n";
}

// Field readers: each returns false with Problem naming the field.
class Reader {
public:
  explicit Reader(std::string &Problem) : Problem(Problem) {}

  bool fail(const std::string &What) {
    Problem = What;
    return false;
  }

  const json *member(const json &Object, const char *Name, const char *Path) {
    auto It = Object.find(Name);
    if (It == Object.end()) {
      fail(std::string("missing '") + Path + "'");
      return nullptr;
    }
    return &*It;
  }

  bool string(const json &Object, const char *Name, const char *Path,
              std::string &Out) {
    const json *V = member(Object, Name, Path);
    if (!V)
      return false;
    if (!V->is_string())
      return fail(std::string("'") + Path + "' must be a string");
    Out = V->get<std::string>();
    return true;
  }

  bool integer(const json &V, const std::string &Path, long long &Out) {
    if (V.is_number_unsigned()) {
      std::uint64_t U = V.get<std::uint64_t>();
      if (U > static_cast<std::uint64_t>(std::numeric_limits<long long>::max()))
        return fail("'" + Path + "' is out of range");
      Out = static_cast<long long>(U);
      return true;
    }
    if (V.is_number_integer()) {
      Out = V.get<std::int64_t>();
      return true;
    }
    return fail("'" + Path + "' must be an integer");
  }

  // A finite, non-negative number, or null (Out = -1) where Nullable.
  bool seconds(const json &V, const std::string &Path, double &Out,
               bool Nullable) {
    if (Nullable && V.is_null()) {
      Out = -1;
      return true;
    }
    if (!V.is_number())
      return fail("'" + Path + "' must be a number" +
                  (Nullable ? " or null" : ""));
    Out = V.get<double>();
    if (!std::isfinite(Out) || Out < 0)
      return fail("'" + Path + "' must be finite and not negative");
    return true;
  }

  bool point(const json &V, const std::string &Path,
             const std::vector<std::string> &Params,
             std::vector<long long> &Out) {
    if (!V.is_object())
      return fail("'" + Path + "' must be an object of parameter values");
    if (V.size() != Params.size())
      return fail("'" + Path +
                  "' must give exactly the parameters of "
                  "'site.params'");
    Out.clear();
    for (const std::string &Param : Params) {
      auto It = V.find(Param);
      if (It == V.end())
        return fail("'" + Path + "' has no value for '" + Param + "'");
      long long Value;
      if (!integer(*It, Path + "." + Param, Value))
        return false;
      Out.push_back(Value);
    }
    return true;
  }

private:
  std::string &Problem;
};

bool readSite(Reader &R, const json &Root, CacheEntry &E) {
  const json *Site = R.member(Root, "site", "site");
  if (!Site)
    return false;
  if (!Site->is_object())
    return R.fail("'site' must be an object");
  std::string Fingerprint;
  if (!R.string(*Site, "label", "site.label", E.Site) ||
      !R.string(*Site, "name", "site.name", E.Name) ||
      !R.string(*Site, "function", "site.function", E.Function) ||
      !R.string(*Site, "file", "site.file", E.File) ||
      !R.string(*Site, "pragma", "site.pragma", E.Pragma) ||
      !R.string(*Site, "statement", "site.statement", E.Statement) ||
      !R.string(*Site, "fingerprint", "site.fingerprint", Fingerprint))
    return false;
  if (!parseHex64(Fingerprint, E.Fingerprint))
    return R.fail("'site.fingerprint' must be 16 hexadecimal digits");
  const json *Line = R.member(*Site, "line", "site.line");
  if (!Line)
    return false;
  long long LineNumber;
  if (!R.integer(*Line, "site.line", LineNumber))
    return false;
  if (LineNumber < 0 || LineNumber > std::numeric_limits<unsigned>::max())
    return R.fail("'site.line' is out of range");
  E.Line = static_cast<unsigned>(LineNumber);

  const json *Params = R.member(*Site, "params", "site.params");
  if (!Params)
    return false;
  if (!Params->is_array() || Params->empty())
    return R.fail("'site.params' must be a non-empty array of names");
  std::set<std::string> Seen;
  for (const json &Param : *Params) {
    if (!Param.is_string() || Param.get_ref<const std::string &>().empty())
      return R.fail("'site.params' must be a non-empty array of names");
    if (!Seen.insert(Param.get<std::string>()).second)
      return R.fail("'site.params' names a parameter twice");
    E.Params.push_back(Param.get<std::string>());
  }
  return true;
}

bool readDevice(Reader &R, const json &Root, CacheEntry &E) {
  const json *Device = R.member(Root, "device", "device");
  if (!Device)
    return false;
  if (!Device->is_object())
    return R.fail("'device' must be an object");
  return R.string(*Device, "model", "device.model", E.DeviceModel) &&
         R.string(*Device, "driver", "device.driver", E.Driver) &&
         R.string(*Device, "runtime", "device.runtime", E.Runtime);
}

bool readVariants(Reader &R, const json &Root, CacheEntry &E) {
  const json *Variants = R.member(Root, "variants", "variants");
  if (!Variants)
    return false;
  if (!Variants->is_array())
    return R.fail("'variants' must be an array");
  for (std::size_t I = 0; I < Variants->size(); ++I) {
    const json &V = (*Variants)[I];
    std::string Path = "variants[" + std::to_string(I) + "]";
    if (!V.is_object())
      return R.fail("'" + Path + "' must be an object");
    CachedVariant Out;
    const json *Point = R.member(V, "point", "variants[].point");
    if (!Point || !R.point(*Point, Path + ".point", E.Params, Out.Point))
      return false;
    if (!R.string(V, "status", "variants[].status", Out.Status))
      return false;
    bool Known = false;
    for (const char *Status : Statuses)
      Known |= Out.Status == Status;
    if (!Known)
      return R.fail("'" + Path + ".status' is not a known status");
    const json *Median = R.member(V, "median", "variants[].median");
    if (!Median || !R.seconds(*Median, Path + ".median", Out.Median, true))
      return false;
    const json *Samples = R.member(V, "samples", "variants[].samples");
    if (!Samples)
      return false;
    if (!Samples->is_array())
      return R.fail("'" + Path + ".samples' must be an array");
    for (const json &S : *Samples) {
      double Seconds;
      if (!R.seconds(S, Path + ".samples[]", Seconds, false))
        return false;
      Out.Samples.push_back(Seconds);
    }
    auto Problem = V.find("problem");
    if (Problem != V.end()) {
      if (!Problem->is_string())
        return R.fail("'" + Path + ".problem' must be a string");
      Out.Problem = Problem->get<std::string>();
    }
    E.Variants.push_back(std::move(Out));
  }
  return true;
}

// Optional: a file without it was written before extents were recorded.
bool readExtents(Reader &R, const json &Root, CacheEntry &E) {
  auto Extents = Root.find("extents");
  if (Extents == Root.end())
    return true;
  if (!Extents->is_array())
    return R.fail("'extents' must be an array");
  for (std::size_t I = 0; I < Extents->size(); ++I) {
    const json &X = (*Extents)[I];
    std::string Path = "extents[" + std::to_string(I) + "]";
    if (!X.is_object())
      return R.fail("'" + Path + "' must be an object");
    CachedExtent Out;
    if (!R.string(X, "buffer", "extents[].buffer", Out.Clause))
      return false;
    const json *Count = R.member(X, "count", "extents[].count");
    if (!Count || !R.integer(*Count, Path + ".count", Out.Count))
      return false;
    E.Extents.push_back(std::move(Out));
  }
  return true;
}

bool readEntry(const json &Root, CacheEntry &E, std::string &Problem) {
  Reader R(Problem);
  if (!Root.is_object())
    return R.fail("not a cache entry (the top level is not an object)");
  auto Format = Root.find("format");
  if (Format == Root.end() || !Format->is_string() ||
      Format->get_ref<const std::string &>() != FormatName)
    return R.fail("not a cache entry ('format' is not \"autotune-cache\")");
  auto Version = Root.find("version");
  if (Version == Root.end() || !Version->is_number_integer())
    return R.fail("'version' must be an integer");
  if (Version->is_number_unsigned()
          ? Version->get<std::uint64_t>() != CacheFormatVersion
          : Version->get<std::int64_t>() != CacheFormatVersion)
    return R.fail("format version " + Version->dump() +
                  ", this autotune reads version " +
                  std::to_string(CacheFormatVersion));

  if (!readSite(R, Root, E) || !readDevice(R, Root, E))
    return false;
  const json *Key = R.member(Root, "key", "key");
  if (!Key)
    return false;
  if (!Key->is_array())
    return R.fail("'key' must be an array of integers");
  for (const json &Value : *Key) {
    long long K;
    if (!R.integer(Value, "key[]", K))
      return false;
    E.Key.push_back(K);
  }
  const json *Winner = R.member(Root, "winner", "winner");
  if (!Winner || !R.point(*Winner, "winner", E.Params, E.Winner))
    return false;
  const json *Default = R.member(Root, "default", "default");
  if (!Default || !R.point(*Default, "default", E.Params, E.Default))
    return false;
  const json *SpeedUp = R.member(Root, "speedup", "speedup");
  if (!SpeedUp || !R.seconds(*SpeedUp, "speedup", E.SpeedUp, true))
    return false;
  if (!R.string(Root, "tuned_at", "tuned_at", E.TunedAt))
    return false;
  const json *Seconds = R.member(Root, "tuning_seconds", "tuning_seconds");
  if (!Seconds || !R.seconds(*Seconds, "tuning_seconds", E.TuningSeconds, true))
    return false;
  if (E.TuningSeconds < 0)
    E.TuningSeconds = 0;
  return readExtents(R, Root, E) && readVariants(R, Root, E);
}

} // namespace

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

bool parseCacheEntry(const std::string &Text, CacheEntry &Entry,
                     std::string &Problem) {
  Entry = CacheEntry();
  if (Text.empty()) {
    Problem = "empty file";
    return false;
  }
  if (nestsTooDeep(Text)) {
    Problem = "not a cache entry (nested too deeply)";
    return false;
  }
  try {
    json Root = json::parse(Text, nullptr, /*allow_exceptions=*/false);
    if (Root.is_discarded()) {
      Problem = "not valid JSON (truncated or corrupt)";
      return false;
    }
    if (readEntry(Root, Entry, Problem))
      return true;
  } catch (const std::exception &Error) {
    // Not expected after the checks above; a bad entry is never fatal.
    Problem = std::string("unreadable entry: ") + Error.what();
  }
  Entry = CacheEntry();
  return false;
}

std::string formatCachedPoint(const CacheEntry &Entry,
                              const std::vector<long long> &Point) {
  std::string S;
  for (std::size_t P = 0; P < Entry.Params.size() && P < Point.size(); ++P) {
    if (P)
      S += ' ';
    S += Entry.Params[P] + "=" + std::to_string(Point[P]);
  }
  return S;
}

std::string formatCachedKey(const CacheEntry &Entry) {
  if (Entry.Key.empty())
    return std::string();
  std::string S = "(";
  for (std::size_t I = 0; I < Entry.Key.size(); ++I) {
    if (I)
      S += ", ";
    S += std::to_string(Entry.Key[I]);
  }
  return S + ")";
}

} // namespace autotune
