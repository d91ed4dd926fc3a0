//===- HostValues.h - Host values at a kernel launch ------------*- C++ -*-===//
//
// The host code's simple data flow up to one kernel launch k<<<g, b>>>(...),
// in the function that holds it: local integers, dim3s and cudaMalloc'd
// pointers initialised and assigned in straight-line code before the launch.
// Never a guess: a variable assigned in a loop or a branch that does not
// hold the launch, one whose address escapes, a function parameter or
// anything read from outside is unknown.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_HOSTVALUES_H
#define WARPLINT_FRONTEND_LAUNCH_HOSTVALUES_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <array>
#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class CompoundAssignOperator;
class Expr;
class QualType;
class Stmt;
class VarDecl;
} // namespace clang

namespace warplint {

/// The values of the launching function's locals where a launch runs, and
/// an evaluator of the launch's operands over them.
///
/// What it follows: declarations with initialisers, `=` and compound
/// assignments, ++/--, dim3 fields assigned one by one (`b.x = 16`), whole
/// dim3 assignments, `cudaMalloc(&d, bytes)` (and cudaMallocManaged), an `if`
/// whose condition is known and `do { } while (0)`. Expressions: integer
/// literals, macros and anything Clang evaluates as a constant (const int,
/// constexpr, sizeof, enumerators), the arithmetic, comparison, logical and
/// bit operators, integer casts, ternaries whose condition is known (or whose
/// branches agree), std::min and std::max. Every other statement before the
/// launch (a loop, a branch with an unknown condition, a switch) makes what
/// it writes unknown; so does taking a variable's address, binding it to a
/// non-const reference or calling a non-const method on it. A loop that
/// holds the launch makes what its body writes unknown, then follows the
/// body's straight-line code up to the launch. A function with a goto is
/// not followed at all.
class HostValues {
public:
  /// Follows Body (the body of the function or lambda that holds Launch) up
  /// to Launch. Body may be null, or Flow false (a template's pattern, whose
  /// expressions may depend on its parameters): then no local is known and
  /// only constant expressions evaluate.
  HostValues(clang::ASTContext &Ctx, const clang::Stmt *Body, const clang::Stmt *Launch,
             bool Flow = true);

  /// The value of an integer expression at the launch.
  std::optional<int64_t> evalInt(const clang::Expr *E) const;
  /// A dim3 (or an integer x) at the launch; none when any field is unknown.
  std::optional<std::array<uint64_t, 3>> evalDim3(const clang::Expr *E) const;

  /// A launch dim E at the launch: unset unless every part is known and
  /// positive.
  std::optional<Dim3> launchDim(const clang::Expr *E) const;
  /// The bytes cudaMalloc'd for the pointer variable E names, when known.
  std::optional<uint64_t> bufferBytes(const clang::Expr *E) const;

private:
  using Fields = std::array<std::optional<int64_t>, 3>;
  struct Target {
    const clang::VarDecl *Var = nullptr;
    int Field = -1; ///< 0..2 for a dim3's x, y, z; -1 for the whole variable.
  };

  static bool isDim3(clang::QualType T);
  /// V converted to the integer type T (none for another type).
  std::optional<int64_t> convert(std::optional<int64_t> V, clang::QualType T) const;
  /// Old op= R, in the operator's computation types.
  std::optional<int64_t> compound(const clang::CompoundAssignOperator *CA,
                                  std::optional<int64_t> Old,
                                  std::optional<int64_t> R) const;
  std::optional<int64_t> eval(const clang::Expr *E) const;
  std::optional<int64_t> evalOwn(const clang::Expr *E) const;
  std::optional<Fields> fieldsOf(const clang::Expr *E) const;
  bool tracked(const clang::VarDecl *VD) const;
  Target targetOf(const clang::Expr *E) const;

  void runTo(llvm::ArrayRef<const clang::Stmt *> Path);
  void walk(const clang::Stmt *S, bool Exact);
  void exec(const clang::Expr *E, bool Exact);
  void execAssign(const clang::Expr *E, bool Exact);
  bool execCall(const clang::Expr *E, bool Exact);
  void declare(const clang::VarDecl *VD, bool Exact);
  void set(Target T, std::optional<int64_t> V);
  void forget(const clang::Expr *E);

  clang::ASTContext &Ctx;
  llvm::DenseMap<const clang::VarDecl *, Fields> Vars;      ///< Known locals.
  llvm::DenseMap<const clang::VarDecl *, uint64_t> Buffers; ///< cudaMalloc'd bytes.
};

} // namespace warplint

#endif
