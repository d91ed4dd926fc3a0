//===- HostValues.h - Host values at a kernel launch ------------*- C++ -*-===//
//
// The host code's simple data flow up to one kernel launch k<<<g, b>>>(...),
// in the function that holds it: local integers, dim3s and cudaMalloc'd
// pointers initialised and assigned in straight-line code before the launch.
// Never a guess: a variable assigned in a loop or a branch that does not
// hold the launch, one whose address escapes, a function parameter no call
// gives (HostFlow.h follows the calls) or anything read from outside is
// unknown.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_HOSTVALUES_H
#define WARPLINT_FRONTEND_LAUNCH_HOSTVALUES_H

#include "frontend/DeviceModule.h"
#include "frontend/launch/KernelPicker.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompoundAssignOperator;
class Expr;
class FunctionDecl;
class IfStmt;
class ParmVarDecl;
class QualType;
class Stmt;
class VarDecl;
} // namespace clang

namespace warplint {

/// What the walk of a function starts from: its parameters' values (from a
/// call in the file), the value picked for each loop over a constant list
/// that holds the launch, and the command line's --arg values.
struct HostInputs {
  /// Integer parameters of the function followed, as a call passes them.
  llvm::DenseMap<const clang::ParmVarDecl *, int64_t> Params;
  /// Pointer parameters: the bytes cudaMalloc'd for what the call passes.
  llvm::DenseMap<const clang::ParmVarDecl *, uint64_t> ParamBuffers;
  /// Function pointer (and reference) parameters: the function the call
  /// passes (a launcher given the kernel it launches).
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::FunctionDecl *> ParamFunctions;
  /// The loop variable of a range-for over a constant list on the path, by
  /// the value this walk takes it at.
  llvm::DenseMap<const clang::VarDecl *, int64_t> LoopValues;
  /// The branch this walk takes at an `if` of unknown condition before the
  /// launch that assigns a local (true: its then-branch).
  llvm::DenseMap<const clang::IfStmt *, bool> BranchPicks;
  /// The function whose parameters Params names (and Named binds).
  const clang::FunctionDecl *Function = nullptr;
  /// --arg NAME=VALUE: binds an integer parameter of the function followed,
  /// or the variable of a loop on the path that nothing else gives, of that
  /// name (it wins over a call's value).
  const std::map<std::string, int64_t> *Named = nullptr;
};

/// The values of the launching function's locals where a launch runs, and
/// an evaluator of the launch's operands over them.
///
/// What it follows: declarations with initialisers, `=` and compound
/// assignments, ++/--, dim3 fields assigned one by one (`b.x = 16`), whole
/// dim3 assignments, `cudaMalloc(&d, bytes)` (and cudaMallocManaged), an `if`
/// whose condition is known and `do { } while (0)`. Expressions: integer
/// literals, macros and anything Clang evaluates as a constant (const int,
/// constexpr, sizeof, enumerators), the arithmetic, comparison, logical and
/// bit operators, integer casts, float arithmetic cast back to an integer
/// (with ceil, floor, trunc and round), ternaries whose condition is known (or whose
/// branches agree), std::min and std::max. Every other statement before the
/// launch (a loop, a switch) makes what it writes unknown (a loop's exit
/// condition still bounds it: HostBounds.cpp); an `if` of unknown condition
/// keeps what both branches agree on, and the larger of their bounds.
/// Taking a variable's address, binding it to a non-const reference or
/// calling a non-const method on it makes it unknown. A loop that
/// holds the launch makes what its body writes unknown, then follows the
/// body's straight-line code up to the launch. A function with a goto is
/// not followed at all.
///
/// Paths: an `if` whose condition is known, or a `switch` whose value is,
/// that the launch is not on makes it unreachable (reachable()); one whose
/// condition is unknown is taken, and named in choices() ("case 5"). A
/// range-for over a constant list (`for (int bs : {32, 64})`) that holds the
/// launch takes the value Inputs.LoopValues gives; without one the walk
/// leaves the variable unknown and names the loop in listLoop(), for the
/// caller to walk again once per value. Likewise an `if` of unknown
/// condition before the launch whose branches assign a local (`if (len <=
/// 32) block.x = 32; else block.x = 256;`) and leave neither by a jump: the
/// walk takes the branch Inputs.BranchPicks gives (named in choices(), "len
/// <= 32" or "!(len <= 32)"); without one it makes what they write unknown
/// and names the `if` in pendingBranch(), for the caller to walk again once
/// per branch (at most MaxBranchPicks such `if`s a path).
class HostValues {
public:
  /// A range-for over a constant list on the path that no input picks.
  struct ListLoop {
    const clang::VarDecl *Var = nullptr;
    std::vector<int64_t> Values;
  };

  /// Follows Body (the body of the function or lambda that holds Launch) up
  /// to Launch. Body may be null, or Flow false (a template's pattern, whose
  /// expressions may depend on its parameters): then no local is known and
  /// only constant expressions evaluate.
  HostValues(clang::ASTContext &Ctx, const clang::Stmt *Body, const clang::Stmt *Launch,
             bool Flow = true, const HostInputs &Inputs = HostInputs());

  /// False when the path to the launch goes through a branch the values say
  /// is not taken.
  bool reachable() const { return Reachable; }
  /// The branches of unknown condition the path takes, and the loop values
  /// it runs at, outermost first ("case 5", "bs = 64").
  const std::vector<std::string> &choices() const { return Choices; }
  /// The first range-for over a constant list on the path without a value.
  const std::optional<ListLoop> &listLoop() const { return Pending; }
  /// The choices that are branches BranchPicks picked (a subset of choices()).
  const std::set<std::string> &branchChoices() const { return BranchChoices; }
  /// The first `if` before the launch, of unknown condition, whose branches
  /// assign a local, that Inputs.BranchPicks does not pick; null when none.
  const clang::IfStmt *pendingBranch() const { return PendingIf; }
  /// The most `if`s a path picks a branch of.
  static constexpr unsigned MaxBranchPicks = 3;
  /// The --arg names that gave a parameter or loop variable its value.
  const std::set<std::string> &namedUsed() const { return NamedUsed; }
  /// The inputs E's value is made of that are unknown: parameters ("M"),
  /// loop variables, followed through the initialisers of locals, each with
  /// what it is ("a parameter of launch", "the loop variable at line 12").
  std::vector<std::pair<std::string, std::string>> unknownInputs(const clang::Expr *E) const;

  /// The value of an integer expression at the launch.
  std::optional<int64_t> evalInt(const clang::Expr *E) const;
  /// The value of E converted to the integer type T (a parameter's, as a
  /// call passes it).
  std::optional<int64_t> evalAs(const clang::Expr *E, clang::QualType T) const;
  /// A dim3 (or an integer x) at the launch; none when any field is unknown.
  std::optional<std::array<uint64_t, 3>> evalDim3(const clang::Expr *E) const;

  /// An upper bound of the integer expression E at the launch: its value,
  /// or what std::min with a known side, a ternary, division or a shift by
  /// a constant, `%` or `&` with a constant, `+` and `-` make of the bounds of
  /// its parts (a local assigned such an expression keeps its bound), or
  /// what the path's conditions prove (HostBounds.cpp): an `if` on the path
  /// or one that leaves by a jump (`if (blocks > 48) return;`), and the
  /// exit of a loop (`while (blocks / f > 24) ++f;` bounds `blocks / f`, and
  /// so `blocks /= f` after it).
  std::optional<int64_t> upperBound(const clang::Expr *E) const;
  /// The most blocks a launch dim E can be (a grid `std::min(n / 256, 24)`,
  /// `dim3(std::min(rows, 16), 4)`); none without a bound on every part.
  std::optional<uint64_t> launchCountBound(const clang::Expr *E) const;

  /// A launch dim E at the launch: unset unless every part is known and
  /// positive.
  std::optional<Dim3> launchDim(const clang::Expr *E) const;
  /// The bytes cudaMalloc'd for the pointer variable E names, when known.
  std::optional<uint64_t> bufferBytes(const clang::Expr *E) const;
  /// The function E names: `k`, `&k`, `k<int, 256>`, or a function pointer
  /// parameter the call followed passes one to; null otherwise.
  const clang::FunctionDecl *functionOf(const clang::Expr *E) const;
  /// The kernels a launch through E runs: functionOf's, or, for a local
  /// initialised with a call of a picker of the file (KernelPicker.h) that
  /// nothing changes afterwards, every kernel the picker can return.
  std::vector<PickedKernel> kernelsOf(const clang::Expr *E) const;

private:
  using Fields = std::array<std::optional<int64_t>, 3>;
  struct Target {
    const clang::VarDecl *Var = nullptr;
    int Field = -1; ///< 0..2 for a dim3's x, y, z; -1 for the whole variable.
  };

  /// Follows E through `&`, `*` and the initialisers of unchanged locals:
  /// sets FD to the function it names (or a parameter is passed) and returns
  /// the expression the walk ends at (null where it stops at an unknown).
  const clang::Expr *followFunction(const clang::Expr *E,
                                    const clang::FunctionDecl *&FD) const;
  static bool isDim3(clang::QualType T);
  /// V converted to the integer type T (none for another type).
  std::optional<int64_t> convert(std::optional<int64_t> V, clang::QualType T) const;
  /// Old op= R, in the operator's computation types.
  std::optional<int64_t> compound(const clang::CompoundAssignOperator *CA,
                                  std::optional<int64_t> Old,
                                  std::optional<int64_t> R) const;
  std::optional<int64_t> eval(const clang::Expr *E) const;
  std::optional<int64_t> evalOwn(const clang::Expr *E) const;
  /// A floating (or integer) expression's value, computed as the host does
  /// (float arithmetic rounded to float); none when any part is unknown.
  std::optional<double> evalReal(const clang::Expr *E) const;
  /// The x, y, z of a dim3 (or an integer x) E, each as Of makes it (its
  /// value, or upperBound).
  using FieldEval = std::optional<int64_t> (HostValues::*)(const clang::Expr *) const;
  std::optional<Fields> fieldsOf(const clang::Expr *E, FieldEval Of = &HostValues::eval) const;
  bool tracked(const clang::VarDecl *VD) const;
  Target targetOf(const clang::Expr *E) const;

  void runTo(llvm::ArrayRef<const clang::Stmt *> Path);
  void runSwitch(llvm::ArrayRef<const clang::Stmt *> Path);
  unsigned lineOf(const clang::Stmt *S) const;
  std::optional<std::vector<int64_t>> constantList(const clang::Expr *Range,
                                                   clang::QualType T) const;
  void runRangeFor(llvm::ArrayRef<const clang::Stmt *> Path);
  void bindNamed(const clang::VarDecl *VD);
  std::string text(const clang::Stmt *S) const;
  void unknownInputsOf(const clang::Expr *E, unsigned Depth,
                       std::vector<std::pair<std::string, std::string>> &Out) const;
  void walk(const clang::Stmt *S, bool Exact);
  /// walk of an `if` whose condition is unknown, in straight-line code.
  void walkUnknownIf(const clang::IfStmt *If);
  /// True when S assigns a local this walk tracks.
  bool assignsTracked(const clang::Stmt *S) const;
  void exec(const clang::Expr *E, bool Exact);
  void execAssign(const clang::Expr *E, bool Exact);
  bool execCall(const clang::Expr *E, bool Exact);
  void declare(const clang::VarDecl *VD, bool Exact);
  void set(Target T, std::optional<int64_t> V);
  void forget(const clang::Expr *E);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::VarDecl *, Fields> Vars;      ///< Known locals.
  /// Locals whose address was taken, or that a non-const reference or a
  /// lambda by reference names, on the way: a write through the pointer can
  /// change them anywhere after, so from then on they have no value and no
  /// bound (only ever added to, so a branch's escape outlives its join).
  llvm::DenseSet<const clang::VarDecl *> Escaped;
  /// VD has no value, buffer or bound from here on (Escaped).
  void escape(const clang::VarDecl *VD);
  /// escape of the local E names, if any.
  void escape(const clang::Expr *E);
  llvm::DenseMap<const clang::VarDecl *, uint64_t> Buffers; ///< cudaMalloc'd bytes.
  /// Upper bounds of integer locals whose value is unknown.
  llvm::DenseMap<const clang::VarDecl *, int64_t> Bounds;
  /// Bounds[T.Var] from E, assigned to it where its value is unknown.
  void setBound(Target T, const clang::Expr *E);
  /// True when T, just assigned, may take a bound: a whole integer local
  /// whose value is unknown and whose address has not escaped.
  bool boundable(Target T) const;
  /// An expression of locals (`blocks / factor`) the path's conditions bound,
  /// and the locals it reads (a write to one drops it).
  struct Fact {
    const clang::Expr *E = nullptr;
    int64_t Bound = 0;
    llvm::SmallVector<const clang::VarDecl *, 4> Reads;
  };
  std::vector<Fact> Facts;
  /// Forgets VD's bound and the facts that read it (VD is written).
  void unbound(const clang::VarDecl *VD);
  /// upperBound without the facts.
  std::optional<int64_t> upperBoundOwn(const clang::Expr *E) const;
  /// The least bound a fact gives E (an expression of the same value).
  std::optional<int64_t> factBound(const clang::Expr *E) const;
  /// The bound of the value `L op= R` assigns, from the facts and the bounds
  /// of its parts.
  std::optional<int64_t> compoundBound(const clang::CompoundAssignOperator *CA) const;
  /// The bound of `L op R` from the bounds of its parts.
  std::optional<int64_t> binaryBound(int Op, const clang::Expr *L, const clang::Expr *R) const;
  /// Records the upper bounds Cond having truth value Truth proves: `x < C`,
  /// `!(x > C)`, `blocks / f <= C` and the parts of `&&` (true) and `||`
  /// (false); nothing for a condition with side effects.
  void refine(const clang::Expr *Cond, bool Truth);
  void refineCompare(const clang::Expr *Cond, bool Truth);
  /// Bounds X <= Bound where X is a tracked local or an expression of them.
  void addBound(const clang::Expr *X, int64_t Bound);
  /// The exit condition of a while, for or do loop walked before the launch
  /// (none when a break leaves it).
  void refineLoopExit(const clang::Stmt *Loop);
  /// An `if` of unknown condition that no input picks, walked branch by
  /// branch, each exactly and under its condition, from the same values:
  /// afterwards a local keeps a value both give it, and the larger of two
  /// bounds (a branch that always leaves gives none; at most MaxJoinDepth
  /// nested). False, having walked nothing, where it does not join.
  bool joinBranches(const clang::IfStmt *If);
  static constexpr unsigned MaxJoinDepth = 8;
  unsigned JoinDepth = 0;
  /// True when S ends in a jump out of it (return, throw, break, continue)
  /// on every path: code after the `if` holding it runs on the other branch.
  static bool alwaysLeaves(const clang::Stmt *S);
  /// True when A and B are the same pure integer expression of the same
  /// locals (constants by value).
  bool sameValue(const clang::Expr *A, const clang::Expr *B) const;
  /// True when E is a pure integer expression of tracked locals and
  /// constants; adds the locals to Reads.
  bool pureExpr(const clang::Expr *E,
                llvm::SmallVectorImpl<const clang::VarDecl *> &Reads) const;
  HostInputs In;
  /// The variables of the loops on the path, with the line of each loop.
  llvm::DenseMap<const clang::VarDecl *, unsigned> LoopVars;
  bool Reachable = true;
  std::vector<std::string> Choices;
  std::optional<ListLoop> Pending;
  const clang::IfStmt *PendingIf = nullptr;
  std::set<std::string> BranchChoices;
  std::set<std::string> NamedUsed;
};

} // namespace warplint

#endif
