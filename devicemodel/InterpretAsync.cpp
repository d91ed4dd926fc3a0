//===- InterpretAsync.cpp - mbarriers and wgmma ---------------------------===//
//
// mbarrier objects (PTX ISA, "Parallel Synchronization and Communication
// Instructions: mbarrier"): an 8-byte shared-memory word counting the
// current phase's pending arrivals and its transaction bytes; the phase
// completes when both reach zero, and the next begins with the expected
// arrival count. Its encoding is the model's own (Decoded.h, MbarrierKind).
// A wait that finds its phase incomplete returns false (try_wait may, at
// its time limit) and the warp yields, as a poll of memory does; a wait no
// thread can complete is a hang that names the barrier (BlockRunner.cpp).
//
// wgmma.mma_async (PTX ISA, "Asynchronous Warpgroup Level Matrix Multiply-
// Accumulate"): each warp computes its 16 rows of the warpgroup's m64nNk16
// tile from A and B in shared memory (their "Matrix Descriptor Format":
// start address, leading and stride byte offsets, swizzle mode), into the
// accumulators of the wgmma D fragment layout. It completes when issued.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/Executor.h"
#include "devicemodel/SmallFloat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

#include <cstring>

using namespace llvm;

namespace warplint {
namespace dm {

namespace {
/// An mbarrier word, decoded.
struct Mbar {
  uint64_t Pending = 0, Expected = 0;
  int64_t Tx = 0;
  unsigned Phase = 0;
  bool Init = false;

  static Mbar of(uint64_t W) {
    Mbar B;
    B.Pending = W & MbarrierCountMask;
    B.Expected = (W >> MbarrierCountBits) & MbarrierCountMask;
    uint64_t T = (W >> MbarrierTxShift) & ((uint64_t(1) << MbarrierTxBits) - 1);
    B.Tx = int64_t(T << (64 - MbarrierTxBits)) >> (64 - MbarrierTxBits);
    B.Phase = (W & MbarrierPhaseBit) ? 1 : 0;
    B.Init = (W & MbarrierInitBit) != 0;
    return B;
  }
  uint64_t word() const {
    uint64_t T = uint64_t(Tx) & ((uint64_t(1) << MbarrierTxBits) - 1);
    return Pending | Expected << MbarrierCountBits | T << MbarrierTxShift |
           (Init ? MbarrierInitBit : 0) | (Phase ? MbarrierPhaseBit : 0);
  }
};

/// The largest transaction count PTX allows (2^20 - 1), either way.
constexpr int64_t MaxTx = (int64_t(1) << 20) - 1;
} // namespace

std::string mbarrierText(const Program &P, llvm::ArrayRef<uint8_t> Shared, uint64_t Off) {
  std::string S = "the mbarrier at byte offset " + std::to_string(Off) + " of shared memory";
  for (const GlobalImage &G : P.Globals)
    if (G.Space == AS_Shared && Off >= (G.Address & OffsetMask) &&
        Off < (G.Address & OffsetMask) + G.Bytes) {
      S += " ('" + llvm::demangle(G.Name) + "'";
      if (uint64_t In = Off - (G.Address & OffsetMask))
        S += " + " + std::to_string(In);
      S += ")";
    }
  if (Off + 8 > Shared.size())
    return S;
  uint64_t W;
  memcpy(&W, Shared.data() + Off, 8);
  Mbar B = Mbar::of(W);
  if (!B.Init)
    return S + ", which is not initialized";
  return S + " (its current phase, of parity " + std::to_string(B.Phase) + ", has " +
         std::to_string(B.Pending) + " of " + std::to_string(B.Expected) +
         " arrivals and " + std::to_string(B.Tx) + " transaction bytes pending)";
}

bool Executor::mbarrier(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                        uint32_t M) {
  const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
  const uint64_t *Bv = I.B == NoSlot ? nullptr : R + uint64_t(I.B) * MaxLanes;
  uint64_t *D = I.Dst == NoSlot ? nullptr : R + uint64_t(I.Dst) * MaxLanes;
  auto Kind = MbarrierKind(I.Aux);
  bool Wait = Kind == MB_TestWait || Kind == MB_TestWaitParity;
  uint64_t Offs[MaxLanes];
  uint32_t Seen = 0;
  std::string Why;
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    unsigned Space = 0;
    uint8_t *H = resolve(A[L], 8, L, !Wait, Space, Why);
    if (!H)
      return stop(Fn, Idx, BadKind,
                  "mbarrier operation at " + Why + " by lane " + std::to_string(L) + ", " +
                      threadName(L)),
             false;
    if (Space != AS_Shared)
      return stop(Fn, Idx, "mbarrier",
                  "mbarrier operation on an address outside shared memory by lane " +
                      std::to_string(L) + ", " + threadName(L)),
             false;
    if (A[L] & 7)
      return misaligned(Fn, Idx, "mbarrier operation", A[L], 8, 8, L), false;
    uint64_t Off = A[L] & OffsetMask;
    uint64_t Word;
    memcpy(&Word, H, 8);
    uint64_t V = Bv ? Bv[L] : 0;
    Mbar Bar = Mbar::of(Word);
    auto Fail = [&](const std::string &What) {
      stop(Fn, Idx, "mbarrier",
           What + " (" + mbarrierText(B.P, B.Shared, Off) + ") by lane " + std::to_string(L) +
               ", " + threadName(L));
      return false;
    };
    if (Kind == MB_Init) {
      uint64_t Count = V & 0xffffffffu;
      if (Count == 0 || Count > MbarrierCountMask)
        return Fail("mbarrier.init with an arrival count of " + std::to_string(Count) +
                    " (PTX allows 1 to 2^20-1)");
      Bar = Mbar();
      Bar.Pending = Bar.Expected = Count;
      Bar.Init = true;
    } else if (Kind == MB_Inval) {
      Bar = Mbar();
    } else if (!Bar.Init) {
      return Fail("mbarrier operation on a barrier that mbarrier.init did not initialize");
    } else if (Wait) {
      unsigned Awaited = Kind == MB_TestWaitParity ? unsigned(V & 1) : unsigned(V >> 63);
      bool Done = Bar.Phase != Awaited;
      D[L] = Done;
      if (Done) {
        Seen |= 1u << L;
        Offs[L] = Off;
        W.MbarrierWait = Warp::NoMbarrier;
      } else {
        W.MbarrierWait = Off;
        W.MbarrierParity = Awaited;
        W.PollYield = true;
        B.NextCheck = 0;
      }
      continue;
    } else {
      uint64_t Before = Word;
      uint64_t Arrivals = 0;
      int64_t Tx = 0;
      switch (Kind) {
      case MB_Arrive: Arrivals = V & 0xffffffffu; break;
      case MB_ArriveDrop: Arrivals = V & 0xffffffffu; break;
      case MB_ArriveExpectTx:
      case MB_ArriveDropExpectTx: Arrivals = 1; Tx = int64_t(V & 0xffffffffu); break;
      case MB_ExpectTx: Tx = int64_t(V & 0xffffffffu); break;
      case MB_CompleteTx: Tx = -int64_t(V & 0xffffffffu); break;
      default: break;
      }
      if (Arrivals > Bar.Pending)
        return Fail(std::to_string(Arrivals) + " arrival" + (Arrivals == 1 ? "" : "s") +
                    " on a phase with " + std::to_string(Bar.Pending) + " pending");
      Bar.Pending -= Arrivals;
      if (Kind == MB_ArriveDrop || Kind == MB_ArriveDropExpectTx)
        Bar.Expected -= std::min(Bar.Expected, Arrivals);
      Bar.Tx += Tx;
      if (Bar.Tx > MaxTx || Bar.Tx < -MaxTx)
        return Fail("the transaction count leaves its range (" + std::to_string(Bar.Tx) +
                    " bytes; PTX allows +-(2^20-1))");
      if (Bar.Pending == 0 && Bar.Tx == 0) {
        // The phase completes; the next expects the (remaining) count.
        Bar.Phase ^= 1;
        Bar.Pending = Bar.Expected;
      }
      if (D)
        D[L] = Before;
    }
    Word = Bar.word();
    memcpy(H, &Word, 8);
    Seen |= 1u << L;
    Offs[L] = Off;
  }
  MemOp Op = Wait ? MemOp::Load : MemOp(B.P.Sites[I.Site].OpKind);
  emitIn(I.Site, Fn.InstLoc[Idx], AS_Shared, Op, 8, Seen, Offs);
  return true;
}

namespace {
/// The shared-memory byte offset of element (MN, K) of a K-major operand
/// whose descriptor is Desc (PTX ISA, "Matrix Descriptor Format": start
/// address bits 0-13, leading dimension byte offset 16-29, stride dimension
/// byte offset 32-45, all in 16-byte units; swizzle mode bits 62-63).
/// Without swizzling the operand is 8x16-byte core matrices, LBO apart
/// along K and SBO apart along M/N; with a swizzle of 32/64/128 bytes, rows
/// of that width, 8 rows an atom SBO apart, each row's 16-byte chunks
/// XORed with the row's place in the 8 (the address's bits 7-9).
uint64_t operandOffset(uint64_t Desc, unsigned MN, unsigned K, unsigned ElemBytes) {
  uint64_t Start = (Desc & 0x3fff) << 4;
  uint64_t LBO = ((Desc >> 16) & 0x3fff) << 4;
  uint64_t SBO = ((Desc >> 32) & 0x3fff) << 4;
  unsigned Mode = unsigned(Desc >> 62);
  uint64_t KB = uint64_t(K) * ElemBytes;
  if (Mode == 0)
    return Start + (MN / 8) * SBO + (KB / 16) * LBO + (MN % 8) * 16 + KB % 16;
  // Modes 1, 2, 3: 128, 64, 32-byte rows.
  uint64_t Row = Mode == 1 ? 128 : Mode == 2 ? 64 : 32;
  uint64_t Addr = Start + (MN / 8) * SBO + (KB / Row) * LBO + (MN % 8) * Row + KB % Row;
  uint64_t Chunks = Row / 16 - 1; // The bits of the chunk index XORed.
  return Addr ^ (((Addr >> 7) & Chunks) << 4);
}
} // namespace

bool Executor::wgmma(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                     uint32_t M) {
  unsigned N = I.Aux & WgmmaNMask;
  if (I.Aux & (WgmmaTransA | WgmmaTransB))
    return stop(Fn, Idx, "unsupported",
                "cannot run: wgmma.mma_async with a transposed (MN-major) operand is not "
                "modelled"),
           false;
  if (M == 0)
    return true;
  unsigned First = countr_zero(M);
  if (M != ~0u)
    return stop(Fn, Idx, "unsupported",
                "cannot run: wgmma.mma_async executed by " + std::to_string(popcount(M)) +
                    " lanes of warp " + std::to_string(W.Index) +
                    " (.aligned: every thread of the warpgroup executes it)"),
           false;
  unsigned Fmt = (I.Aux & WgmmaBF16) ? SF_BFloat : SF_Half;
  uint64_t DescA = R[uint64_t(I.A) * MaxLanes + First];
  uint64_t DescB = R[uint64_t(I.B) * MaxLanes + First];
  const uint64_t *ScaleD = R + uint64_t(I.Imm) * MaxLanes;
  unsigned Quarter = W.Index % 4;
  // This warp's 16 rows of A and all of B, as doubles (exact).
  double As[16][16], Bs[256][16];
  auto Read = [&](uint64_t Desc, unsigned MN, unsigned K, double &Out) {
    uint64_t Off = operandOffset(Desc, MN, K, 2);
    if (Off + 2 > B.Shared.size()) {
      stop(Fn, Idx, "out-of-bounds",
           "wgmma.mma_async operand element (" + std::to_string(MN) + "," +
               std::to_string(K) + ") at byte offset " + std::to_string(Off) +
               " of shared memory (" + std::to_string(B.Shared.size()) +
               " bytes), from descriptor 0x" + utohexstr(Desc) + ", warp " +
               std::to_string(W.Index));
      return false;
    }
    uint16_t Bits;
    memcpy(&Bits, B.Shared.data() + Off, 2);
    Out = smallToDouble(Bits, Fmt);
    return true;
  };
  for (unsigned Rw = 0; Rw < 16; ++Rw)
    for (unsigned K = 0; K < 16; ++K)
      if (!Read(DescA, Quarter * 16 + Rw, K, As[Rw][K]))
        return false;
  for (unsigned C = 0; C < N; ++C)
    for (unsigned K = 0; K < 16; ++K)
      if (!Read(DescB, C, K, Bs[C][K]))
        return false;
  double Sign = ((I.Aux & WgmmaNegA) ? -1.0 : 1.0) * ((I.Aux & WgmmaNegB) ? -1.0 : 1.0);
  for (unsigned L = 0; L < MaxLanes; ++L) {
    for (unsigned E = 0; E < N / 2; ++E) {
      // The D fragment: lane L's element E is row L/4 (+8 for E's bit 1)
      // of the warp's 16, column 8*(E/4) + 2*(L%4) + E%2.
      unsigned Rw = L / 4 + 8 * ((E >> 1) & 1);
      unsigned C = 8 * (E >> 2) + 2 * (L % 4) + (E & 1);
      // The k16 dot product exactly (products of 16-bit floats are exact
      // in double and their sum nearly so), rounded once to f32, then
      // added to the accumulator in f32.
      double Dot = 0;
      for (unsigned K = 0; K < 16; ++K)
        Dot += As[Rw][K] * Bs[C][K];
      float Acc = float(Sign * Dot);
      uint64_t *Slot = R + (uint64_t(I.Dst) + E) * MaxLanes;
      const uint64_t *Old = R + (uint64_t(I.C) + E) * MaxLanes;
      if (ScaleD[L] & 1) {
        float Prev;
        uint32_t PB = uint32_t(Old[L]);
        memcpy(&Prev, &PB, 4);
        Acc = Prev + Acc;
      }
      uint32_t Out;
      memcpy(&Out, &Acc, 4);
      Slot[L] = Out;
    }
  }
  return true;
}

} // namespace dm
} // namespace warplint
