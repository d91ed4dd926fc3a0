//===- Launch.cpp - What to launch, and the memory it gets ----------------===//
#include "devicemodel/Launch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cmath>
#include <cstring>
#include <random>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

Error fail(const Twine &Msg) { return createStringError(inconvertibleErrorCode(), Msg); }

bool isFloatType(StringRef T) { return T == "float" || T == "double"; }

std::string formatNumber(double V) {
  if (V == std::floor(V) && std::fabs(V) < 1e15)
    return std::to_string(int64_t(V));
  return std::to_string(V);
}

Expected<Dim3> dimsFromJson(const json::Value &V) {
  Dim3 D;
  if (auto N = V.getAsInteger()) {
    D.V[0] = *N;
    return D;
  }
  if (auto S = V.getAsString())
    return parseDims(*S);
  const json::Array *A = V.getAsArray();
  if (!A || A->empty() || A->size() > 3)
    return fail("dimensions must be a number or a list of 1 to 3 numbers");
  for (size_t I = 0; I < A->size(); ++I) {
    auto N = (*A)[I].getAsInteger();
    if (!N || *N < 1)
      return fail("dimensions must be positive integers");
    D.V[I] = *N;
  }
  return D;
}

std::string jsonScalarText(const json::Value &V) {
  if (auto I = V.getAsInteger())
    return std::to_string(*I);
  if (auto D = V.getAsNumber())
    return formatNumber(*D);
  if (auto S = V.getAsString())
    return S->str();
  if (auto B = V.getAsBoolean())
    return *B ? "1" : "0";
  return "";
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

Expected<Dim3> parseDims(StringRef Text) {
  SmallVector<StringRef, 3> Parts;
  Text.trim().split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return fail("'" + Text + "' is not X[,Y[,Z]]");
  Dim3 D;
  for (size_t I = 0; I < Parts.size(); ++I) {
    uint64_t N;
    if (Parts[I].trim().getAsInteger(10, N) || N == 0)
      return fail("'" + Text + "' is not X[,Y[,Z]] of positive integers");
    D.V[I] = N;
  }
  return D;
}

Expected<std::pair<std::string, std::string>> parseAssignment(StringRef Text) {
  auto [Name, Value] = Text.split('=');
  if (Name.trim().empty() || !Text.contains('='))
    return fail("'" + Text + "' is not NAME=VALUE");
  return std::make_pair(Name.trim().str(), Value.trim().str());
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

Expected<std::vector<LaunchRequest>> readLaunchFile(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return fail(Path + ": " + Buf.getError().message());
  Expected<json::Value> Doc = json::parse((*Buf)->getBuffer());
  if (!Doc)
    return fail(Path + ": " + toString(Doc.takeError()));
  const json::Array *List = Doc->getAsArray();
  if (!List)
    return fail(Path + ": a launch file is a JSON list of launches");
  std::vector<LaunchRequest> Out;
  for (size_t I = 0; I < List->size(); ++I) {
    auto Where = [&](const Twine &Msg) {
      return fail(Path + ": launch " + Twine(I + 1) + ": " + Msg);
    };
    const json::Object *O = (*List)[I].getAsObject();
    if (!O)
      return Where("not an object");
    LaunchRequest R;
    if (auto K = O->getString("kernel"))
      R.Kernel = K->str();
    for (auto [Key, Dst] : {std::make_pair("grid", &R.Grid), std::make_pair("block", &R.Block)})
      if (const json::Value *V = O->get(Key)) {
        Expected<Dim3> D = dimsFromJson(*V);
        if (!D)
          return Where(Twine(Key) + ": " + toString(D.takeError()));
        *Dst = *D;
      }
    if (const json::Object *Args = O->getObject("args"))
      for (auto &KV : *Args)
        R.Args.push_back({KV.first.str(), jsonScalarText(KV.second)});
    if (const json::Object *Bufs = O->getObject("buffers"))
      for (auto &KV : *Bufs)
        R.Buffers.push_back({KV.first.str(), jsonScalarText(KV.second)});
    if (auto S = O->getInteger("shared_bytes"))
      R.SharedBytes = *S;
    Out.push_back(std::move(R));
  }
  return Out;
}

void fillBuffer(uint8_t *Data, uint64_t Count, unsigned ElemBytes, bool Float,
                const FillSpec &Fill, uint64_t Seed) {
  if (Fill.Kind == FillSpec::Zero)
    return;
  std::mt19937_64 Rng(Seed);
  for (uint64_t I = 0; I < Count; ++I) {
    double V = 0;
    switch (Fill.Kind) {
    case FillSpec::Iota: V = double(I); break;
    case FillSpec::Const: V = Fill.Value; break;
    case FillSpec::Random:
      if (Float) {
        V = Fill.Lo + (Fill.Hi - Fill.Lo) * (double(Rng() >> 11) / double(1ull << 53));
      } else {
        uint64_t Span = uint64_t(int64_t(Fill.Hi) - int64_t(Fill.Lo)) + 1;
        V = double(int64_t(Fill.Lo) + int64_t(Span ? Rng() % Span : Rng()));
      }
      break;
    default: break;
    }
    uint8_t *P = Data + I * ElemBytes;
    if (Float && ElemBytes == 4) {
      float F = float(V);
      memcpy(P, &F, 4);
    } else if (Float && ElemBytes == 8) {
      memcpy(P, &V, 8);
    } else {
      int64_t N = int64_t(V);
      memcpy(P, &N, std::min(ElemBytes, 8u));
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
  L.Shape.WarpSize = Arch.WarpSize;
  if (Arch.WarpSize > MaxLanes)
    return fail("warp size " + Twine(Arch.WarpSize) + " is larger than the device model's");
  if (L.Shape.Block.count() > Arch.MaxThreadsPerBlock)
    return fail("block of " + Twine(L.Shape.Block.count()) + " threads exceeds " +
                Arch.Name + "'s limit of " + Twine(Arch.MaxThreadsPerBlock));
  uint64_t Threads = L.Shape.Block.count() * L.Shape.Grid.count();
  auto Known = [&](StringRef Name) {
    for (const ParamInfo &PI : P.Params)
      if (PI.Name == Name)
        return true;
    return false;
  };
  std::string Names;
  for (const ParamInfo &PI : P.Params)
    Names += (Names.empty() ? "" : ", ") + PI.Name;
  for (auto &A : Req.Args)
    if (!Known(A.first))
      return fail("kernel '" + P.KernelName + "' has no parameter '" + A.first +
                  "' (parameters: " + Names + ")");
  for (auto &B : Req.Buffers)
    if (!Known(B.first))
      return fail("kernel '" + P.KernelName + "' has no parameter '" + B.first +
                  "' (parameters: " + Names + ")");
  auto Find = [](const std::vector<std::pair<std::string, std::string>> &V,
                 StringRef Name) -> const std::string * {
    for (auto &KV : V)
      if (KV.first == Name)
        return &KV.second;
    return nullptr;
  };
  for (const ParamInfo &PI : P.Params) {
    const std::string *ArgText = Find(Req.Args, PI.Name);
    if (PI.IsPointer && !ArgText) {
      BufferInfo B;
      B.Name = PI.Name;
      B.ElemType = PI.ElemType;
      B.ElemBytes = std::max(1u, PI.Bytes);
      if (const std::string *Spec = Find(Req.Buffers, PI.Name)) {
        auto [Count, Fill] = StringRef(*Spec).split(':');
        if (Count.trim().getAsInteger(0, B.Count))
          return fail("--buffer " + PI.Name + "=" + *Spec + ": COUNT must be an integer");
        if (!Fill.empty()) {
          Expected<FillSpec> F = parseFill(Fill);
          if (!F)
            return fail("--buffer " + PI.Name + ": " + toString(F.takeError()));
          B.Fill = *F;
        }
      } else {
        B.Count = Threads * std::max<uint64_t>(1, Req.DefaultElemsPerThread);
        B.Defaulted = true;
        L.Notes.push_back("buffer '" + PI.Name + "': " + std::to_string(B.Count) + " x " +
                          B.ElemType + " (" +
                          std::to_string(std::max<uint64_t>(1, Req.DefaultElemsPerThread)) +
                          " per thread of the launch; give --buffer " +
                          PI.Name + "=COUNT[:FILL] to size it), zero");
      }
      B.Address = Mem.addBuffer(B.Name, B.Count * B.ElemBytes, B.ElemBytes, B.ElemType);
      fillBuffer(Mem.global(B.Address, B.Count * B.ElemBytes), B.Count, B.ElemBytes,
                 isFloatType(B.ElemType), B.Fill, std::hash<std::string>()(B.Name));
      L.Args.push_back(B.Address);
      L.Buffers.push_back(std::move(B));
      continue;
    }
    uint64_t V = 0;
    if (!ArgText) {
      if (PI.IsFloat) {
        L.Notes.push_back("argument '" + PI.Name + "' = 1 (not given)");
        V = PI.Bytes == 8 ? llvm::bit_cast<uint64_t>(1.0) : llvm::bit_cast<uint32_t>(1.0f);
      } else {
        L.Notes.push_back("argument '" + PI.Name + "' = " + std::to_string(Threads) +
                          " (not given: the number of threads of the launch)");
        V = Threads;
      }
    } else if (PI.IsFloat) {
      double D;
      if (StringRef(*ArgText).trim().getAsDouble(D))
        return fail("--arg " + PI.Name + "=" + *ArgText + ": not a number");
      V = PI.Bytes == 8 ? llvm::bit_cast<uint64_t>(D) : llvm::bit_cast<uint32_t>(float(D));
    } else {
      int64_t N;
      double D;
      if (!StringRef(*ArgText).trim().getAsInteger(0, N))
        V = uint64_t(N);
      else if (!StringRef(*ArgText).trim().getAsDouble(D) && D == std::floor(D))
        V = uint64_t(int64_t(D));
      else
        return fail("--arg " + PI.Name + "=" + *ArgText + ": not an integer");
      if (PI.Bytes < 8)
        V &= (uint64_t(1) << (PI.Bytes * 8)) - 1;
    }
    L.Args.push_back(V);
  }
  return std::move(L);
}

} // namespace dm
} // namespace warplint
