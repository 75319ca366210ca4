// The backend of host statements: a steady clock around a synchronous call,
// one device named after the CPU; its memory is Backend's default, the host's.
#include "measure/Backend.h"
#include "support/Environment.h"

#include <chrono>
#include <exception>
#include <fstream>

namespace autotune {
namespace {

std::string cpuModel() {
  std::ifstream CpuInfo("/proc/cpuinfo");
  std::string Line;
  while (std::getline(CpuInfo, Line)) {
    if (Line.compare(0, 10, "model name") != 0)
      continue;
    std::size_t Colon = Line.find(':');
    if (Colon == std::string::npos)
      continue;
    std::size_t Begin = Line.find_first_not_of(" \t", Colon + 1);
    if (Begin != std::string::npos)
      return Line.substr(Begin);
  }
  return std::string();
}

class HostBackend final : public Backend {
public:
  int currentDevice() override { return 0; }
  bool allDevicesOneModel() override { return true; }

  DeviceIdentity identify(int) override {
    if (!environment().HostModel.empty())
      return {environment().HostModel, "", ""};
    std::string Cpu = cpuModel();
    return {Cpu.empty() ? "host" : "host (" + Cpu + ")", "", ""};
  }

  bool mustNotTune(void *) override { return false; }

  bool timesIncludeOtherWork() const override { return true; }

  RunResult timeVariant(const Variants &V, unsigned I, void *,
                        double &Seconds) override {
    // A host variant that throws is one that cannot run, like a kernel that
    // fails to launch: skipped while tuning; the final launch (never here)
    // lets the program see the exception.
    RunResult Result;
    try {
      auto Start = std::chrono::steady_clock::now();
      V.run(I);
      Seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                              Start)
                    .count();
    } catch (const std::exception &E) {
      Result.Outcome = RunOutcome::LaunchFailed;
      Result.Error = std::string("threw: ") + E.what();
    } catch (...) {
      Result.Outcome = RunOutcome::LaunchFailed;
      Result.Error = "threw an exception";
    }
    return Result;
  }
};

} // namespace

Backend &hostBackend() {
  static HostBackend Host;
  return Host;
}

} // namespace autotune
