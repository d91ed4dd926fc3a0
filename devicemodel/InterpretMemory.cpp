//===- InterpretMemory.cpp - Loads, stores, atomics, copies, the heap -----===//
//
// The memory family of the interpreter: every lane's address resolves to
// host memory or stops the kernel (out of bounds, misaligned, heap misuse)
// with the lane, thread, buffer and line; each access becomes one memory
// event per space for the observers (counters, race detector, shadows).
// memoryOp is the path of loads, stores and atomics; directAccess its fast
// path; memTransfer memcpy and memset.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/Executor.h"
#include "devicemodel/SmallFloat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

#include <cmath>

using namespace llvm;

namespace warplint {
namespace dm {

uint8_t *Executor::resolve(uint64_t Addr, uint64_t Bytes, unsigned L, bool Write,
                           unsigned &Space, std::string &Why) {
  Space = unsigned(Addr >> TagShift);
  uint64_t Off = Addr & OffsetMask;
  switch (Space) {
  case AS_Global:
    if (uint8_t *H = B.Mem.global(Addr, Bytes))
      return H;
    break;
  case AS_Shared:
    if (Off + Bytes <= B.Shared.size())
      return B.Shared.data() + Off;
    break;
  case AS_Const:
    if (!Write)
      if (uint8_t *H = B.Mem.constant(Off, Bytes))
        return H;
    break;
  case AS_Local:
    if (Off + Bytes <= W.LocalStride)
      return W.Local.data() + uint64_t(L) * W.LocalStride + Off;
    break;
  default:
    break;
  }
  Why = describeBadAddress(Addr, Write);
  return nullptr;
}

const Buffer *Executor::bufferBelow(uint64_t Addr) const {
  uint64_t Window = uint64_t(1) << BufferShift;
  if ((Addr & (Window - 1)) < Window / 2 || ((Addr + Window) >> TagShift) != (Addr >> TagShift))
    return nullptr;
  return B.Mem.bufferAt(Addr + Window);
}

std::string Executor::describeBadAddress(uint64_t Addr, bool Write) {
  std::string Why;
  raw_string_ostream OS(Why);
  uint64_t Off = Addr & OffsetMask;
  BadKind = "out-of-bounds";
  switch (unsigned(Addr >> TagShift)) {
  case AS_Global: {
    Buffer *Buf = B.Mem.bufferAt(Addr);
    uint64_t InWin = Addr & ((uint64_t(1) << BufferShift) - 1);
    if (const Buffer *Next = bufferBelow(Addr)) {
      // A negative index: the address lies just below the next window's buffer.
      if (Next->Heap && Next->Heap->Freed)
        BadKind = "heap-use-after-free";
      OS << "byte offset -" << (uint64_t(1) << BufferShift) - InWin << " of "
         << (Next->Heap ? heapBlockText(*Next)
                        : "buffer '" + Next->Name + "' (" + std::to_string(Next->Bytes) +
                              " bytes)")
         << ", before its start,";
    } else if (Buf && Buf->Heap) {
      if (Buf->Heap->Freed)
        BadKind = "heap-use-after-free";
      OS << "byte offset " << InWin << " of " << heapBlockText(*Buf);
    } else if (Buf)
      OS << "byte offset " << InWin << " of buffer '" << Buf->Name << "' (" << Buf->Bytes
         << " bytes)";
    else
      OS << "global address 0x" << format_hex_no_prefix(Addr, 1) << " in no buffer";
    break;
  }
  case AS_Shared:
    OS << "byte offset " << Off << " of shared memory (" << B.Shared.size() << " bytes)";
    break;
  case AS_Const:
    if (Write)
      OS << "constant memory (read-only), offset " << Off;
    else
      OS << "byte offset " << Off << " of constant memory";
    break;
  case AS_Local:
    OS << "byte offset " << Off << " of local memory (" << W.LocalStride << " bytes)";
    break;
  default:
    if (Addr == 0)
      OS << "a null pointer";
    else
      OS << "address 0x" << format_hex_no_prefix(Addr, 1) << " in no memory";
  }
  return Why;
}

void Executor::emit(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
                    uint32_t Mask, const uint64_t *Offsets, const unsigned *Spaces,
                    MemoryEvent::TransferKind Transfer, const uint64_t *Values) {
  if (B.Obs.empty() || !Mask)
    return;
  // Lanes of one instruction normally share a space; split when not.
  uint32_t Left = Mask;
  while (Left) {
    unsigned S = Spaces[countr_zero(Left)];
    uint32_t Same = 0;
    for (uint32_t MM = Left; MM; MM &= MM - 1)
      if (Spaces[countr_zero(MM)] == S)
        Same |= 1u << countr_zero(MM);
    emitIn(Site, Loc, S, Op, Bytes, Same, Offsets, Transfer, Values);
    Left &= ~Same;
  }
}

void Executor::emitIn(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
                      uint32_t Mask, const uint64_t *Offsets,
                      MemoryEvent::TransferKind Transfer, const uint64_t *Values) {
  if (B.Obs.empty() || !Mask)
    return;
  MemoryEvent E;
  E.Site = Site;
  E.Loc = Loc;
  E.Space = Space;
  E.Op = Op;
  E.Bytes = Bytes;
  E.Mask = Mask;
  E.Warp = W.Index;
  E.Offsets = Offsets;
  E.Transfer = Transfer;
  E.Values = Values;
  for (BlockObserver *O : B.Obs)
    O->onMemory(E);
}

template <class T>
void Executor::atomicLane(uint8_t *Ptr, unsigned Kind, bool Host, uint64_t V, uint64_t &Old) {
  T *P = reinterpret_cast<T *>(Ptr);
  T Val = T(V);
  auto Apply = [&](T Cur) -> T {
    switch (Kind) {
    case AK_Xchg: return Val;
    case AK_Add: return T(Cur + Val);
    case AK_Sub: return T(Cur - Val);
    case AK_And: return T(Cur & Val);
    case AK_Or: return T(Cur | Val);
    case AK_Xor: return T(Cur ^ Val);
    case AK_Max: {
      using S = std::make_signed_t<T>;
      return S(Cur) > S(Val) ? Cur : Val;
    }
    case AK_Min: {
      using S = std::make_signed_t<T>;
      return S(Cur) < S(Val) ? Cur : Val;
    }
    case AK_UMax: return Cur > Val ? Cur : Val;
    case AK_UMin: return Cur < Val ? Cur : Val;
    case AK_UIncWrap: return Cur >= Val ? T(0) : T(Cur + 1);
    case AK_UDecWrap: return (Cur == 0 || Cur > Val) ? Val : T(Cur - 1);
    case AK_FAdd32: return T(bits(f32(Cur) + f32(Val)));
    case AK_FSub32: return T(bits(f32(Cur) - f32(Val)));
    case AK_FMax32: return T(bits(std::fmax(f32(Cur), f32(Val))));
    case AK_FMin32: return T(bits(std::fmin(f32(Cur), f32(Val))));
    case AK_FAdd64: return T(bits(f64(Cur) + f64(Val)));
    case AK_FSub64: return T(bits(f64(Cur) - f64(Val)));
    case AK_FAddHalf: return T(smallBinary(SB_Add, Cur, Val, SF_Half));
    case AK_FAddBF16: return T(smallBinary(SB_Add, Cur, Val, SF_BFloat));
    case AK_FAddHalf2:
    case AK_FAddBF16x2: {
      unsigned F = Kind == AK_FAddHalf2 ? SF_Half : SF_BFloat;
      uint64_t Lo = smallBinary(SB_Add, Cur & 0xffff, Val & 0xffff, F) & 0xffff;
      uint64_t Hi = smallBinary(SB_Add, (Cur >> 16) & 0xffff, (Val >> 16) & 0xffff, F) & 0xffff;
      return T(Lo | Hi << 16);
    }
    default: return Cur;
    }
  };
  if (!Host) {
    T Cur;
    memcpy(&Cur, P, sizeof(T));
    T New = Apply(Cur);
    memcpy(P, &New, sizeof(T));
    Old = Cur;
    return;
  }
  T Cur = __atomic_load_n(P, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(P, &Cur, Apply(Cur), true, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
  Old = Cur;
}

namespace {

/// Loads (or stores) a T for each lane of M from (to) the memory at window
/// Win (a global buffer, or shared memory), whose Size bytes lie at Base, and
/// records each lane's offset.
/// False at the first lane outside the buffer or off its alignment, before
/// touching it: the general path then redoes the access from the start (the
/// lanes already done read or write the same values again, in the same
/// order).
template <class T>
bool bufferLanes(bool Load, uint8_t *Base, uint64_t Win, uint64_t Size, uint64_t AlignMask,
                 const uint64_t *A, uint64_t *D, uint32_t M, uint64_t *Offs) {
  const uint64_t WinMask = ~((uint64_t(1) << BufferShift) - 1);
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    uint64_t Off = A[L] - Win;
    if ((A[L] & WinMask) != Win || Off + sizeof(T) > Size || (Off & AlignMask))
      return false;
    Offs[L] = A[L] & OffsetMask;
    if (Load) {
      T V;
      memcpy(&V, Base + Off, sizeof(T));
      D[L] = V;
    } else {
      T V = T(D[L]);
      memcpy(Base + Off, &V, sizeof(T));
    }
  }
  return true;
}

} // namespace

bool Executor::directAccess(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                            uint32_t M) {
  const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
  uint64_t First = A[countr_zero(M)];
  unsigned Space = unsigned(First >> TagShift);
  // Global: the first lane's buffer; shared: the block's shared memory (whose
  // offsets never reach a second window).
  uint64_t Win = First & ~((uint64_t(1) << BufferShift) - 1);
  uint8_t *Base;
  uint64_t Size;
  if (Space == AS_Global) {
    const Buffer *Buf = B.Mem.bufferAt(Win);
    if (!Buf)
      return false;
    Base = Buf->Data.get();
    Size = Buf->Bytes;
  } else if (Space == AS_Shared && Win == tagOf(AS_Shared)) {
    Base = B.Shared.data();
    Size = B.Shared.size();
  } else {
    return false;
  }
  uint64_t AlignMask = I.Imm - 1;
  bool Load = I.Opc == Op::Load;
  uint64_t *D = R + uint64_t(Load ? I.Dst : I.B) * MaxLanes;
  uint64_t Offs[MaxLanes];
  bool Done;
  switch (I.Aux) {
  case 4: Done = bufferLanes<uint32_t>(Load, Base, Win, Size, AlignMask, A, D, M, Offs); break;
  case 8: Done = bufferLanes<uint64_t>(Load, Base, Win, Size, AlignMask, A, D, M, Offs); break;
  case 2: Done = bufferLanes<uint16_t>(Load, Base, Win, Size, AlignMask, A, D, M, Offs); break;
  case 1: Done = bufferLanes<uint8_t>(Load, Base, Win, Size, AlignMask, A, D, M, Offs); break;
  default: return false;
  }
  if (Done)
    emitIn(I.Site, Fn.InstLoc[Idx], Space, MemOp(B.P.Sites[I.Site].OpKind), I.Aux, M, Offs,
           MemoryEvent::None, Load ? nullptr : D);
  return Done;
}

bool Executor::memoryOp(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                        uint32_t M) {
  uint64_t Offs[MaxLanes];
  unsigned Spaces[MaxLanes];
  const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
  // A cooperative launch's grid-wide sync arrives on the grid workspace,
  // then polls it: the warp yields at its next block entry, letting the
  // other blocks run (BlockTurns).
  if (B.Shape.GridWorkspace && I.Opc != Op::Store && M &&
      A[countr_zero(M)] - B.Shape.GridWorkspace < LaunchShape::GridWorkspaceBytes) {
    W.GridYield = true;
    B.NextCheck = 0;
  }
  // A load that may poll what another warp sets (a flag, the barrier word
  // of a cooperative-groups tile larger than a warp): the warp yields, so
  // the one that sets it runs rather than the poll spinning on.
  if (I.Opc == Op::Load) {
    const Site &S = B.P.Sites[I.Site];
    if (S.Acquire || S.Atomic || S.Volatile) {
      W.PollYield = true;
      B.NextCheck = 0;
    }
  }
  // Fast path: a scalar load or store whose lanes all fall in one global
  // buffer or in shared memory.
  if ((I.Opc == Op::Load || I.Opc == Op::Store) && I.Elems == 1 &&
      directAccess(Fn, Idx, I, R, M))
    return true;
  bool Write = I.Opc != Op::Load;
  uint64_t Bytes = I.Opc == Op::Load || I.Opc == Op::Store ? uint64_t(I.Aux) * I.Elems : I.Imm;
  std::string Why;
  MemOp MO = MemOp(B.P.Sites[I.Site].OpKind);
  // Loads and stores: the alignment the IR promises; atomics: their size.
  uint64_t Align = I.Imm;
  const char *What = I.Opc == Op::Load ? "load" : I.Opc == Op::Store ? "store" : "atomic";
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    uint8_t *H = resolve(A[L], Bytes, L, Write, Spaces[L], Why);
    if (!H) {
      stop(Fn, Idx, BadKind,
           std::string(I.Opc == Op::Load ? "load" : "store") + " of " + std::to_string(Bytes) +
               " bytes at " + Why + " by lane " + std::to_string(L) + ", " + threadName(L));
      return false;
    }
    if (Align > 1 && (A[L] & (Align - 1))) {
      misaligned(Fn, Idx, What, A[L], Bytes, Align, L);
      return false;
    }
    Offs[L] = A[L] & OffsetMask;
    switch (I.Opc) {
    case Op::Load: {
      unsigned EB = I.Aux;
      for (unsigned E = 0; E < I.Elems; ++E)
        R[(uint64_t(I.Dst) + E) * MaxLanes + L] = loadBytes(H + E * EB, EB);
      break;
    }
    case Op::Store: {
      unsigned EB = I.Aux;
      for (unsigned E = 0; E < I.Elems; ++E)
        storeBytes(H + E * EB, R[(uint64_t(I.B) + E) * MaxLanes + L], EB);
      break;
    }
    case Op::AtomicRMW: {
      bool Host = Spaces[L] == AS_Global;
      uint64_t Old = 0, V = R[uint64_t(I.B) * MaxLanes + L];
      if (I.Elems == 2) { // A pair of halves: its two slots, low lane first.
        V = (V & 0xffff) | (R[(uint64_t(I.B) + 1) * MaxLanes + L] & 0xffff) << 16;
        atomicLane<uint32_t>(H, I.Aux, Host, V, Old);
        R[uint64_t(I.Dst) * MaxLanes + L] = Old & 0xffff;
        R[(uint64_t(I.Dst) + 1) * MaxLanes + L] = Old >> 16;
        break;
      }
      switch (I.Imm) {
      case 4: atomicLane<uint32_t>(H, I.Aux, Host, V, Old); break;
      case 8: atomicLane<uint64_t>(H, I.Aux, Host, V, Old); break;
      case 2: atomicLane<uint16_t>(H, I.Aux, Host, V, Old); break;
      default: atomicLane<uint8_t>(H, I.Aux, Host, V, Old); break;
      }
      R[uint64_t(I.Dst) * MaxLanes + L] = Old;
      break;
    }
    case Op::CmpXchg: {
      uint64_t Cmp = R[uint64_t(I.B) * MaxLanes + L], New = R[uint64_t(I.C) * MaxLanes + L];
      uint64_t Old = 0;
      bool Ok;
      if (I.Imm == 8) {
        uint64_t E = Cmp;
        Ok = __atomic_compare_exchange_n((uint64_t *)H, &E, New, false, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED);
        Old = E;
      } else if (I.Imm == 4) {
        uint32_t E = uint32_t(Cmp);
        Ok = __atomic_compare_exchange_n((uint32_t *)H, &E, uint32_t(New), false,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        Old = E;
      } else {
        uint16_t E = uint16_t(Cmp);
        Ok = __atomic_compare_exchange_n((uint16_t *)H, &E, uint16_t(New), false,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED);
        Old = E;
      }
      R[uint64_t(I.Dst) * MaxLanes + L] = Old;
      R[(uint64_t(I.Dst) + 1) * MaxLanes + L] = Ok;
      break;
    }
    default:
      break;
    }
  }
  emit(I.Site, Fn.InstLoc[Idx], 0, MO, unsigned(Bytes), M, Offs, Spaces, MemoryEvent::None,
       I.Opc == Op::Store && I.Elems == 1 && Bytes <= 8 ? R + uint64_t(I.B) * MaxLanes
                                                        : nullptr);
  return true;
}

bool Executor::memTransfer(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                           uint32_t M) {
  bool Set = I.Opc == Op::MemSet;
  const uint64_t *Dst = R + uint64_t(I.A) * MaxLanes;
  const uint64_t *Src = R + uint64_t(I.B) * MaxLanes;
  const uint64_t *Len = R + uint64_t(I.C) * MaxLanes;
  unsigned Chunk = std::max(1u, I.Aux);
  uint64_t MaxLen = 0;
  for (uint32_t MM = M; MM; MM &= MM - 1)
    MaxLen = std::max(MaxLen, Len[countr_zero(MM)]);
  uint64_t Offs[MaxLanes], SOffs[MaxLanes];
  // What each lane's chunk stores (chunks of up to 8 bytes), for the race
  // detector's comparison of stores to one word.
  uint64_t Vals[MaxLanes];
  unsigned Spaces[MaxLanes], SSpaces[MaxLanes];
  std::string Why;
  for (uint64_t Pos = 0; Pos < MaxLen; Pos += Chunk) {
    uint32_t Act = 0;
    for (uint32_t MM = M; MM; MM &= MM - 1) {
      unsigned L = countr_zero(MM);
      if (Pos >= Len[L])
        continue;
      uint64_t N = std::min<uint64_t>(Chunk, Len[L] - Pos);
      Act |= 1u << L;
      uint8_t *D = resolve(Dst[L] + Pos, N, L, true, Spaces[L], Why);
      if (!D)
        return stop(Fn, Idx, BadKind,
                    "store of " + std::to_string(N) + " bytes at " + Why + " by lane " +
                        std::to_string(L) + ", " + threadName(L)),
               false;
      if ((Dst[L] + Pos) & (Chunk - 1))
        return misaligned(Fn, Idx, "store", Dst[L] + Pos, N, Chunk, L), false;
      Offs[L] = (Dst[L] + Pos) & OffsetMask;
      Vals[L] = 0;
      if (Set) {
        memset(D, int(Src[L] & 0xff), N);
        if (N <= 8)
          memset(&Vals[L], int(Src[L] & 0xff), N);
        continue;
      }
      uint8_t *S = resolve(Src[L] + Pos, N, L, false, SSpaces[L], Why);
      if (!S)
        return stop(Fn, Idx, BadKind,
                    "load of " + std::to_string(N) + " bytes at " + Why + " by lane " +
                        std::to_string(L) + ", " + threadName(L)),
               false;
      if ((Src[L] + Pos) & (Chunk - 1))
        return misaligned(Fn, Idx, "load", Src[L] + Pos, N, Chunk, L), false;
      SOffs[L] = (Src[L] + Pos) & OffsetMask;
      if (N <= 8)
        memcpy(&Vals[L], S, N);
      memmove(D, S, N);
    }
    if (!Set)
      emit(I.Site, Fn.InstLoc[Idx], 0, MemOp::Load, Chunk, Act, SOffs, SSpaces,
           MemoryEvent::Copy);
    emit(Set ? I.Site : uint32_t(I.Imm), Fn.InstLoc[Idx], 0, MemOp::Store, Chunk, Act, Offs,
         Spaces, Set ? MemoryEvent::Set : MemoryEvent::Copy, Chunk <= 8 ? Vals : nullptr);
  }
  if (!Set && B.P.Sites[I.Site].Bulk)
    emitBulkRead(Fn.InstLoc[Idx], I, Src, Len, M);
  return true;
}

void Executor::emitBulkRead(uint32_t Loc, const Inst &I, const uint64_t *Src,
                            const uint64_t *Len, uint32_t M) {
  if (B.Obs.empty())
    return;
  // One event per lane: each lane's copy is a TMA instruction of its own.
  uint64_t Offs[MaxLanes];
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    if (!Len[L] || unsigned(Src[L] >> TagShift) != AS_Global)
      continue;
    Offs[L] = Src[L] & OffsetMask;
    MemoryEvent E;
    E.Site = I.Site;
    E.Loc = Loc;
    E.Space = AS_Global;
    E.Op = MemOp::Load;
    E.Bytes = unsigned(Len[L]);
    E.Mask = 1u << L;
    E.Warp = W.Index;
    E.Offsets = Offs;
    E.TmaRead = true;
    for (BlockObserver *O : B.Obs)
      O->onMemory(E);
  }
}

bool Executor::misaligned(const Function &Fn, uint32_t Idx, const char *What, uint64_t Addr,
                          uint64_t Bytes, uint64_t Align, unsigned L) {
  std::string Where = describeBadAddress(Addr, false);
  stop(Fn, Idx, "misaligned",
       std::string("misaligned ") + What + " of " + std::to_string(Bytes) + " bytes at " + Where +
           ", which needs " + std::to_string(Align) + "-byte alignment (address 0x" +
           utohexstr(Addr & OffsetMask) + "), by lane " + std::to_string(L) + ", " +
           threadName(L));
  return true;
}

std::string Executor::heapBlockText(const Buffer &Buf) const {
  const HeapBlock &H = *Buf.Heap;
  auto Where = [](const SourceLoc &L) {
    return L.valid() ? L.File + ":" + std::to_string(L.Line) : std::string("?");
  };
  const char *How = H.Kind == HK_Malloc ? "malloc" : H.Kind == HK_New ? "new" : "new[]";
  std::string S = "a " + std::to_string(H.Bytes) + "-byte heap block (" + How + " at " +
                  Where(H.AllocLoc) + " by " + H.AllocBy;
  if (H.Freed)
    S += ", freed at " + Where(H.FreeLoc) + " by " + H.FreedBy;
  return S + ")";
}

void Executor::heapAlloc(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                         uint32_t M) {
  const uint64_t *Size = R + uint64_t(I.A) * MaxLanes;
  uint64_t *D = R + uint64_t(I.Dst) * MaxLanes;
  const SourceLoc &Loc = B.P.locationOf(Fn, Idx);
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    D[L] = B.Mem.heapAllocate(Size[L], HeapKind(I.Aux), Loc, threadName(L),
                              {B.Idx.V[2], B.Idx.V[1], B.Idx.V[0], W.Tid[2][L], W.Tid[1][L],
                               W.Tid[0][L]});
  }
}

bool Executor::heapFree(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                        uint32_t M) {
  const uint64_t *Ptr = R + uint64_t(I.A) * MaxLanes;
  const SourceLoc &Loc = B.P.locationOf(Fn, Idx);
  const char *How = I.Aux == HK_Malloc ? "free" : I.Aux == HK_New ? "delete" : "delete[]";
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    const Buffer *Blk = nullptr;
    std::string By = threadName(L);
    switch (B.Mem.heapFree(Ptr[L], Loc, By, Blk)) {
    case DeviceMemory::FreeStatus::Freed:
    case DeviceMemory::FreeStatus::Null:
      continue;
    case DeviceMemory::FreeStatus::DoubleFree:
      stop(Fn, Idx, "heap-double-free",
           std::string(How) + " of " + heapBlockText(*Blk) + ", already freed, by lane " +
               std::to_string(L) + ", " + By);
      return false;
    case DeviceMemory::FreeStatus::Interior:
      stop(Fn, Idx, "heap-invalid-free",
           std::string(How) + " of byte offset " +
               std::to_string(Ptr[L] & ((uint64_t(1) << BufferShift) - 1)) + " of " +
               heapBlockText(*Blk) + ", not the start of the block, by lane " +
               std::to_string(L) + ", " + By);
      return false;
    case DeviceMemory::FreeStatus::NotHeap:
      stop(Fn, Idx, "heap-invalid-free",
           std::string(How) + " of " + describeBadAddress(Ptr[L], false) +
               ", which malloc/new did not return, by lane " + std::to_string(L) + ", " + By);
      return false;
    }
  }
  return true;
}

} // namespace dm
} // namespace warplint
