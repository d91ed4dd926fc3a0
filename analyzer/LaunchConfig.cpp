//===- LaunchConfig.cpp - The launch shape an analysis assumes ------------===//
#include "analyzer/LaunchConfig.h"
#include "analyzer/RegisterPressure.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace warplint {

namespace {

std::string dimStr(const Dim3 &D) {
  return formatv("({0},{1},{2})", D.V[0], D.V[1], D.V[2]).str();
}

/// The block size assumed when no source states one.
constexpr uint64_t AssumedBlockThreads = 256;

bool hasParameter(const Function &F, StringRef Name) {
  return llvm::any_of(F.args(), [&](const Argument &A) { return A.getName() == Name; });
}

/// "the host launch at main.cu:88", "the 2 host launches at main.cu:88, 95"
/// (a line once, however many template instantiations launch there).
std::string hostLaunchesText(ArrayRef<const SourceLaunch *> Hosts) {
  std::vector<unsigned> Lines;
  for (const SourceLaunch *L : Hosts)
    if (!llvm::is_contained(Lines, L->Line))
      Lines.push_back(L->Line);
  std::string Text = Lines.size() == 1
                         ? std::string("the host launch at ")
                         : formatv("the {0} host launches at ", Lines.size()).str();
  Text += Hosts.front()->File.empty() ? "line " : Hosts.front()->File + ":";
  for (size_t I = 0; I < Lines.size(); ++I)
    Text += (I ? ", " : "") + std::to_string(Lines[I]);
  return Text;
}

/// What every host launch of F gives alike: integer arguments (unless an
/// explicit entry gave them) and buffer sizes. Values one launch does not
/// know, or two launches disagree on, stay unknown. Chosen: the host launch
/// whose shape the analysis takes, if one is; when the launches' arguments
/// differ, its own are taken.
void bindHostArgs(const DeviceModule &DM, const Function &F, const SourceLaunch *Chosen,
                  LaunchConfig &C) {
  std::vector<const SourceLaunch *> Hosts;
  for (const SourceLaunch &L : DM.Launches)
    if (L.Kernel == F.getName() && L.Source == "host-launch")
      Hosts.push_back(&L);
  if (Hosts.empty())
    return;
  if (Chosen && llvm::any_of(Hosts, [&](const SourceLaunch *L) {
        return L->Args != Chosen->Args || L->BufferBytes != Chosen->BufferBytes;
      }))
    Hosts = {Chosen};
  // Host parameters --arg gave on the way to the launch.
  if (Chosen && !Chosen->NamedHost.empty()) {
    std::vector<std::string> Named;
    for (const auto &[Name, V] : Chosen->NamedHost)
      Named.push_back(formatv("{0} = {1}", Name, V).str());
    C.ArgSources.push_back("host " + join(Named, ", ") + " from --arg");
    C.Assumptions.push_back(C.ArgSources.back() + " (on the way to " +
                            hostLaunchesText({Chosen}) + ")");
  }
  std::string Where = hostLaunchesText(Hosts);
  for (const auto &[Name, V] : Hosts.front()->Args) {
    std::string Param = parameterName(F, Name);
    bool Same = llvm::all_of(Hosts, [&, &Name = Name, V = V](const SourceLaunch *L) {
      auto It = L->Args.find(Name);
      return It != L->Args.end() && It->second == V;
    });
    if (!Same || !hasParameter(F, Param) || !C.Args.insert({Param, V}).second)
      continue;
    C.ArgSources.push_back(formatv("{0} = {1} from {2}", Param, V, Where).str());
    C.Assumptions.push_back(C.ArgSources.back());
  }
  for (const auto &[Name, Bytes] : Hosts.front()->BufferBytes) {
    std::string Param = parameterName(F, Name);
    if (hasParameter(F, Param) &&
        llvm::all_of(Hosts, [&, &Name = Name, Bytes = Bytes](const SourceLaunch *L) {
          auto It = L->BufferBytes.find(Name);
          return It != L->BufferBytes.end() && It->second == Bytes;
        }))
      C.BufferBytes[Param] = Bytes;
  }
}

/// A host launch of F whose block the host code leaves unknown; null if none.
const SourceLaunch *unknownHostBlock(const DeviceModule &DM, const Function &F) {
  for (const SourceLaunch &L : DM.Launches)
    if (L.Kernel == F.getName() && L.Source == "host-launch" && !L.Block)
      return &L;
  return nullptr;
}

/// Said when the block came from elsewhere than such a launch.
void noteUnknownHostBlock(const DeviceModule &DM, const Function &F, LaunchConfig &C) {
  if (const SourceLaunch *L = unknownHostBlock(DM, F))
    C.Assumptions.push_back("the block of " + hostLaunchesText({L}) +
                            " is not known from the host code");
}

/// Said for a host launch of F read from host code that did not compile:
/// what it leaves unknown, as the host code writes it, and how a launch file
/// gives it.
void noteSkippedHostUnknowns(const DeviceModule &DM, const Function &F, bool HaveBlock,
                             LaunchConfig &C) {
  for (const SourceLaunch &L : DM.Launches) {
    if (L.Kernel != F.getName() || L.Source != "host-launch" || !L.FromSkippedHost)
      continue;
    std::vector<std::string> Parts, Given;
    for (const auto &[What, Text] : L.UnknownFrom) {
      if (What == "grid" && !C.Grid) {
        Parts.push_back("the grid (" + Text + ")");
        Given.push_back("\"grid\": [X, Y, Z]");
      } else if (What == "block" && !HaveBlock) {
        Parts.push_back("the block (" + Text + ")");
        Given.push_back("\"block\": [X, Y, Z]");
      }
    }
    std::vector<std::string> Args;
    for (const auto &[What, Text] : L.UnknownFrom) {
      if (What == "grid" || What == "block")
        continue;
      std::string Param = parameterName(F, What);
      if (!hasParameter(F, Param) || C.Args.count(Param))
        continue;
      Parts.push_back(StringRef(Text).starts_with(Param + " = ") ? Text : Param + " = " + Text);
      Args.push_back("\"" + Param + "\": N");
    }
    if (!Args.empty())
      Given.push_back("\"args\": {" + join(Args, ", ") + "}");
    if (Parts.empty())
      return;
    C.Assumptions.push_back(formatv("{0} is in host code that did not compile; it leaves "
                                    "unknown {1}: a launch file gives them ({{\"kernel\": "
                                    "\"{2}\", {3}})",
                                    hostLaunchesText({&L}), join(Parts, ", "),
                                    sourceName(F), join(Given, ", "))
                                .str());
    return;
  }
}

/// "grid(16,1,1) block(64,1,1)", with "?" for what is unknown.
std::string shapeText(const SourceLaunch &L) {
  return "grid" + (L.Grid ? dimStr(*L.Grid) : std::string("(?)")) + " block" +
         (L.Block ? dimStr(*L.Block) : std::string("(?)"));
}

/// Said when F's host launches have other shapes than Chosen, the one the
/// analysis takes: each of them, and how to analyze one.
void noteOtherShapes(const DeviceModule &DM, const Function &F, const SourceLaunch &Chosen,
                     LaunchConfig &C) {
  std::vector<std::string> Others;
  for (const SourceLaunch &L : DM.Launches) {
    if (&L == &Chosen || L.Kernel != F.getName() || L.Source != "host-launch")
      continue;
    std::string Shape = shapeText(L);
    if (Shape == shapeText(Chosen))
      continue;
    Others.push_back(formatv("{0} at line {1}{2}", Shape, L.Line, L.Via).str());
  }
  if (Others.empty())
    return;
  C.Source += formatv(", 1 of {0} host launch shapes", Others.size() + 1).str();
  C.Assumptions.push_back(
      formatv("the host code also launches {0} with {1}; analyzed at {2}; --grid/--block or "
              "a launch-file entry analyzes another",
              sourceName(F), join(Others, "; "), shapeText(Chosen))
          .str());
}

/// What the unknown grid of a host launch of F is made of that nothing
/// gives, and the flags that give it; empty when no host launch says.
std::string gridHint(const DeviceModule &DM, const Function &F) {
  for (const SourceLaunch &L : DM.Launches) {
    if (L.Kernel != F.getName() || L.Source != "host-launch" || L.Grid ||
        L.UnknownInputs.empty())
      continue;
    std::vector<std::string> Parts, Flags;
    for (const auto &[Name, What] : L.UnknownInputs) {
      Parts.push_back(Name + " (" + What + ")");
      if (!StringRef(What).starts_with("a local"))
        Flags.push_back("--arg " + Name + "=VALUE");
    }
    std::string Hint = formatv("the grid of {0} is made of {1}", hostLaunchesText({&L}),
                               join(Parts, ", "))
                           .str();
    if (!Flags.empty())
      Hint += ": " + join(Flags, " ") + (Flags.size() == 1 ? " gives it" : " give it");
    return Hint;
  }
  return "";
}

} // namespace

std::string LaunchConfig::str() const {
  return "grid" + (Grid ? dimStr(*Grid) : std::string("(?)")) + " " + blockStr();
}

std::string LaunchConfig::blockStr() const { return "block" + dimStr(Block); }

LaunchConfig resolveLaunch(const DeviceModule &DM, const Function &F,
                           ArrayRef<LaunchEntry> Explicit, const LaunchEntry *Defaults) {
  LaunchConfig C;
  bool HaveBlock = false;
  // Scalar arguments may come from any explicit entry for this kernel.
  for (const LaunchEntry &E : Explicit)
    if (launchMatches(E, F))
      for (const auto &KV : E.Args)
        C.Args.insert({parameterName(F, KV.first), KV.second});
  for (const LaunchEntry &E : Explicit) {
    if (!launchMatches(E, F) || (!E.Block && !E.Grid))
      continue;
    if (E.Block) {
      C.Block = *E.Block;
      HaveBlock = true;
    }
    C.Grid = E.Grid;
    C.Source = E.Source;
    break;
  }
  // Source-stated launches, in order of preference; of a kernel's host
  // launches, the first whose grid is known too.
  const SourceLaunch *ChosenHost = nullptr;
  for (StringRef Kind : {"annotation", "host-launch"}) {
    if (HaveBlock)
      break;
    const SourceLaunch *Pick = nullptr;
    for (const SourceLaunch &L : DM.Launches) {
      if (L.Kernel != F.getName() || L.Source != Kind || !L.Block)
        continue;
      if (!Pick || (!Pick->Grid && L.Grid && !C.Grid))
        Pick = &L;
    }
    if (!Pick)
      continue;
    C.Block = *Pick->Block;
    if (!C.Grid) {
      C.Grid = Pick->Grid;
      C.GridBlocksMax = Pick->GridBlocksMax;
    }
    HaveBlock = true;
    C.Source = (Kind + " at line " + Twine(Pick->Line) + Pick->Via).str();
    if (Kind == "host-launch") {
      ChosenHost = Pick;
      noteOtherShapes(DM, F, *Pick, C);
    }
  }
  bindHostArgs(DM, F, ChosenHost, C);
  if (!HaveBlock) {
    LaunchBounds LB = readLaunchBounds(F);
    bool Ptx = DM.Frontend == "ptx";
    if (LB.ReqDims) {
      // PTX's .reqntid: the only block the kernel launches with.
      const std::array<unsigned, 3> &D = *LB.ReqDims;
      C.Block.V = {D[0], D[1], D[2]};
      C.Source = ".reqntid";
      C.Assumptions.push_back(
          formatv("block{0} from the kernel's .reqntid {1},{2},{3}", dimStr(C.Block), D[0],
                  D[1], D[2])
              .str());
    } else if (LB.MaxDims) {
      // .maxntid / __launch_bounds__: a bound, taken as the block.
      const std::array<unsigned, 3> &D = *LB.MaxDims;
      C.Block.V = {D[0], D[1], D[2]};
      C.Source = Ptx ? ".maxntid" : "__launch_bounds__";
      C.Assumptions.push_back(
          Ptx ? formatv("block{0} from the kernel's .maxntid {1},{2},{3} (its bound; a "
                        "smaller block may launch)",
                        dimStr(C.Block), D[0], D[1], D[2])
                    .str()
              : formatv("1-D block of {0} threads from __launch_bounds__", D[0]).str());
    } else if (Defaults && Defaults->Block) {
      C.Block = *Defaults->Block;
      C.Source = Defaults->Source;
      if (!C.Grid)
        C.Grid = Defaults->Grid;
    } else {
      C.Block.V = {AssumedBlockThreads, 1, 1};
      C.Source = "assumed";
      C.BlockAssumed = true;
      const SourceLaunch *Host = unknownHostBlock(DM, F);
      C.Assumptions.push_back(
          formatv("{0}: assumed a 1-D block of {1} threads (a multiple of 32)",
                  Host ? "the block of " + hostLaunchesText({Host}) +
                             " is not known from the host code"
                       : std::string("no launch given"),
                  AssumedBlockThreads)
              .str());
    }
  }
  if (!HaveBlock && !C.BlockAssumed)
    noteUnknownHostBlock(DM, F, C);
  std::string Unreached;
  if (!HaveBlock)
    for (const SourceLaunch &L : DM.Launches)
      if (L.Kernel == F.getName() && L.Source == "host-launch-unreached") {
        Unreached = formatv("the host launch at {0}{1} is not reached with the values the "
                            "host code and --arg give (a case or branch they do not take)",
                            L.File.empty() ? "line " : L.File + ":", L.Line)
                        .str();
        C.Assumptions.push_back(Unreached);
        break;
      }
  // The L2 state: the first explicit entry that gives one, then defaults.
  for (const LaunchEntry &E : Explicit)
    if (launchMatches(E, F) && E.L2) {
      C.L2 = *E.L2;
      C.L2Source = E.Source;
      break;
    }
  if (C.L2Source.empty() && Defaults && Defaults->L2) {
    C.L2 = *Defaults->L2;
    C.L2Source = Defaults->Source;
  }
  // Dynamic shared memory: explicit, annotation, host launch, defaults.
  for (const LaunchEntry &E : Explicit)
    if (launchMatches(E, F) && E.SharedBytes) {
      C.DynamicSharedBytes = E.SharedBytes;
      C.SharedSource = E.Source;
      break;
    }
  for (StringRef Kind : {"annotation", "host-launch", "triton"}) {
    if (!C.SharedSource.empty())
      break;
    for (const SourceLaunch &L : DM.Launches)
      if (L.Kernel == F.getName() && L.Source == Kind && L.SharedBytes) {
        C.DynamicSharedBytes = *L.SharedBytes;
        C.SharedSource = Kind == "triton" ? "the Triton cache's " + L.File
                                          : (Kind + " at line " + Twine(L.Line)).str();
        break;
      }
  }
  if (C.SharedSource.empty() && Defaults && Defaults->SharedBytes) {
    C.DynamicSharedBytes = Defaults->SharedBytes;
    C.SharedSource = Defaults->Source;
  }
  if (Defaults)
    for (const auto &KV : Defaults->Args) // Explicit values, inserted first, win.
      C.Args.insert({parameterName(F, KV.first), KV.second});
  if (C.Grid) {
    C.GridBlocksMax.reset();
  } else {
    C.GridHint = gridHint(DM, F);
    std::string Most =
        C.GridBlocksMax ? formatv("; the host code lets it have at most {0} blocks",
                                  *C.GridBlocksMax)
                              .str()
                        : "";
    C.Assumptions.push_back("grid unknown: blocks sampled as if the grid were large" +
                            (C.GridHint.empty() ? "" : " (" + C.GridHint + ")") + Most);
    if (C.GridHint.empty())
      C.GridHint = Unreached;
  }
  noteSkippedHostUnknowns(DM, F, HaveBlock, C);
  return C;
}

std::vector<const Argument *> unknownIntegerArgs(const Function &F, const LaunchConfig &Launch) {
  std::vector<const Argument *> Out;
  for (const Argument &A : F.args())
    if (A.getType()->isIntegerTy() && !Launch.Args.count(A.getName().str()))
      Out.push_back(&A);
  return Out;
}

} // namespace warplint
