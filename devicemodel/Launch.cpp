//===- Launch.cpp - What to launch, and the memory it gets ----------------===//
#include "devicemodel/Launch.h"
#include "frontend/LaunchLimits.h"
#include "frontend/TypeNames.h"

#include "llvm/ADT/StringExtras.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

Error fail(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

std::string formatNumber(double V) {
  if (V == std::floor(V) && std::fabs(V) < 1e15)
    return std::to_string(int64_t(V));
  return std::to_string(V);
}

} // namespace

std::string FillSpec::text() const {
  switch (Kind) {
  case Zero: return "zero";
  case Iota: return "iota";
  case Random: return "random:" + formatNumber(Lo) + ":" + formatNumber(Hi);
  case Const: return "const:" + formatNumber(Value);
  }
  return "zero";
}

Expected<FillSpec> parseFill(StringRef Text) {
  FillSpec F;
  SmallVector<StringRef, 3> Parts;
  Text.split(Parts, ':');
  StringRef K = Parts[0];
  auto Num = [&](StringRef S, double &Out) {
    return !S.trim().getAsDouble(Out);
  };
  if (K == "zero" && Parts.size() == 1)
    return F;
  if (K == "iota" && Parts.size() == 1) {
    F.Kind = FillSpec::Iota;
    return F;
  }
  if (K == "random" && Parts.size() == 3 && Num(Parts[1], F.Lo) && Num(Parts[2], F.Hi) &&
      F.Lo <= F.Hi) {
    F.Kind = FillSpec::Random;
    return F;
  }
  if (K == "const" && Parts.size() == 2 && Num(Parts[1], F.Value)) {
    F.Kind = FillSpec::Const;
    return F;
  }
  return fail("'" + Text + "' is not a fill (zero | iota | random:LO:HI | const:V)");
}

LaunchRequest launchRequest(const LaunchEntry &E) {
  LaunchRequest R;
  R.Kernel = E.Kernel;
  R.Grid = E.Grid;
  R.Block = E.Block;
  for (const auto &KV : E.Args)
    R.Args.push_back({KV.first, std::to_string(KV.second)});
  for (const auto &KV : E.FloatArgs) {
    char Text[32];
    snprintf(Text, sizeof(Text), "%.17g", KV.second);
    R.Args.push_back({KV.first, Text});
  }
  for (const auto &KV : E.Buffers)
    R.Buffers.push_back(KV);
  R.SharedBytes = E.SharedBytes;
  return R;
}

std::vector<FillPart> fillParts(StringRef ElemType, unsigned ElemBytes) {
  std::vector<FillPart> Parts;
  std::optional<ScalarParts> S = scalarPartsOf(ElemType);
  if (S && S->Count && !S->Half && S->Bytes * S->Count <= ElemBytes) {
    for (unsigned C = 0; C < S->Count; ++C)
      Parts.push_back({C * S->Bytes, S->Bytes, S->Float});
    return Parts;
  }
  if (ElemBytes <= 8)
    return {{0, std::max(1u, ElemBytes), false}};
  // A struct whose fields the name does not tell: 4-byte words, then bytes.
  unsigned Off = 0;
  for (; Off + 4 <= ElemBytes; Off += 4)
    Parts.push_back({Off, 4, false});
  for (; Off < ElemBytes; ++Off)
    Parts.push_back({Off, 1, false});
  return Parts;
}

void fillBuffer(uint8_t *Data, uint64_t Count, unsigned ElemBytes,
                const std::vector<FillPart> &Parts, const FillSpec &Fill, uint64_t Seed) {
  if (Fill.Kind == FillSpec::Zero || Parts.empty())
    return;
  std::mt19937_64 Rng(Seed);
  const uint64_t N = Parts.size();
  for (uint64_t I = 0; I < Count; ++I) {
    for (uint64_t C = 0; C < N; ++C) {
      const FillPart &Part = Parts[C];
      double V = 0;
      switch (Fill.Kind) {
      // The buffer read as an array of its parts counts 0, 1, 2, ...
      case FillSpec::Iota: V = double(I * N + C); break;
      case FillSpec::Const: V = Fill.Value; break;
      case FillSpec::Random:
        if (Part.Float) {
          V = Fill.Lo + (Fill.Hi - Fill.Lo) * (double(Rng() >> 11) / double(1ull << 53));
        } else {
          uint64_t Span = uint64_t(int64_t(Fill.Hi) - int64_t(Fill.Lo)) + 1;
          V = double(int64_t(Fill.Lo) + int64_t(Span ? Rng() % Span : Rng()));
        }
        break;
      default: break;
      }
      uint8_t *P = Data + I * ElemBytes + Part.Offset;
      if (Part.Float && Part.Bytes == 4) {
        float F = float(V);
        memcpy(P, &F, 4);
      } else if (Part.Float && Part.Bytes == 8) {
        memcpy(P, &V, 8);
      } else {
        int64_t Int = int64_t(V);
        memcpy(P, &Int, std::min(Part.Bytes, 8u));
      }
    }
  }
}

Expected<PreparedLaunch> prepareLaunch(const Program &P, DeviceMemory &Mem,
                                       const LaunchRequest &Req, const ArchProfile &Arch) {
  PreparedLaunch L;
  if (!Req.Grid || !Req.Block)
    return fail("kernel '" + P.KernelName + "' needs --grid and --block (or a launch file)");
  L.Shape.Grid = *Req.Grid;
  L.Shape.Block = *Req.Block;
  L.Shape.DynamicShared = Req.SharedBytes;
  if (P.UsesReservedShared)
    L.Shape.ReservedShared = Arch.SharedReservedPerBlock;
  L.Shape.WarpSize = Arch.WarpSize;
  if (Arch.WarpSize > MaxLanes)
    return fail("warp size " + Twine(Arch.WarpSize) + " is larger than the device model's");
  if (L.Shape.Block.count() > Arch.MaxThreadsPerBlock)
    return fail("block of " + Twine(L.Shape.Block.count()) + " threads exceeds " +
                Arch.Name + "'s limit of " + Twine(Arch.MaxThreadsPerBlock));
  uint64_t Threads = L.Shape.Block.count() * L.Shape.Grid.count();
  // "#K" names the K-th parameter whatever its name.
  auto Canonical = [&](StringRef Name) -> StringRef {
    unsigned K;
    if (Name.starts_with("#") && !Name.drop_front().getAsInteger(10, K) && K < P.Params.size())
      return P.Params[K].Name;
    return Name;
  };
  auto Known = [&](StringRef Name) {
    for (const ParamInfo &PI : P.Params) {
      if (PI.Name == Canonical(Name) && !PI.IsStruct)
        return true;
      for (const StructLeaf &Leaf : PI.Leaves)
        if (Name == PI.Name + "." + Leaf.Name)
          return true;
    }
    return false;
  };
  std::string Names;
  for (const ParamInfo &PI : P.Params) {
    if (!PI.IsStruct)
      Names += (Names.empty() ? "" : ", ") + PI.Name;
    for (const StructLeaf &Leaf : PI.Leaves)
      Names += (Names.empty() ? "" : ", ") + PI.Name + "." + Leaf.Name;
  }
  if (!P.Params.empty())
    Names += "; or #0 to #" + std::to_string(P.Params.size() - 1) + " by position";
  for (auto &A : Req.Args)
    if (!Known(A.first))
      return fail("kernel '" + P.KernelName + "' has no parameter '" + A.first +
                  "' (parameters: " + Names + ")");
  for (auto &B : Req.Buffers)
    if (!Known(B.first))
      return fail("kernel '" + P.KernelName + "' has no parameter '" + B.first +
                  "' (parameters: " + Names + ")");
  auto Find = [&](const std::vector<std::pair<std::string, std::string>> &V,
                 StringRef Name) -> const std::string * {
    for (auto &KV : V)
      if (Canonical(KV.first) == Name)
        return &KV.second;
    return nullptr;
  };
  auto hostBufferBytes = [&](StringRef Name) -> uint64_t {
    for (const auto &[Given, Bytes] : Req.BufferBytes)
      if (Canonical(Given) == Name)
        return Bytes;
    return 0;
  };
  // A buffer for the pointer Name (a parameter, or a structure's leaf).
  auto MakeBuffer = [&](const std::string &Name, const std::string &ElemType,
                        unsigned ElemBytes) -> Expected<uint64_t> {
    BufferInfo B;
    B.Name = Name;
    B.ElemType = ElemType;
    B.ElemBytes = std::max(1u, ElemBytes);
    if (const std::string *Spec = Find(Req.Buffers, Name)) {
      auto [Count, Fill] = StringRef(*Spec).split(':');
      if (Count.trim().getAsInteger(0, B.Count))
        return fail("--buffer " + Name + "=" + *Spec + ": COUNT must be an integer");
      if (!Fill.empty()) {
        Expected<FillSpec> F = parseFill(Fill);
        if (!F)
          return fail("--buffer " + Name + ": " + toString(F.takeError()));
        B.Fill = *F;
      }
    } else if (uint64_t Bytes = hostBufferBytes(Name);
               Bytes && !errorToBool(checkBufferCount((Bytes + B.ElemBytes - 1) /
                                                      B.ElemBytes))) {
      B.Count = (Bytes + B.ElemBytes - 1) / B.ElemBytes;
      L.Notes.push_back("buffer '" + Name + "': " + std::to_string(B.Count) + " x " +
                        B.ElemType + " (the " + std::to_string(Bytes) +
                        " bytes the host code cudaMalloc's for it), zero");
    } else {
      B.Count = Threads * std::max<uint64_t>(1, Req.DefaultElemsPerThread);
      B.Defaulted = true;
      if (Error E = checkBufferCount(B.Count))
        return fail("buffer '" + Name + "' sized by the launch (" + Twine(Threads) +
                    " threads): " + toString(std::move(E)) + "; give --buffer " + Name +
                    "=COUNT or a smaller --grid");
      L.Notes.push_back("buffer '" + Name + "': " + std::to_string(B.Count) + " x " +
                        B.ElemType + " (" +
                        std::to_string(std::max<uint64_t>(1, Req.DefaultElemsPerThread)) +
                        " per thread of the launch; give --buffer " + Name +
                        "=COUNT[:FILL] to size it), zero");
    }
    bool Unfilled = true;
    if (const std::string *Spec = Find(Req.Buffers, Name))
      Unfilled = !StringRef(*Spec).contains(':');
    B.Address = Mem.addBuffer(B.Name, B.Count * B.ElemBytes, B.ElemBytes, B.ElemType);
    if (!Mem.bufferAt(B.Address)->Data)
      return fail("buffer '" + Name + "': cannot allocate " + Twine(B.Count) + " x " +
                  B.ElemType + " (" + Twine(B.Count * B.ElemBytes) + " bytes)" +
                  (B.Defaulted ? "; give --buffer " + Name + "=COUNT" : ""));
    if (Req.InitCheck && Unfilled)
      Mem.trackInit(B.Address);
    fillBuffer(Mem.global(B.Address, B.Count * B.ElemBytes), B.Count, B.ElemBytes,
               fillParts(B.ElemType, B.ElemBytes), B.Fill, std::hash<std::string>()(B.Name));
    uint64_t Address = B.Address;
    L.Buffers.push_back(std::move(B));
    return Address;
  };
  // The bits of the scalar Name (a parameter, or a structure's leaf).
  auto ScalarValue = [&](const std::string &Name, bool IsFloat,
                         unsigned Bytes) -> Expected<uint64_t> {
    const std::string *ArgText = Find(Req.Args, Name);
    uint64_t V = 0;
    if (!ArgText) {
      if (IsFloat) {
        L.Notes.push_back("argument '" + Name + "' = 1 (not given)");
        L.DefaultedArgs.emplace_back(Name, "1");
        V = Bytes == 8 ? llvm::bit_cast<uint64_t>(1.0) : llvm::bit_cast<uint32_t>(1.0f);
      } else if (auto Own = Req.DefaultIntArgs.find(Name);
                 Own != Req.DefaultIntArgs.end() || Req.DefaultIntArg) {
        V = Own != Req.DefaultIntArgs.end() ? Own->second : *Req.DefaultIntArg;
        L.Notes.push_back("argument '" + Name + "' = " + std::to_string(V) +
                          " (not given: the value the static analysis assumes)");
        L.DefaultedArgs.emplace_back(Name, std::to_string(V));
      } else {
        L.Notes.push_back("argument '" + Name + "' = " + std::to_string(Threads) +
                          " (not given: the number of threads of the launch)");
        L.DefaultedArgs.emplace_back(Name, std::to_string(Threads));
        V = Threads;
      }
    } else if (IsFloat) {
      double D;
      if (StringRef(*ArgText).trim().getAsDouble(D))
        return fail("--arg " + Name + "=" + *ArgText + ": not a number");
      V = Bytes == 8 ? llvm::bit_cast<uint64_t>(D) : llvm::bit_cast<uint32_t>(float(D));
    } else {
      int64_t N;
      double D;
      if (!StringRef(*ArgText).trim().getAsInteger(0, N))
        V = uint64_t(N);
      else if (!StringRef(*ArgText).trim().getAsDouble(D) && D == std::floor(D) &&
               std::fabs(D) < 9223372036854775808.0) // In int64_t's range.
        V = uint64_t(int64_t(D));
      else
        return fail("--arg " + Name + "=" + *ArgText + ": not an integer");
    }
    if (Bytes < 8)
      V &= (uint64_t(1) << (Bytes * 8)) - 1;
    return V;
  };
  // A pointer the kernel calls through: a function named by --arg (or a
  // __device__ variable that holds one), or an integer (0: null).
  auto FunctionValue = [&](const std::string &Name) -> Expected<uint64_t> {
    std::string Known;
    for (const auto &[Given, Address] : P.FunctionValues)
      if (!StringRef(Given).starts_with("_Z"))
        Known += (Known.empty() ? "" : ", ") + Given;
    const std::string *ArgText = Find(Req.Args, Name);
    if (!ArgText)
      return fail("argument '" + Name + "' of kernel '" + P.KernelName +
                  "' is a pointer to a device function: give it with --arg " + Name +
                  "=FUNCTION (" + (Known.empty() ? std::string() : "one of: " + Known + ", or ") +
                  "any __device__ function of its type the file defines, by name)");
    StringRef Text = StringRef(*ArgText).trim();
    for (const auto &[Given, Address] : P.FunctionValues)
      if (Text == Given)
        return Address;
    uint64_t V;
    if (!Text.getAsInteger(0, V))
      return V;
    return fail("--arg " + Name + "=" + *ArgText + ": no __device__ function of the type '" +
                Name + "' is called with, nor a __device__ variable holding one, has that name" +
                (Known.empty() ? std::string() : " (one of: " + Known + ")"));
  };
  for (const ParamInfo &PI : P.Params) {
    if (PI.IsStruct) {
      // Its bytes in the constant bank, leaf by leaf; the argument is their
      // address.
      uint8_t *Image = Mem.constant(PI.StructOffset, PI.StructBytes);
      if (!Image)
        return fail("kernel '" + P.KernelName + "': no room for parameter '" + PI.Name + "'");
      memset(Image, 0, PI.StructBytes);
      for (const StructLeaf &Leaf : PI.Leaves) {
        if (Leaf.Offset + Leaf.Bytes > PI.StructBytes)
          continue;
        std::string Name = PI.Name + "." + Leaf.Name;
        Expected<uint64_t> V = Leaf.IsPointer ? MakeBuffer(Name, Leaf.ElemType, Leaf.ElemBytes)
                                              : ScalarValue(Name, Leaf.IsFloat, Leaf.Bytes);
        if (!V)
          return V.takeError();
        memcpy(Image + Leaf.Offset, &*V, Leaf.Bytes);
      }
      L.Args.push_back(tagOf(AS_Const) | PI.StructOffset);
      continue;
    }
    if (PI.IsFunction) {
      Expected<uint64_t> V = FunctionValue(PI.Name);
      if (!V)
        return V.takeError();
      L.Args.push_back(*V);
      continue;
    }
    Expected<uint64_t> V = PI.IsPointer && !Find(Req.Args, PI.Name)
                               ? MakeBuffer(PI.Name, PI.ElemType, PI.Bytes)
                               : ScalarValue(PI.Name, PI.IsFloat, PI.Bytes);
    if (!V)
      return V.takeError();
    L.Args.push_back(*V);
  }
  return std::move(L);
}

} // namespace dm
} // namespace warplint
