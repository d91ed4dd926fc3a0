//===- BuildId.cpp - Which build of warplint is running -------------------===//
#include "tools/BuildId.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <elf.h>
#include <link.h>

using namespace llvm;

namespace warplint {

namespace {

/// The descriptor of the NT_GNU_BUILD_ID note in the PT_NOTE segments of the
/// first object dl_iterate_phdr reports (the program itself).
int readGnuBuildId(dl_phdr_info *Info, size_t, void *Out) {
  std::string &Id = *static_cast<std::string *>(Out);
  for (unsigned I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_NOTE)
      continue;
    const char *Note = reinterpret_cast<const char *>(Info->dlpi_addr + P.p_vaddr);
    const char *End = Note + P.p_memsz;
    auto Align4 = [](size_t N) { return (N + 3) & ~size_t(3); };
    while (Note + sizeof(ElfW(Nhdr)) <= End) {
      const auto *H = reinterpret_cast<const ElfW(Nhdr) *>(Note);
      const char *Name = Note + sizeof(ElfW(Nhdr));
      const char *Desc = Name + Align4(H->n_namesz);
      if (Desc + H->n_descsz > End)
        break;
      if (H->n_type == NT_GNU_BUILD_ID && H->n_namesz == 4 && StringRef(Name, 3) == "GNU") {
        Id = toHex(StringRef(Desc, H->n_descsz), /*LowerCase=*/true);
        return 1;
      }
      Note = Desc + Align4(H->n_descsz);
    }
  }
  return 1; // Only the program, not the libraries it loaded.
}

} // namespace

std::string buildId() {
  std::string Id;
  dl_iterate_phdr(readGnuBuildId, &Id);
  if (!Id.empty())
    return "warplint " WARPLINT_VERSION " build-id " + Id;
  // No note (a linker told not to write one): the program's bytes.
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Exe);
  if (!B)
    return "warplint " WARPLINT_VERSION " " + Exe;
  BLAKE3 H;
  H.update((*B)->getBuffer());
  return "warplint " WARPLINT_VERSION " blake3 " + toHex(H.final<16>(), /*LowerCase=*/true);
}

} // namespace warplint
