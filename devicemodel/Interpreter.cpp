//===- Interpreter.cpp - Execute whole warps of decoded instructions ------===//
//
// Every instruction runs for the 32 lanes of a warp under an active mask; a
// full mask takes a straight loop the compiler vectorizes. Divergent branches
// push reconvergence-stack entries that rejoin at the immediate
// post-dominator.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/IntegerFunctions.h"
#include "devicemodel/WarpReduce.h"
#include "devicemodel/WarpState.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/xxhash.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

#define FOR_LANES(...)                                                        \
  do {                                                                         \
    if (M == AllLanes) {                                                       \
      for (unsigned L = 0; L < MaxLanes; ++L) {                                \
        __VA_ARGS__;                                                           \
      }                                                                        \
    } else {                                                                   \
      for (uint32_t MM = M; MM; MM &= MM - 1) {                                \
        unsigned L = llvm::countr_zero(MM);                                    \
        __VA_ARGS__;                                                           \
      }                                                                        \
    }                                                                          \
  } while (0)

/// The EB-byte little-endian value at H, zero-extended. Fixed-size copies
/// for the common sizes compile to one move (a variable-size memcpy is a
/// call, and its partial store stalls the 8-byte read that follows).
inline uint64_t loadBytes(const uint8_t *H, unsigned EB) {
  switch (EB) {
  case 4: { uint32_t V; memcpy(&V, H, 4); return V; }
  case 8: { uint64_t V; memcpy(&V, H, 8); return V; }
  case 2: { uint16_t V; memcpy(&V, H, 2); return V; }
  case 1: return *H;
  default: { uint64_t V = 0; memcpy(&V, H, EB); return V; }
  }
}

/// Stores the low EB bytes of V at H.
inline void storeBytes(uint8_t *H, uint64_t V, unsigned EB) {
  switch (EB) {
  case 4: { uint32_t X = uint32_t(V); memcpy(H, &X, 4); return; }
  case 8: memcpy(H, &V, 8); return;
  case 2: { uint16_t X = uint16_t(V); memcpy(H, &X, 2); return; }
  case 1: *H = uint8_t(V); return;
  default: memcpy(H, &V, EB); return;
  }
}

inline float f32(uint64_t V) { return llvm::bit_cast<float>(uint32_t(V)); }
inline double f64(uint64_t V) { return llvm::bit_cast<double>(V); }
inline uint64_t bits(float F) { return llvm::bit_cast<uint32_t>(F); }
inline uint64_t bits(double D) { return llvm::bit_cast<uint64_t>(D); }
inline int64_t sx(uint64_t V, unsigned Bits) {
  unsigned S = 64 - Bits;
  return (int64_t)(V << S) >> S;
}

template <class T> bool fcmp(unsigned Pred, T A, T B) {
  bool Uno = std::isnan(A) || std::isnan(B);
  switch (Pred) {
  case CmpInst::FCMP_FALSE: return false;
  case CmpInst::FCMP_OEQ: return !Uno && A == B;
  case CmpInst::FCMP_OGT: return !Uno && A > B;
  case CmpInst::FCMP_OGE: return !Uno && A >= B;
  case CmpInst::FCMP_OLT: return !Uno && A < B;
  case CmpInst::FCMP_OLE: return !Uno && A <= B;
  case CmpInst::FCMP_ONE: return !Uno && A != B;
  case CmpInst::FCMP_ORD: return !Uno;
  case CmpInst::FCMP_UNO: return Uno;
  case CmpInst::FCMP_UEQ: return Uno || A == B;
  case CmpInst::FCMP_UGT: return Uno || A > B;
  case CmpInst::FCMP_UGE: return Uno || A >= B;
  case CmpInst::FCMP_ULT: return Uno || A < B;
  case CmpInst::FCMP_ULE: return Uno || A <= B;
  case CmpInst::FCMP_UNE: return Uno || A != B;
  default: return true;
  }
}

/// PTX cvt.rzi: NaN is 0, out-of-range saturates.
template <class T> uint64_t toSigned(T V, unsigned Bits, uint64_t Mask) {
  if (std::isnan(V))
    return 0;
  double Max = std::ldexp(1.0, Bits - 1) - 1, Min = -std::ldexp(1.0, Bits - 1);
  double D = std::trunc((double)V);
  if (D >= Max)
    return uint64_t(Bits >= 64 ? std::numeric_limits<int64_t>::max()
                               : (int64_t(1) << (Bits - 1)) - 1) & Mask;
  if (D <= Min)
    return uint64_t(Bits >= 64 ? std::numeric_limits<int64_t>::min()
                               : -(int64_t(1) << (Bits - 1))) & Mask;
  return uint64_t(int64_t(D)) & Mask;
}
template <class T> uint64_t toUnsigned(T V, unsigned Bits, uint64_t Mask) {
  if (std::isnan(V) || V <= 0)
    return 0;
  double Max = std::ldexp(1.0, Bits);
  double D = std::trunc((double)V);
  if (D >= Max)
    return Mask;
  return uint64_t(D) & Mask;
}

/// Executes warps for one block.
class Executor {
public:
  Executor(BlockState &B, Warp &W) : B(B), W(W) {}
  WarpStatus run();

private:
  BlockState &B;
  Warp &W;

  uint64_t *regs(const Frame &F) { return W.Regs.data() + uint64_t(F.RegBase) * MaxLanes; }
  WarpStatus stop(const Function &Fn, uint32_t InstIdx, std::string Kind, std::string Msg) {
    Finding F;
    F.Kind = std::move(Kind);
    F.Message = std::move(Msg);
    F.Loc = B.P.locationOf(Fn, InstIdx);
    if (F.Loc.valid())
      F.Message += " at " + F.Loc.File + ":" + std::to_string(F.Loc.Line);
    if (!B.Result.Stop)
      B.Result.Stop = std::move(F);
    return WarpStatus::Stopped;
  }
  std::string threadName(unsigned L) const {
    std::string S;
    raw_string_ostream OS(S);
    OS << "thread (" << W.Tid[0][L] << "," << W.Tid[1][L] << "," << W.Tid[2][L]
       << ") of block (" << B.Idx.V[0] << "," << B.Idx.V[1] << "," << B.Idx.V[2] << ")";
    return S;
  }

  /// Host memory for a lane's access, or null (OOB recorded in Why).
  uint8_t *resolve(uint64_t Addr, uint64_t Bytes, unsigned L, bool Write, unsigned &Space,
                   std::string &Why);
  std::string describeBadAddress(uint64_t Addr, bool Write);
  /// The buffer whose window starts just above Addr, when Addr lies in the
  /// upper half of its own window (a negative index into that buffer).
  const Buffer *bufferBelow(uint64_t Addr) const;
  /// The run-error kind of the last bad address described.
  const char *BadKind = "out-of-bounds";
  /// Stops the kernel at a misaligned access (in bounds, off its alignment).
  bool misaligned(const Function &Fn, uint32_t Idx, const char *What, uint64_t Addr,
                  uint64_t Bytes, uint64_t Align, unsigned L);
  std::string heapBlockText(const Buffer &Buf) const;
  void heapAlloc(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  bool heapFree(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  WarpStatus trap(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// At the entry of block BlockIdx once the block ran long: stops it at
  /// --max-instructions, or samples the warp's state for a hang. A status
  /// when the warp must leave.
  std::optional<WarpStatus> checkProgress(const Function &Fn, uint32_t BlockIdx);
  uint64_t stateHash() const;
  bool memoryOp(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  /// A scalar load or store of 1, 2, 4 or 8 bytes whose lanes all lie in one
  /// global buffer or in shared memory, aligned: done and observed; false
  /// (and nothing observed) when the general path must do it.
  bool directAccess(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  bool memTransfer(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R, uint32_t M);
  void emit(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
            uint32_t Mask, const uint64_t *Offsets, const unsigned *Spaces,
            MemoryEvent::TransferKind Transfer = MemoryEvent::None);
  /// One event for the lanes of Mask, all in Space.
  void emitIn(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
              uint32_t Mask, const uint64_t *Offsets,
              MemoryEvent::TransferKind Transfer = MemoryEvent::None);
  void applyEdge(const Function &Fn, uint64_t *R, uint32_t EdgeIdx, uint32_t Mask);
  void takeEdge(const Function &Fn, uint64_t *R, StackEntry &E, uint32_t EdgeIdx);
  void printf(const Inst &I, uint64_t *R, uint32_t M);
  template <class T> void atomicLane(uint8_t *Ptr, unsigned Kind, bool Host, uint64_t V,
                                     uint64_t &Old);
};

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
                    MemoryEvent::TransferKind Transfer) {
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
    emitIn(Site, Loc, S, Op, Bytes, Same, Offsets, Transfer);
    Left &= ~Same;
  }
}

void Executor::emitIn(uint32_t Site, uint32_t Loc, unsigned Space, MemOp Op, unsigned Bytes,
                      uint32_t Mask, const uint64_t *Offsets,
                      MemoryEvent::TransferKind Transfer) {
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
    emitIn(I.Site, Fn.InstLoc[Idx], Space, MemOp(B.P.Sites[I.Site].OpKind), I.Aux, M, Offs);
  return Done;
}

bool Executor::memoryOp(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                        uint32_t M) {
  uint64_t Offs[MaxLanes];
  unsigned Spaces[MaxLanes];
  const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
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
  emit(I.Site, Fn.InstLoc[Idx], 0, MO, unsigned(Bytes), M, Offs, Spaces);
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
      if (Set) {
        memset(D, int(Src[L] & 0xff), N);
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
      memmove(D, S, N);
    }
    if (!Set)
      emit(I.Site, Fn.InstLoc[Idx], 0, MemOp::Load, Chunk, Act, SOffs, SSpaces,
           MemoryEvent::Copy);
    emit(Set ? I.Site : uint32_t(I.Imm), Fn.InstLoc[Idx], 0, MemOp::Store, Chunk, Act, Offs,
         Spaces, Set ? MemoryEvent::Set : MemoryEvent::Copy);
  }
  return true;
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

WarpStatus Executor::trap(const Function &Fn, uint32_t Idx, const Inst &I, uint64_t *R,
                          uint32_t M) {
  unsigned L = countr_zero(M);
  if (I.Aux == 0)
    return stop(Fn, Idx, "trap", "reached unreachable code in " + threadName(L));
  if (I.Aux == 1)
    return stop(Fn, Idx, "trap", "__trap() in " + threadName(L));
  // __assertfail(message, file, line, function, size).
  std::string Text, Why;
  unsigned Space;
  uint64_t Msg = R[uint64_t(I.A) * MaxLanes + L];
  for (uint64_t K = 0; K < 1024; ++K) {
    uint8_t *C = resolve(Msg + K, 1, L, false, Space, Why);
    if (!C || !*C)
      break;
    Text.push_back(char(*C));
  }
  return stop(Fn, Idx, "trap", "assertion '" + Text + "' failed in " + threadName(L));
}

uint64_t Executor::stateHash() const {
  auto Bytes = [](const auto &V) {
    return ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(V.data()),
                             V.size() * sizeof(V[0]));
  };
  uint64_t H = xxh3_64bits(Bytes(W.Regs));
  H = H * 0x9e3779b97f4a7c15ull ^ xxh3_64bits(Bytes(W.Stack));
  return H * 0x9e3779b97f4a7c15ull ^ xxh3_64bits(Bytes(W.Frames));
}

std::optional<WarpStatus> Executor::checkProgress(const Function &Fn, uint32_t BlockIdx) {
  uint64_t Now = B.Result.Stats.WarpInsts;
  const Block &Blk = Fn.Blocks[BlockIdx];
  if (B.MaxInsts && Now > B.MaxInsts)
    return stop(Fn, Blk.Last - 1, "runaway",
                "instruction budget exhausted: block (" + std::to_string(B.Idx.V[0]) + "," +
                    std::to_string(B.Idx.V[1]) + "," + std::to_string(B.Idx.V[2]) +
                    ") executed " + std::to_string(Now) +
                    " warp instructions without finishing (--max-instructions); last in the "
                    "loop");
  if (Now <= B.ProbeAfter) {
    B.NextCheck = B.MaxInsts ? std::min(B.ProbeAfter, B.MaxInsts) : B.ProbeAfter;
    return std::nullopt;
  }
  // From here on every block entry comes here (cheap unless at the anchor).
  B.NextCheck = 0;
  HangProbe &H = W.Probe;
  uint32_t Func = W.Frames.back().Func, Depth = W.Frames.size();
  // Anchor at the first block entered, again when the anchor is not
  // reached for as long as the probe waited to start (an inner loop).
  if (!H.Active || Now - H.LastSample > B.ProbeAfter) {
    H = HangProbe();
    H.Active = true;
    H.Func = Func;
    H.Block = BlockIdx;
    H.Depth = Depth;
    H.LastSample = Now;
    return std::nullopt;
  }
  if (BlockIdx != H.Block || Func != H.Func || Depth != H.Depth)
    return std::nullopt;
  if (!H.Stride) {
    // Hash about 2% of the time: a hash costs about as much as one lane
    // instruction per 8 bytes of state.
    uint64_t Words = W.Regs.size() + W.Stack.size() * 2 + W.Frames.size() * 3;
    H.Stride = std::max<uint64_t>(1, Words * 5 / (2 * std::max<uint64_t>(1, Now - H.LastSample)));
  }
  if (++H.Visits % H.Stride)
    return std::nullopt;
  H.LastSample = Now;
  uint64_t X = stateHash();
  if (H.CycleLeft) {
    H.CycleMin = std::min(H.CycleMin, X);
    if (--H.CycleLeft)
      return std::nullopt;
  } else if (!H.Started) {
    H.Started = true;
    H.Tortoise = X;
    H.Power = H.Lam = 1;
    return std::nullopt;
  } else if (X != H.Tortoise) {
    if (H.Power == H.Lam) {
      H.Tortoise = X;
      H.Power *= 2;
      H.Lam = 0;
    }
    ++H.Lam;
    return std::nullopt;
  } else {
    // The state came back after Lam samples: walk the cycle once for its
    // smallest hash, which names it whatever state it was entered at.
    W.Period = H.Lam * H.Stride;
    H.CycleMin = X;
    H.CycleLeft = H.Lam - 1;
    if (H.CycleLeft)
      return std::nullopt;
  }
  W.CycleId = H.CycleMin;
  W.SpinLoc = B.P.locationOf(Fn, Blk.Last - 1);
  H = HangProbe();
  // Resume here: the warp is at the anchor's first instruction.
  return WarpStatus::Spinning;
}

void Executor::applyEdge(const Function &Fn, uint64_t *R, uint32_t EdgeIdx, uint32_t M) {
  const Edge &E = Fn.Edges[EdgeIdx];
  if (E.MoveBegin == E.MoveEnd)
    return;
  if (!E.Parallel) {
    for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K) {
      uint64_t *D = R + uint64_t(Fn.Moves[K].first) * MaxLanes;
      const uint64_t *S = R + uint64_t(Fn.Moves[K].second) * MaxLanes;
      FOR_LANES(D[L] = S[L]);
    }
    return;
  }
  std::vector<uint64_t> Tmp((E.MoveEnd - E.MoveBegin) * MaxLanes);
  for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K)
    memcpy(&Tmp[(K - E.MoveBegin) * MaxLanes], R + uint64_t(Fn.Moves[K].second) * MaxLanes,
           MaxLanes * 8);
  for (uint32_t K = E.MoveBegin; K < E.MoveEnd; ++K) {
    uint64_t *D = R + uint64_t(Fn.Moves[K].first) * MaxLanes;
    const uint64_t *S = &Tmp[(K - E.MoveBegin) * MaxLanes];
    FOR_LANES(D[L] = S[L]);
  }
}

void Executor::takeEdge(const Function &Fn, uint64_t *R, StackEntry &E, uint32_t EdgeIdx) {
  applyEdge(Fn, R, EdgeIdx, E.Mask);
  E.Block = Fn.Edges[EdgeIdx].Target;
  E.Inst = Fn.Blocks[E.Block].First;
}

void Executor::printf(const Inst &I, uint64_t *R, uint32_t M) {
  const uint64_t *Fmt = R + uint64_t(I.A) * MaxLanes;
  const uint64_t *Args = R + uint64_t(I.B) * MaxLanes;
  uint64_t *D = R + uint64_t(I.Dst) * MaxLanes;
  for (uint32_t MM = M; MM; MM &= MM - 1) {
    unsigned L = countr_zero(MM);
    std::string Format, Why;
    unsigned Space;
    for (uint64_t K = 0; K < 4096; ++K) {
      uint8_t *C = resolve(Fmt[L] + K, 1, L, false, Space, Why);
      if (!C || !*C)
        break;
      Format.push_back(char(*C));
    }
    // The argument buffer is local (an alloca) or null when there are none.
    const uint8_t *ArgMem = nullptr;
    uint64_t ArgBytes = 0;
    if (Args[L]) {
      uint8_t *H = resolve(Args[L], 1, L, false, Space, Why);
      if (H) {
        ArgMem = H;
        ArgBytes = Space == AS_Local ? W.LocalStride - (Args[L] & OffsetMask) : 8 * 32;
      }
    }
    size_t Before = B.Result.Output.size();
    auto ReadString = [&](uint64_t Addr) {
      std::string Str, Ignored;
      unsigned Sp;
      for (uint64_t K = 0; K < 4096; ++K) {
        uint8_t *C = resolve(Addr + K, 1, L, false, Sp, Ignored);
        if (!C || !*C)
          break;
        Str.push_back(char(*C));
      }
      return Str;
    };
    formatPrintf(Format, ArgMem, ArgBytes, ReadString, B.Result.Output);
    D[L] = B.Result.Output.size() - Before;
  }
}

WarpStatus Executor::run() {
  const Program &P = B.P;
  while (true) {
    if (W.Frames.empty()) {
      W.Done = true;
      return WarpStatus::Done;
    }
    Frame &Fr = W.Frames.back();
    if (W.Stack.size() == Fr.StackBase) {
      // The function returned in every lane.
      W.Regs.resize(uint64_t(Fr.RegBase) * MaxLanes);
      W.Frames.pop_back();
      if (W.Frames.empty()) {
        W.Done = true;
        return WarpStatus::Done;
      }
      continue;
    }
    StackEntry &E = W.Stack.back();
    if (E.Mask == 0 || E.Block == E.Reconv) {
      W.Stack.pop_back();
      continue;
    }
    const Function &Fn = P.Funcs[Fr.Func];
    const Block &Blk = Fn.Blocks[E.Block];
    const uint32_t M = E.Mask;
    if (E.Inst == Blk.First) {
      B.Result.Stats.WarpInsts += Blk.Counted;
      B.Result.Stats.ThreadInsts += uint64_t(Blk.Counted) * popcount(M);
      if (B.Result.Stats.WarpInsts > B.NextCheck)
        if (std::optional<WarpStatus> St = checkProgress(Fn, E.Block)) {
          if (*St == WarpStatus::Spinning) {
            // It resumes at this block's entry, which counts it again.
            B.Result.Stats.WarpInsts -= Blk.Counted;
            B.Result.Stats.ThreadInsts -= uint64_t(Blk.Counted) * popcount(M);
          }
          return *St;
        }
    }
    uint64_t *R = regs(Fr);
    const Inst *Insts = Fn.Insts.data();
    for (uint32_t Idx = E.Inst;; ++Idx) {
      const Inst &I = Insts[Idx];
      uint64_t *D = R + uint64_t(I.Dst) * MaxLanes;
      const uint64_t *A = R + uint64_t(I.A) * MaxLanes;
      const uint64_t *Bv = R + uint64_t(I.B) * MaxLanes;
      const uint64_t *C = R + uint64_t(I.C) * MaxLanes;
      const uint64_t Imm = I.Imm;
      const unsigned Aux = I.Aux;
      switch (I.Opc) {
      // ---- integer -------------------------------------------------------
      case Op::Add: FOR_LANES(D[L] = (A[L] + Bv[L]) & Imm); break;
      case Op::Sub: FOR_LANES(D[L] = (A[L] - Bv[L]) & Imm); break;
      case Op::Mul: FOR_LANES(D[L] = (A[L] * Bv[L]) & Imm); break;
      case Op::UDiv: FOR_LANES(D[L] = Bv[L] ? A[L] / Bv[L] : Imm); break;
      case Op::URem: FOR_LANES(D[L] = Bv[L] ? A[L] % Bv[L] : A[L]); break;
      case Op::SDiv:
        FOR_LANES({
          int64_t X = sx(A[L], Aux), Y = sx(Bv[L], Aux);
          D[L] = (Y == 0 ? uint64_t(-1) : (Y == -1 ? uint64_t(-X) : uint64_t(X / Y))) & Imm;
        });
        break;
      case Op::SRem:
        FOR_LANES({
          int64_t X = sx(A[L], Aux), Y = sx(Bv[L], Aux);
          D[L] = (Y == 0 ? uint64_t(X) : (Y == -1 ? 0 : uint64_t(X % Y))) & Imm;
        });
        break;
      case Op::Shl: FOR_LANES(D[L] = Bv[L] >= Aux ? 0 : (A[L] << Bv[L]) & Imm); break;
      case Op::LShr: FOR_LANES(D[L] = Bv[L] >= Aux ? 0 : A[L] >> Bv[L]); break;
      case Op::AShr:
        FOR_LANES(D[L] = uint64_t(sx(A[L], Aux) >> (Bv[L] >= Aux ? Aux - 1 : Bv[L])) & Imm);
        break;
      case Op::And: FOR_LANES(D[L] = A[L] & Bv[L]); break;
      case Op::Or: FOR_LANES(D[L] = A[L] | Bv[L]); break;
      case Op::Xor: FOR_LANES(D[L] = A[L] ^ Bv[L]); break;
      case Op::ICmpEq: FOR_LANES(D[L] = A[L] == Bv[L]); break;
      case Op::ICmpNe: FOR_LANES(D[L] = A[L] != Bv[L]); break;
      case Op::ICmpUgt: FOR_LANES(D[L] = A[L] > Bv[L]); break;
      case Op::ICmpUge: FOR_LANES(D[L] = A[L] >= Bv[L]); break;
      case Op::ICmpUlt: FOR_LANES(D[L] = A[L] < Bv[L]); break;
      case Op::ICmpUle: FOR_LANES(D[L] = A[L] <= Bv[L]); break;
      case Op::ICmpSgt: FOR_LANES(D[L] = sx(A[L], Aux) > sx(Bv[L], Aux)); break;
      case Op::ICmpSge: FOR_LANES(D[L] = sx(A[L], Aux) >= sx(Bv[L], Aux)); break;
      case Op::ICmpSlt: FOR_LANES(D[L] = sx(A[L], Aux) < sx(Bv[L], Aux)); break;
      case Op::ICmpSle: FOR_LANES(D[L] = sx(A[L], Aux) <= sx(Bv[L], Aux)); break;
      case Op::SExt: FOR_LANES(D[L] = uint64_t(sx(A[L], Aux)) & Imm); break;
      case Op::Trunc: FOR_LANES(D[L] = A[L] & Imm); break;
      case Op::Copy: FOR_LANES(D[L] = A[L]); break;
      case Op::Select: FOR_LANES(D[L] = (A[L] & 1) ? Bv[L] : C[L]); break;
      case Op::SMin: FOR_LANES(D[L] = sx(A[L], Aux) < sx(Bv[L], Aux) ? A[L] : Bv[L]); break;
      case Op::SMax: FOR_LANES(D[L] = sx(A[L], Aux) > sx(Bv[L], Aux) ? A[L] : Bv[L]); break;
      case Op::UMin: FOR_LANES(D[L] = A[L] < Bv[L] ? A[L] : Bv[L]); break;
      case Op::UMax: FOR_LANES(D[L] = A[L] > Bv[L] ? A[L] : Bv[L]); break;
      case Op::Abs: FOR_LANES(D[L] = uint64_t(std::abs(sx(A[L], Aux))) & Imm); break;
      case Op::CtPop: FOR_LANES(D[L] = popcount(A[L])); break;
      case Op::Ctlz: FOR_LANES(D[L] = A[L] ? countl_zero(A[L]) - (64 - Aux) : Aux); break;
      case Op::Cttz: FOR_LANES(D[L] = A[L] ? countr_zero(A[L]) : Aux); break;
      case Op::BitRev: FOR_LANES(D[L] = reverseBits(A[L]) >> (64 - Aux)); break;
      case Op::BSwap: FOR_LANES(D[L] = byteswap(A[L]) >> (64 - Aux)); break;
      case Op::FShl:
        FOR_LANES({
          unsigned S = C[L] % Aux;
          D[L] = S ? ((A[L] << S) | (Bv[L] >> (Aux - S))) & Imm : A[L];
        });
        break;
      case Op::FShr:
        FOR_LANES({
          unsigned S = C[L] % Aux;
          D[L] = S ? ((A[L] << (Aux - S)) | (Bv[L] >> S)) & Imm : Bv[L];
        });
        break;
      case Op::MulHiU:
        FOR_LANES(D[L] = Aux == 64 ? uint64_t((unsigned __int128)A[L] * Bv[L] >> 64)
                                   : ((A[L] * Bv[L]) >> Aux) & Imm);
        break;
      case Op::MulHiS:
        FOR_LANES(D[L] = Aux == 64 ? uint64_t((__int128)int64_t(A[L]) * int64_t(Bv[L]) >> 64)
                                   : uint64_t((sx(A[L], Aux) * sx(Bv[L], Aux)) >> Aux) & Imm);
        break;
      case Op::AddScaled: FOR_LANES(D[L] = A[L] + uint64_t(sx(Bv[L], Aux)) * Imm); break;
      case Op::AddImm: FOR_LANES(D[L] = A[L] + Imm); break;
      // ---- floating point ------------------------------------------------
      case Op::FAdd32: FOR_LANES(D[L] = bits(f32(A[L]) + f32(Bv[L]))); break;
      case Op::FSub32: FOR_LANES(D[L] = bits(f32(A[L]) - f32(Bv[L]))); break;
      case Op::FMul32: FOR_LANES(D[L] = bits(f32(A[L]) * f32(Bv[L]))); break;
      case Op::FDiv32: FOR_LANES(D[L] = bits(f32(A[L]) / f32(Bv[L]))); break;
      case Op::FRem32: FOR_LANES(D[L] = bits(std::fmod(f32(A[L]), f32(Bv[L])))); break;
      case Op::FNeg32: FOR_LANES(D[L] = A[L] ^ 0x80000000u); break;
      case Op::FMA32: FOR_LANES(D[L] = bits(std::fma(f32(A[L]), f32(Bv[L]), f32(C[L])))); break;
      case Op::FAdd64: FOR_LANES(D[L] = bits(f64(A[L]) + f64(Bv[L]))); break;
      case Op::FSub64: FOR_LANES(D[L] = bits(f64(A[L]) - f64(Bv[L]))); break;
      case Op::FMul64: FOR_LANES(D[L] = bits(f64(A[L]) * f64(Bv[L]))); break;
      case Op::FDiv64: FOR_LANES(D[L] = bits(f64(A[L]) / f64(Bv[L]))); break;
      case Op::FRem64: FOR_LANES(D[L] = bits(std::fmod(f64(A[L]), f64(Bv[L])))); break;
      case Op::FNeg64: FOR_LANES(D[L] = A[L] ^ 0x8000000000000000ull); break;
      case Op::FMA64: FOR_LANES(D[L] = bits(std::fma(f64(A[L]), f64(Bv[L]), f64(C[L])))); break;
      case Op::FCmp32: FOR_LANES(D[L] = fcmp(Aux, f32(A[L]), f32(Bv[L]))); break;
      case Op::FCmp64: FOR_LANES(D[L] = fcmp(Aux, f64(A[L]), f64(Bv[L]))); break;
      case Op::FPExt: FOR_LANES(D[L] = bits(double(f32(A[L])))); break;
      case Op::FPTrunc: FOR_LANES(D[L] = bits(float(f64(A[L])))); break;
      case Op::FPToSI32: FOR_LANES(D[L] = toSigned(f32(A[L]), Aux, Imm)); break;
      case Op::FPToUI32: FOR_LANES(D[L] = toUnsigned(f32(A[L]), Aux, Imm)); break;
      case Op::FPToSI64: FOR_LANES(D[L] = toSigned(f64(A[L]), Aux, Imm)); break;
      case Op::FPToUI64: FOR_LANES(D[L] = toUnsigned(f64(A[L]), Aux, Imm)); break;
      case Op::SIToFP32: FOR_LANES(D[L] = bits(float(sx(A[L], Aux)))); break;
      case Op::UIToFP32: FOR_LANES(D[L] = bits(float(A[L]))); break;
      case Op::SIToFP64: FOR_LANES(D[L] = bits(double(sx(A[L], Aux)))); break;
      case Op::UIToFP64: FOR_LANES(D[L] = bits(double(A[L]))); break;
      case Op::Math32:
        if (Aux == 1) {
          auto *Fp = reinterpret_cast<float (*)(float)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f32(A[L]))));
        } else if (Aux == 2) {
          auto *Fp = reinterpret_cast<float (*)(float, float)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f32(A[L]), f32(Bv[L]))));
        } else {
          auto *Fp = reinterpret_cast<float (*)(float, float, float)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f32(A[L]), f32(Bv[L]), f32(C[L]))));
        }
        break;
      case Op::Math64:
        if (Aux == 1) {
          auto *Fp = reinterpret_cast<double (*)(double)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f64(A[L]))));
        } else if (Aux == 2) {
          auto *Fp = reinterpret_cast<double (*)(double, double)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f64(A[L]), f64(Bv[L]))));
        } else {
          auto *Fp = reinterpret_cast<double (*)(double, double, double)>(Imm);
          FOR_LANES(D[L] = bits(Fp(f64(A[L]), f64(Bv[L]), f64(C[L]))));
        }
        break;
      case Op::BitFn: {
        auto *Fp = reinterpret_cast<BitFunctionPtr>(Imm);
        if (Aux == 1)
          FOR_LANES(D[L] = Fp(A[L], 0, 0));
        else if (Aux == 2)
          FOR_LANES(D[L] = Fp(A[L], Bv[L], 0));
        else
          FOR_LANES(D[L] = Fp(A[L], Bv[L], C[L]));
        break;
      }
      // ---- thread state ----------------------------------------------------
      case Op::SReg: {
        const Dim3 &Blk = B.Shape.Block, &Grid = B.Shape.Grid;
        switch (Aux) {
        case SR_TidX: FOR_LANES(D[L] = W.Tid[0][L]); break;
        case SR_TidY: FOR_LANES(D[L] = W.Tid[1][L]); break;
        case SR_TidZ: FOR_LANES(D[L] = W.Tid[2][L]); break;
        case SR_NTidX: FOR_LANES(D[L] = Blk.V[0]); break;
        case SR_NTidY: FOR_LANES(D[L] = Blk.V[1]); break;
        case SR_NTidZ: FOR_LANES(D[L] = Blk.V[2]); break;
        case SR_CtaIdX: FOR_LANES(D[L] = B.Idx.V[0]); break;
        case SR_CtaIdY: FOR_LANES(D[L] = B.Idx.V[1]); break;
        case SR_CtaIdZ: FOR_LANES(D[L] = B.Idx.V[2]); break;
        case SR_NCtaIdX: FOR_LANES(D[L] = Grid.V[0]); break;
        case SR_NCtaIdY: FOR_LANES(D[L] = Grid.V[1]); break;
        case SR_NCtaIdZ: FOR_LANES(D[L] = Grid.V[2]); break;
        case SR_LaneId: FOR_LANES(D[L] = L); break;
        case SR_WarpId: FOR_LANES(D[L] = W.Index); break;
        case SR_WarpSize: FOR_LANES(D[L] = B.Shape.WarpSize); break;
        case SR_LaneMaskLt: FOR_LANES(D[L] = (1ull << L) - 1); break;
        case SR_LaneMaskLe: FOR_LANES(D[L] = (2ull << L) - 1); break;
        case SR_LaneMaskGt: FOR_LANES(D[L] = uint32_t(~((2ull << L) - 1))); break;
        case SR_LaneMaskGe: FOR_LANES(D[L] = uint32_t(~((1ull << L) - 1))); break;
        case SR_LaneMaskEq: FOR_LANES(D[L] = 1ull << L); break;
        case SR_Clock:
        case SR_Clock64: FOR_LANES(D[L] = B.Result.Stats.WarpInsts); break;
        case SR_DynSmemSize: FOR_LANES(D[L] = B.Shape.DynamicShared); break;
        case SR_ReservedBegin:
        case SR_ReservedOffset0:
          FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes));
          break;
        case SR_ReservedEnd:
          FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes) +
                           B.Shape.ReservedShared);
          break;
        case SR_ReservedCap: FOR_LANES(D[L] = B.Shape.ReservedShared); break;
        case SR_ReservedOffset1:
          // Cooperative groups' scratch (288 bytes) in the upper half.
          FOR_LANES(D[L] = B.Shape.reservedSharedBase(B.P.SharedStaticBytes) +
                           B.Shape.ReservedShared / 2);
          break;
        default: FOR_LANES(D[L] = 0); break;
        }
        break;
      }
      // ---- memory ----------------------------------------------------------
      case Op::Load:
      case Op::Store:
      case Op::AtomicRMW:
      case Op::CmpXchg:
        if (!memoryOp(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      case Op::MemCpy:
      case Op::MemSet:
        if (!memTransfer(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      // ---- warp and block --------------------------------------------------
      case Op::Shfl: {
        uint64_t Src[MaxLanes];
        memcpy(Src, A, sizeof(Src));
        unsigned Mode = Aux & 15;
        uint64_t *Pred = (Aux & 16) ? D + MaxLanes : nullptr;
        FOR_LANES({
          uint32_t CV = uint32_t(C[L]), BV = uint32_t(Bv[L]);
          uint32_t Seg = (CV >> 8) & 0x1f, Clamp = CV & 0x1f;
          uint32_t MaxL = (L & Seg) | (Clamp & ~Seg), MinL = L & Seg;
          int32_t J;
          bool Ok;
          switch (Mode) {
          case SH_Idx: J = MinL | (BV & 0x1f & ~Seg); Ok = uint32_t(J) <= MaxL; break;
          case SH_Up: J = int32_t(L) - int32_t(BV); Ok = J >= int32_t(MaxL); break;
          case SH_Down: J = int32_t(L + BV); Ok = uint32_t(J) <= MaxL; break;
          default: J = int32_t(L ^ BV); Ok = uint32_t(J) <= MaxL; break;
          }
          D[L] = Src[Ok ? (J & 31) : L];
          if (Pred)
            Pred[L] = Ok;
        });
        // A shuffle synchronizes its lanes, as __syncwarp does.
        for (BlockObserver *O : B.Obs)
          O->onWarpSync(W.Index, M);
        break;
      }
      case Op::Vote: {
        uint32_t Ballot = 0;
        FOR_LANES(Ballot |= uint32_t(A[L] & 1) << L);
        uint64_t V = Aux == VK_Ballot ? Ballot
                     : Aux == VK_All  ? Ballot == M
                     : Aux == VK_Any  ? Ballot != 0
                                      : (Ballot == 0 || Ballot == M);
        FOR_LANES(D[L] = V);
        for (BlockObserver *O : B.Obs)
          O->onWarpSync(W.Index, M);
        break;
      }
      case Op::Redux: {
        uint32_t Acc = uint32_t(A[countr_zero(M)]);
        for (uint32_t MM = M & (M - 1); MM; MM &= MM - 1)
          Acc = reduxStep(ReduxKind(Aux), Acc, uint32_t(A[countr_zero(MM)]));
        FOR_LANES(D[L] = Acc);
        for (BlockObserver *O : B.Obs)
          O->onWarpSync(W.Index, M);
        break;
      }
      case Op::Barrier: {
        if (Aux != BK_Sync) {
          uint32_t Ballot = 0;
          FOR_LANES(Ballot |= uint32_t(A[L] & 1) << L);
          B.BarPopc += popcount(Ballot);
          B.BarAnd &= Ballot == M;
          B.BarOr |= Ballot != 0;
        }
        W.AtBarrier = true;
        W.BarrierMask = M;
        W.BarrierInst = Idx;
        E.Inst = Idx + 1;
        return WarpStatus::AtBarrier;
      }
      case Op::WarpSync:
        for (BlockObserver *O : B.Obs)
          O->onWarpSync(W.Index, M);
        break;
      case Op::Printf:
        printf(I, R, M);
        break;
      case Op::Malloc:
        heapAlloc(Fn, Idx, I, R, M);
        break;
      case Op::Free:
        if (!heapFree(Fn, Idx, I, R, M))
          return WarpStatus::Stopped;
        break;
      // ---- control -----------------------------------------------------------
      case Op::Call: {
        const Function &Callee = P.Funcs[Aux];
        uint32_t CallerBase = Fr.RegBase;
        uint32_t LocalBase = Fr.LocalBase + Fn.FrameBytes;
        uint32_t NewBase = uint32_t(W.Regs.size() / MaxLanes);
        E.Inst = Idx + 1;
        uint32_t StackBase = W.Stack.size();
        uint32_t RetDst = I.Dst == NoSlot ? NoSlot : CallerBase + I.Dst;
        W.Regs.resize(W.Regs.size() + uint64_t(Callee.NumSlots) * MaxLanes);
        uint64_t *CR = W.Regs.data() + uint64_t(NewBase) * MaxLanes;
        uint64_t *Caller = W.Regs.data() + uint64_t(CallerBase) * MaxLanes;
        for (uint32_t K = 0; K < Callee.NumConsts; ++K)
          std::fill_n(CR + uint64_t(K) * MaxLanes, MaxLanes, Callee.ConstValues[K]);
        uint32_t ArgK = I.B;
        for (size_t AI = 0; AI < Callee.ArgSlots.size(); ++AI)
          for (uint32_t EI = 0; EI < Callee.ArgElems[AI]; ++EI, ++ArgK)
            memcpy(CR + uint64_t(Callee.ArgSlots[AI] + EI) * MaxLanes,
                   Caller + uint64_t(Fn.CallArgs[ArgK]) * MaxLanes, MaxLanes * 8);
        std::fill_n(CR + uint64_t(Callee.FrameSlot) * MaxLanes, MaxLanes,
                    tagOf(AS_Local) | LocalBase);
        W.Frames.push_back(Frame{Aux, NewBase, StackBase, RetDst, LocalBase});
        W.Stack.push_back(StackEntry{0, uint32_t(Callee.Blocks.size()), Callee.Blocks[0].First, M});
        goto NextEntry;
      }
      case Op::Ret: {
        if (W.Frames.size() == 1) {
          W.Live &= ~M;
        } else if (Fr.RetDst != NoSlot) {
          for (unsigned K = 0; K < I.Elems; ++K) {
            uint64_t *Dst = W.Regs.data() + (uint64_t(Fr.RetDst) + K) * MaxLanes;
            const uint64_t *Src = A + uint64_t(K) * MaxLanes;
            FOR_LANES(Dst[L] = Src[L]);
          }
        }
        for (size_t K = Fr.StackBase; K < W.Stack.size(); ++K)
          W.Stack[K].Mask &= ~M;
        goto NextEntry;
      }
      case Op::Br:
        takeEdge(Fn, R, E, Aux);
        goto NextEntry;
      case Op::CondBr: {
        uint32_t Taken = 0;
        FOR_LANES(Taken |= uint32_t(A[L] & 1) << L);
        uint32_t NotTaken = M & ~Taken;
        if (!NotTaken) {
          takeEdge(Fn, R, E, Aux);
        } else if (!Taken) {
          takeEdge(Fn, R, E, I.B);
        } else {
          uint32_t Join = Blk.IPDom;
          applyEdge(Fn, R, Aux, Taken);
          applyEdge(Fn, R, I.B, NotTaken);
          uint32_t TBlock = Fn.Edges[Aux].Target, FBlock = Fn.Edges[I.B].Target;
          E.Block = Join;
          E.Inst = Join < Fn.Blocks.size() ? Fn.Blocks[Join].First : 0;
          W.Stack.push_back(StackEntry{FBlock, Join, Fn.Blocks[FBlock].First, NotTaken});
          W.Stack.push_back(StackEntry{TBlock, Join, Fn.Blocks[TBlock].First, Taken});
        }
        goto NextEntry;
      }
      case Op::Switch: {
        // Group lanes by edge.
        uint32_t EdgeOf[MaxLanes];
        FOR_LANES({
          uint32_t Ed = I.C;
          for (uint32_t K = 0; K < I.B; ++K)
            if (Fn.CaseValues[Aux + K] == A[L]) {
              Ed = Fn.CaseEdges[Aux + K];
              break;
            }
          EdgeOf[L] = Ed;
        });
        uint32_t First = EdgeOf[countr_zero(M)];
        bool Uniform = true;
        FOR_LANES(Uniform &= EdgeOf[L] == First);
        if (Uniform) {
          takeEdge(Fn, R, E, First);
          goto NextEntry;
        }
        uint32_t Join = Blk.IPDom;
        E.Block = Join;
        E.Inst = Join < Fn.Blocks.size() ? Fn.Blocks[Join].First : 0;
        uint32_t Left = M;
        while (Left) {
          uint32_t Ed = EdgeOf[countr_zero(Left)], Lanes = 0;
          for (uint32_t MM = Left; MM; MM &= MM - 1)
            if (EdgeOf[countr_zero(MM)] == Ed)
              Lanes |= 1u << countr_zero(MM);
          applyEdge(Fn, R, Ed, Lanes);
          uint32_t T = Fn.Edges[Ed].Target;
          W.Stack.push_back(StackEntry{T, Join, Fn.Blocks[T].First, Lanes});
          Left &= ~Lanes;
        }
        goto NextEntry;
      }
      case Op::Unreachable:
        return trap(Fn, Idx, I, R, M);
      case Op::Unsupported:
        return stop(Fn, Idx, "unsupported", P.Messages[Aux]);
      case Op::Nop:
        break;
      }
    }
  NextEntry:;
  }
}

} // namespace

WarpStatus executeWarp(BlockState &B, Warp &W) { return Executor(B, W).run(); }

} // namespace dm
} // namespace warplint
