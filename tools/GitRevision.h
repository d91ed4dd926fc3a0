//===- GitRevision.h - Files of a git revision, for `diff` -----*- C++ -*-===//
//
// What `warplint diff` asks of git, through the git program (no library):
// the repository's top, whether a revision exists, the files that changed
// between two revisions, and the CUDA sources and headers of a revision (or
// of the working tree) with their text, written out into a directory that
// keeps their layout so that local includes resolve.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_GITREVISION_H
#define WARPLINT_TOOLS_GITREVISION_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace warplint {

/// One git repository, driven through the git program.
class GitRepo {
public:
  /// The repository that holds the current directory; an error (\"not a git
  /// repository\", git not found) otherwise.
  static llvm::Expected<GitRepo> open();

  /// The repository's top directory (absolute).
  llvm::StringRef root() const { return Root; }

  /// The commit Rev names (a hash); an error "unknown revision 'Rev'".
  llvm::Expected<std::string> resolve(llvm::StringRef Rev) const;

  /// True when Rev is HEAD (or "@", or the branch HEAD is on) and that
  /// branch has no commit yet: a repository before its first commit, where
  /// the commit being made starts from nothing.
  bool unbornHead(llvm::StringRef Rev) const;

  /// The empty tree's hash in the repository's object format (git knows
  /// that tree without storing it): what an unborn HEAD is compared as, so
  /// that everything in the first commit is new. Revisions given to the
  /// other methods may be this tree as well as a commit.
  llvm::Expected<std::string> emptyTree() const;

  /// Files (relative to the top) that differ between Base and Head, both
  /// commits; with an empty Head, between Base and the working tree,
  /// untracked files that git does not ignore included.
  llvm::Expected<std::vector<std::string>> changedFiles(llvm::StringRef Base,
                                                        llvm::StringRef Head) const;

  /// The files git sees as renamed between Base and Head (an empty Head:
  /// the working tree's tracked files): old path -> new path, from the top.
  llvm::Expected<std::map<std::string, std::string>> renamedFiles(llvm::StringRef Base,
                                                                  llvm::StringRef Head) const;

  /// A changed region of a file: lines [OldStart, OldStart + OldCount) of
  /// the old revision became [NewStart, NewStart + NewCount) of the new.
  struct Hunk {
    unsigned OldStart = 0, OldCount = 0, NewStart = 0, NewCount = 0;
  };
  /// The changed regions of every file that differs between Base and Head
  /// (an empty Head: the working tree), from `git diff -U0 -M`, keyed by
  /// path from the top (a renamed file's: its new path).
  llvm::Expected<std::map<std::string, std::vector<Hunk>>> changedHunks(llvm::StringRef Base,
                                                                        llvm::StringRef Head) const;

  /// The text of every file of revision Rev (an empty Rev: the working
  /// tree) that the analysis may read: CUDA and C++ sources and headers and
  /// warplint's configuration files, keyed by their path from the top.
  /// A commit's tree is refused, with an error naming the entry, when a path
  /// in it would leave the top (a "..", "." or empty component, an absolute
  /// path) or lies under a symbolic link of the tree; a link is read as the
  /// text of the file of the revision it leads to, and left out when it
  /// leads out of the tree or to no file read.
  llvm::Expected<std::map<std::string, std::string>> sourceFiles(llvm::StringRef Rev) const;

private:
  /// Runs git -C Root Args (stdin from Input when given); its output, or an
  /// error with what git wrote on stderr.
  llvm::Expected<std::string> git(llvm::ArrayRef<llvm::StringRef> Args,
                                  llvm::StringRef Input = {}) const;

  std::string Git;  ///< The git program.
  std::string Root; ///< The top directory.
};

/// True for a file `diff` analyzes as a translation unit (.cu).
bool isCudaSource(llvm::StringRef Path);
/// True for a file whose change can change a translation unit: a .cu, or a
/// header (.cuh, .h, .hpp, ...) that a .cu may include.
bool isCudaRelevant(llvm::StringRef Path);

/// The .cu files of Files (path -> text) that a change to Changed touches:
/// those changed, those under a changed .warplint.yaml's directory, and
/// those that include a changed file, directly or
/// through other files (a textual scan of `#include "..."` and
/// `#include <...>` lines, resolved next to the including file, then from
/// the top, then by the longest path ending in the included name).
std::vector<std::string> affectedSources(const std::map<std::string, std::string> &Files,
                                         llvm::ArrayRef<std::string> Changed);

/// A directory of its own under the system's temporary directory (its
/// owner's alone), removed with everything in it when this object goes.
class ScratchDir {
public:
  static llvm::Expected<ScratchDir> create(llvm::StringRef Prefix);
  ScratchDir(ScratchDir &&O) : Path(std::move(O.Path)) { O.Path.clear(); }
  ScratchDir(const ScratchDir &) = delete;
  ~ScratchDir();
  llvm::StringRef path() const { return Path; }

  /// Writes Files (path relative to this directory -> text) into it; a
  /// path that could leave it ("..", absolute) is an error, directories are
  /// made by this call and never followed as links, and each file is
  /// created anew (an existing entry, a link included, is an error).
  llvm::Error write(const std::map<std::string, std::string> &Files) const;

private:
  explicit ScratchDir(std::string Path) : Path(std::move(Path)) {}
  std::string Path;
};

} // namespace warplint

#endif
