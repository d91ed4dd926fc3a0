//===- PtxLifterImpl.h - The lifter's internals -----------------*- C++ -*-===//
//
// Shared between PtxLifter.cpp (modules, functions, registers, debug info,
// control flow) and PtxLiftInstructions.cpp (one lowering per opcode). Not a
// public API.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXLIFTERIMPL_H
#define WARPLINT_FRONTEND_PTXLIFTERIMPL_H

#include "frontend/ptx/PtxLifter.h"
#include "frontend/ptx/PtxPointerInference.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Support/SourceMgr.h"

#include <map>
#include <optional>

namespace warplint {
namespace ptx {

/// What the module knows about one lifted function.
struct FunctionInfo {
  const Function *Ptx = nullptr; ///< The definition if any, else a declaration.
  llvm::Function *F = nullptr;
  PointerInfo Pointers;
};

/// Module-wide state: globals, functions, debug info.
class ModuleLifter {
public:
  ModuleLifter(const Module &PM, llvm::LLVMContext &Ctx, const llvm::DataLayout &DL,
               const PtxLiftOptions &Opts);

  llvm::Expected<PtxLiftResult> run();

  // Used by FunctionLifter.
  llvm::LLVMContext &Ctx;
  std::unique_ptr<llvm::Module> M;
  const PtxLiftOptions &Opts;
  const Module &PM;
  llvm::StringMap<llvm::GlobalVariable *> Globals;
  llvm::StringMap<unsigned> VarSpaces;
  llvm::StringMap<FunctionInfo> Functions;
  std::unique_ptr<llvm::DIBuilder> DIB;
  llvm::DICompileUnit *CU = nullptr;
  llvm::DIFile *PtxFile = nullptr;
  unsigned Unsupported = 0;

  /// The DIFile of a .file number (the PTX file if unknown).
  llvm::DIFile *fileFor(unsigned N);
  /// The DIFile of a path (from LLVM's inlined-at comments).
  llvm::DIFile *fileFor(llvm::StringRef Path);
  /// A formatted diagnostic at Where in the PTX file.
  std::string diagnostic(Loc Where, llvm::SourceMgr::DiagKind Kind, const llvm::Twine &Msg);
  llvm::Error error(Loc Where, const llvm::Twine &Msg);
  void warn(Loc Where, const llvm::Twine &Msg);
  /// A note at Where, the first time this file gives Msg.
  void noteOnce(Loc Where, const llvm::Twine &Msg);

  /// The LLVM type of a PTX type (pred -> i1, f32 -> float, u32 -> i32).
  llvm::Type *typeOf(Type T);
  /// The LLVM type of a variable: [N x elem] for arrays, elem otherwise.
  llvm::Type *typeOf(const Variable &V);

  /// Creates a module-scope variable (also used for function-scope .shared).
  llvm::Error addGlobal(const Variable &V, llvm::StringRef Name);

private:
  llvm::Error declareFunction(const Function &F);
  void inferModulePointers();
  std::map<const Function *, PointerInfo> InferredPointers;
  llvm::Constant *initializer(const Variable &V, llvm::Type *Ty, llvm::Error &Err);
  std::map<unsigned, llvm::DIFile *> Files;
  llvm::StringSet<> NotesGiven;
};

/// Lifts one function body.
class FunctionLifter {
public:
  FunctionLifter(ModuleLifter &ML, FunctionInfo &Info);
  llvm::Error run();

  // ----- Shared with the instruction lowerings --------------------------------
  ModuleLifter &ML;
  const Function &PF;
  llvm::Function &F;
  const PointerInfo &Ptrs;
  llvm::IRBuilder<> B;
  const Instruction *Cur = nullptr; ///< The instruction being lifted.

  /// Reads an operand as a value of type T (converting as PTX would: bits
  /// are reinterpreted, narrower values extended by Signed).
  llvm::Expected<llvm::Value *> read(const Operand &O, llvm::Type *T, bool Signed = false);
  /// Reads an operand as an address in address space AS (with its offset).
  llvm::Expected<llvm::Value *> address(const Operand &O, unsigned AS);
  /// Writes V to a destination operand (register or sink).
  llvm::Error write(const Operand &O, llvm::Value *V, bool Signed = false);
  /// Writes the second destination of %r|%p, if any.
  llvm::Error writePair(const Operand &O, llvm::Value *V);

  /// Converts V to T: reinterpret bits, extend or truncate, ptr <-> int.
  llvm::Value *convert(llvm::Value *V, llvm::Type *T, bool Signed);

  /// The storage type of a register (ptr for address registers).
  llvm::Expected<llvm::Type *> storageType(llvm::StringRef Reg);
  /// The declaration of a register, or null.
  const RegDecl *declaration(llvm::StringRef Reg) const;
  bool isDeclared(llvm::StringRef Reg) const { return declaration(Reg) != nullptr; }
  /// Is the register an address register?
  bool isPointerReg(llvm::StringRef Reg) const { return Ptrs.spaceOf(Reg).has_value(); }

  /// Calls the intrinsic Name (e.g. "llvm.nvvm.vote.all.sync"), converting
  /// the arguments to its parameter types.
  llvm::Value *intrinsic(llvm::StringRef Name, llvm::ArrayRef<llvm::Value *> Args,
                         llvm::ArrayRef<llvm::Type *> Overloads = {});

  /// A data-dependent value of type T (an opaque call), for what the lifter
  /// does not model.
  llvm::Value *opaque(llvm::Type *T);

  /// Reports Cur as unsupported and makes its destinations opaque.
  llvm::Error unsupported(const llvm::Twine &Why = "");

  llvm::Error error(const llvm::Twine &Msg);

  /// The instruction's type (its last type modifier), or an error.
  llvm::Expected<Type> instrType(unsigned FromEnd = 0);

  /// Call sequences: values stored to .param call arguments, buffers for
  /// array ones, and the results of the last call.
  llvm::StringMap<llvm::Value *> CallArgs;
  llvm::StringMap<llvm::AllocaInst *> ParamBuffers;
  llvm::StringMap<llvm::Value *> CallResults;
  /// Return slot of a .func (alloca), or null.
  llvm::AllocaInst *RetSlot = nullptr;

  /// Branch targets.
  llvm::Expected<llvm::BasicBlock *> labelBlock(llvm::StringRef Name);
  /// Starts a new block after a terminator.
  void startBlock(llvm::BasicBlock *BB);
  /// Emits the function's return.
  void emitReturn();

  /// Is the register a source of an instruction with an .f32 type?
  bool isReadAsFloat(llvm::StringRef Reg);

  /// A local (.local) array of the function, by name.
  llvm::StringMap<llvm::AllocaInst *> LocalVars;

private:
  llvm::Error liftInstruction(const Instruction &I);
  llvm::Error setDebugLocation(const Instruction &I);
  llvm::DILocation *debugLocation(int Index, llvm::DISubprogram *SP);
  llvm::Expected<llvm::AllocaInst *> slot(llvm::StringRef Reg);
  llvm::Value *specialRegister(llvm::StringRef Name);
  llvm::AllocaInst *entryAlloca(llvm::Type *T, const llvm::Twine &Name);

  llvm::BasicBlock *Entry = nullptr;
  llvm::Instruction *AllocaPoint = nullptr;
  llvm::StringMap<llvm::AllocaInst *> Slots;
  llvm::StringMap<llvm::BasicBlock *> Labels;
  llvm::StringMap<const RegDecl *> RegsByName;
  llvm::StringMap<const RegDecl *> RegRanges;
  std::map<int, llvm::DILocation *> DebugLocCache;
  std::map<std::pair<std::string, llvm::DIFile *>, llvm::DISubprogram *> InlinedScopes;
  std::map<llvm::DIFile *, llvm::DIScope *> FileScopes;
  llvm::DISubprogram *SP = nullptr;
  std::optional<llvm::StringSet<>> FloatReads;
};

/// Lowers Cur (one PTX instruction) at L.B's insert point. Defined in
/// PtxLiftInstructions.cpp.
llvm::Error lowerInstruction(FunctionLifter &L, const Instruction &I);

} // namespace ptx
} // namespace warplint

#endif
