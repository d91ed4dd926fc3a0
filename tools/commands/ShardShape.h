//===- ShardShape.h - What merge reads of a shard, checked ------*- C++ -*-===//
//
// `warplint merge` reads shards that a CI job hands it: truncated uploads,
// another tool's SARIF, hand edits. Before it merges anything it checks that
// every member it reads is there and of the type check writes, so that a
// malformed shard is an error naming the shard and the member, never a
// null dereference.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_SHARDSHAPE_H
#define WARPLINT_TOOLS_COMMANDS_SHARDSHAPE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace warplint {

/// Checks the members of Doc that merge (and SARIF's artifact numbering)
/// read: for check's JSON, "diagnostics" and the optional "not_analyzed" and
/// "summary"; for SARIF, one run with its tool's driver and rules, its
/// results, their locations, its artifacts and invocations. The error is
/// "MEMBER: expected KIND, got KIND" with MEMBER as a path
/// (`runs[0].results[2].locations`); the caller adds the shard's name.
llvm::Error checkShardShape(const llvm::json::Value &Doc, bool Sarif);

} // namespace warplint

#endif
