//===- SassReaderFuzzer.cpp - libFuzzer target for the SASS listing reader ===//
//
// Parses arbitrary bytes as a cuobjdump/nvdisasm listing (with its control
// flow and loops) and prints it. Neither may crash, hang or leak; errors are
// fine.
//
//===----------------------------------------------------------------------===//
#include "frontend/sass/SassReader.h"

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<warplint::SassListing> L = warplint::parseSassListing(Text, "fuzz.sass");
  if (!L) {
    llvm::consumeError(L.takeError());
    return 0;
  }
  llvm::raw_null_ostream Null;
  L->print(Null);
  return 0;
}
