//===- Printf.cpp - vprintf's format and packed argument buffer -----------===//
#include "devicemodel/Executor.h"

#include <cstdio>
#include <cstring>

using namespace llvm;

namespace warplint {
namespace dm {

void formatPrintf(StringRef Format, const uint8_t *Args, uint64_t ArgBytes,
                  function_ref<std::string(uint64_t)> ReadString, std::string &Out) {
  uint64_t Pos = 0;
  // Reads the next argument of Size bytes, aligned to its size as vprintf
  // packs them.
  auto Next = [&](unsigned Size) -> uint64_t {
    Pos = (Pos + Size - 1) / Size * Size;
    uint64_t V = 0;
    if (Args && Pos + Size <= ArgBytes)
      memcpy(&V, Args + Pos, Size);
    Pos += Size;
    return V;
  };
  for (size_t I = 0; I < Format.size(); ++I) {
    char C = Format[I];
    if (C != '%') {
      Out.push_back(C);
      continue;
    }
    if (I + 1 < Format.size() && Format[I + 1] == '%') {
      Out.push_back('%');
      ++I;
      continue;
    }
    size_t Start = I++;
    while (I < Format.size() && strchr("-+ #0123456789.*", Format[I]))
      ++I;
    std::string Len;
    while (I < Format.size() && strchr("hlLqjzt", Format[I]))
      Len.push_back(Format[I++]);
    if (I >= Format.size())
      break;
    char Conv = Format[I];
    std::string Spec = Format.slice(Start, I).str();
    // Strip length modifiers; we pass 64-bit values with ll.
    char Buf[512];
    switch (Conv) {
    case 'd':
    case 'i': {
      bool Wide = Len.find('l') != std::string::npos || Len == "j" || Len == "z" || Len == "t";
      int64_t V = Wide ? int64_t(Next(8)) : int64_t(int32_t(Next(4)));
      snprintf(Buf, sizeof(Buf), (Spec.substr(0, Spec.size() - Len.size()) + "lld").c_str(),
               (long long)V);
      break;
    }
    case 'u':
    case 'x':
    case 'X':
    case 'o':
    case 'c': {
      bool Wide = Len.find('l') != std::string::npos || Len == "j" || Len == "z" || Len == "t";
      uint64_t V = Wide ? Next(8) : Next(4);
      if (Conv == 'c')
        snprintf(Buf, sizeof(Buf), "%c", int(V));
      else
        snprintf(Buf, sizeof(Buf),
                 (Spec.substr(0, Spec.size() - Len.size()) + "ll" + Conv).c_str(),
                 (unsigned long long)V);
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      uint64_t Bits = Next(8);
      double D;
      memcpy(&D, &Bits, 8);
      snprintf(Buf, sizeof(Buf), (Spec.substr(0, Spec.size() - Len.size()) + Conv).c_str(), D);
      break;
    }
    case 's': {
      std::string S = ReadString(Next(8));
      snprintf(Buf, sizeof(Buf), (Spec + "s").c_str(), S.c_str());
      break;
    }
    case 'p':
      snprintf(Buf, sizeof(Buf), "0x%llx", (unsigned long long)Next(8));
      break;
    default:
      snprintf(Buf, sizeof(Buf), "%s%c", Spec.c_str(), Conv);
    }
    Out += Buf;
  }
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
    std::string Text;
    formatPrintf(Format, ArgMem, ArgBytes, ReadString, Text);
    // Bounded as a GPU's printf buffer is: a kernel that prints in an
    // endless loop does not grow the run without bound.
    appendPrintf(B.Result.Output, Text);
    D[L] = Text.size();
  }
}

} // namespace dm
} // namespace warplint
