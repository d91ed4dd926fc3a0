//===- HostJumps.h - Jumps out of host statements ---------------*- C++ -*-===//
//
// What the host data flow (HostValuesFlow.cpp, HostBounds.cpp) asks of a
// statement before it follows one: whether a jump leaves it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_HOSTJUMPS_H
#define WARPLINT_FRONTEND_LAUNCH_HOSTJUMPS_H

namespace clang {
class Stmt;
} // namespace clang

namespace warplint {

/// A break in S, or a continue when Continues, that leaves the statement S
/// is part of (not one of a loop or switch nested in S, nor a lambda's). A
/// loop whose body has no break is left by its condition alone.
bool breaksOut(const clang::Stmt *S, bool Continues = true);

} // namespace warplint

#endif
