//===- RuleHelp.h - A rule's page, compiled in, as help text ----*- C++ -*-===//
//
// docs/rules/ID.md is embedded at build time (cmake/EmbedFiles.cmake), so
// that a SARIF alert is readable with no link: its rule carries the page's
// first paragraph as its full description and what the rule finds, why it
// costs and the fix as help text and Markdown.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_OUTPUT_RULEHELP_H
#define WARPLINT_TOOLS_OUTPUT_RULEHELP_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace warplint {

/// What a rule's page says, in the pieces SARIF's reportingDescriptor has.
struct RuleHelp {
  std::string FullDescription; ///< The first paragraph, as plain text.
  std::string Text;            ///< What, why and the fix, as plain text.
  std::string Markdown;        ///< The same, as the page writes it.
};

/// The help of rule Id from its embedded page; none when it has no page.
std::optional<RuleHelp> ruleHelp(llvm::StringRef Id);

/// Markdown without its markup: `code`, **bold**, [text](link) -> text.
std::string plainText(llvm::StringRef Markdown);

} // namespace warplint

#endif
