//===- PtxParser.cpp - Parse PTX text into a ptx::Module ------------------===//
#include "frontend/ptx/PtxParser.h"
#include "frontend/ptx/PtxLexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {
namespace ptx {

bool Instruction::hasMod(StringRef M) const {
  for (const std::string &X : Mods)
    if (X == M)
      return true;
  return false;
}

uint64_t Variable::elementCount() const {
  uint64_t N = VectorLen;
  for (uint64_t D : Dims)
    N *= D;
  return N;
}

std::string formatDiagnostic(StringRef Buffer, StringRef Path, Loc Where,
                             SourceMgr::DiagKind Kind, const Twine &Msg) {
  // The line's text, made printable.
  size_t Start = 0;
  for (unsigned L = 1; L < Where.Line && Start < Buffer.size(); ++L) {
    size_t NL = Buffer.find('\n', Start);
    if (NL == StringRef::npos) {
      Start = Buffer.size();
      break;
    }
    Start = NL + 1;
  }
  StringRef LineText = Buffer.substr(Start);
  LineText = LineText.substr(0, std::min(LineText.find('\n'), size_t(200)));
  std::string Printable = LineText.str();
  for (char &C : Printable)
    if (!isPrint(C) && C != '\t')
      C = '?';
  SourceMgr SM;
  SMDiagnostic Diag(SM, SMLoc(), Path, Where.Line, Where.Col ? Where.Col - 1 : 0, Kind,
                    Msg.str(), Printable, {});
  std::string Out;
  raw_string_ostream OS(Out);
  Diag.print(nullptr, OS, /*ShowColors=*/false);
  return Out;
}

namespace {

/// A recursive-descent parser over Lexer. Every parse* returns false after
/// recording the first error.
class Parser {
public:
  Parser(StringRef Buffer, StringRef Path) : Lex(Buffer), Buf(Buffer), Path(Path) {
    consume();
  }

  Expected<Module> run() {
    while (Tok.Kind != Token::Eof && !Failed)
      parseTopLevel();
    if (Failed)
      return createStringError(inconvertibleErrorCode(), "%s", Message.c_str());
    return std::move(M);
  }

private:
  // ----- Token helpers -----------------------------------------------------
  void consume() { Tok = Lex.next(); }

  bool fail(Loc Where, const Twine &Msg) {
    if (!Failed) {
      Failed = true;
      Message = formatDiagnostic(Buf, Path, Where, SourceMgr::DK_Error, Msg);
    }
    return false;
  }

  std::string describe(const Token &T) const {
    switch (T.Kind) {
    case Token::Eof:
      return "end of file";
    case Token::Error:
      if (T.Text.empty())
        return "unterminated comment";
      if (T.Text[0] == '"')
        return "unterminated string";
      return "invalid character '" + printableChar(T.Text[0]) + "'";
    default:
      return "'" + printable(T.Text) + "'";
    }
  }

  static std::string printableChar(char C) {
    if (isPrint(C))
      return std::string(1, C);
    std::string S = "\\x";
    S += hexdigit((unsigned char)C >> 4, true);
    S += hexdigit(C & 15, true);
    return S;
  }

  static std::string printable(StringRef S) {
    std::string Out;
    for (char C : S.take_front(40))
      Out += printableChar(C);
    return Out;
  }

  bool failHere(const Twine &Expected) {
    return fail(Tok.Where, "expected " + Expected + ", found " + describe(Tok));
  }

  bool isPunct(char C) const { return Tok.is(C); }
  bool isIdent() const { return Tok.Kind == Token::Identifier; }
  bool isDirective() const { return isIdent() && Tok.Text.starts_with("."); }
  bool isDirective(StringRef D) const { return isIdent() && Tok.Text == D; }

  bool expectPunct(char C, StringRef Context) {
    if (!isPunct(C))
      return failHere(("'" + Twine(C) + "' " + Context).str());
    consume();
    return true;
  }

  bool parseUnsigned(uint64_t &Out, StringRef What) {
    if (Tok.Kind != Token::Number)
      return failHere(What);
    Operand O;
    if (!parseNumber(Tok, O) || O.Kind != Operand::Int || O.IntValue < 0)
      return fail(Tok.Where, "expected " + What + ", found " + describe(Tok));
    Out = O.IntValue;
    consume();
    return true;
  }

  bool parseUnsigned32(unsigned &Out, StringRef What) {
    uint64_t V = 0;
    if (!parseUnsigned(V, What))
      return false;
    if (V > UINT32_MAX)
      return fail(Tok.Where, What + " is too large");
    Out = V;
    return true;
  }

  /// Skips to the ';' ending the current statement (inclusive).
  bool skipStatement() {
    while (!isPunct(';')) {
      if (Tok.Kind == Token::Eof || Tok.Kind == Token::Error)
        return failHere("';'");
      consume();
    }
    consume();
    return true;
  }

  /// Skips a balanced { ... } group.
  bool skipBraces() {
    if (!expectPunct('{', "to open the section"))
      return false;
    unsigned Depth = 1;
    while (Depth) {
      if (Tok.Kind == Token::Eof || Tok.Kind == Token::Error)
        return failHere("'}' to close the section");
      if (isPunct('{'))
        ++Depth;
      else if (isPunct('}'))
        --Depth;
      consume();
    }
    return true;
  }

  // ----- Numbers --------------------------------------------------------------
  static bool parseNumber(const Token &T, Operand &O) {
    StringRef S = T.Text;
    O.Where = T.Where;
    if (S.size() > 2 && S[0] == '0' && (S[1] == 'f' || S[1] == 'F' || S[1] == 'd' || S[1] == 'D')) {
      bool IsDouble = S[1] == 'd' || S[1] == 'D';
      StringRef Hex = S.drop_front(2);
      uint64_t Bits;
      if (Hex.size() != (IsDouble ? 16u : 8u) || Hex.getAsInteger(16, Bits))
        return false;
      O.Kind = Operand::Float;
      O.FloatBits = Bits;
      O.FloatWidth = IsDouble ? 64 : 32;
      return true;
    }
    if (S.ends_with("U") || S.ends_with("u"))
      S = S.drop_back();
    uint64_t V;
    bool Ok;
    if (S.starts_with_insensitive("0x"))
      Ok = !S.drop_front(2).getAsInteger(16, V);
    else if (S.starts_with_insensitive("0b"))
      Ok = !S.drop_front(2).getAsInteger(2, V);
    else if (S.size() > 1 && S[0] == '0' && S.find_first_not_of("01234567") == StringRef::npos)
      Ok = !S.drop_front(1).getAsInteger(8, V);
    else
      Ok = !S.getAsInteger(10, V);
    if (Ok) {
      O.Kind = Operand::Int;
      O.IntValue = (int64_t)V;
      return true;
    }
    // A decimal floating literal (1.5, 1e-3).
    double D;
    if (S.getAsDouble(D))
      return false;
    O.Kind = Operand::Float;
    O.FloatWidth = 64;
    O.FloatBits = llvm::bit_cast<uint64_t>(D);
    return true;
  }

  // ----- Top level ------------------------------------------------------------
  void parseTopLevel() {
    if (Tok.Kind == Token::Error) {
      fail(Tok.Where, "unexpected " + describe(Tok));
      return;
    }
    if (!isDirective()) {
      failHere("a directive");
      return;
    }
    StringRef D = Tok.Text;
    Loc Where = Tok.Where;
    if (D == ".version") {
      consume();
      if (Tok.Kind != Token::Number) {
        failHere("a version number");
        return;
      }
      M.Version = Tok.Text.str();
      consume();
    } else if (D == ".target") {
      consume();
      do {
        if (!isIdent()) {
          failHere("a target name");
          return;
        }
        if (Tok.Text.starts_with("sm_") || Tok.Text.starts_with("compute_"))
          M.Target = Tok.Text.str();
        consume();
      } while (isPunct(',') && (consume(), true));
    } else if (D == ".address_size") {
      consume();
      if (!parseUnsigned32(M.AddressSize, "an address size"))
        return;
      if (M.AddressSize != 32 && M.AddressSize != 64)
        fail(Where, "address size must be 32 or 64");
    } else if (D == ".file") {
      parseFile();
    } else if (D == ".section") {
      consume();
      if (!isIdent()) {
        failHere("a section name");
        return;
      }
      consume();
      skipBraces();
    } else if (D == ".pragma" || D == ".alias") {
      consume();
      skipStatement();
    } else {
      parseDeclaration();
    }
  }

  bool parseFile() {
    consume();
    uint64_t N;
    if (!parseUnsigned(N, "a file number"))
      return false;
    if (Tok.Kind != Token::String)
      return failHere("a file name");
    std::string Name = Tok.Text.drop_front().drop_back().str();
    consume();
    // .file N "directory" "name"
    if (Tok.Kind == Token::String) {
      Name = (Twine(Name) + "/" + Tok.Text.drop_front().drop_back()).str();
      consume();
    }
    M.Files[N] = Name;
    // Optional timestamp and size.
    while (isPunct(',')) {
      consume();
      if (Tok.Kind != Token::Number)
        return failHere("a number");
      consume();
    }
    return true;
  }

  /// Linkage, then .entry, .func or a variable.
  bool parseDeclaration() {
    bool Visible = false, Extern = false, Weak = false;
    while (isDirective(".visible") || isDirective(".extern") || isDirective(".weak") ||
           isDirective(".common")) {
      Visible |= Tok.Text == ".visible";
      Extern |= Tok.Text == ".extern";
      Weak |= Tok.Text == ".weak" || Tok.Text == ".common";
      consume();
    }
    if (isDirective(".entry") || isDirective(".func")) {
      Function F;
      F.Visible = Visible;
      F.Extern = Extern;
      F.Weak = Weak;
      if (!parseFunction(F))
        return false;
      M.Functions.push_back(std::move(F));
      return true;
    }
    if (isDirective()) {
      if (std::optional<Space> S = parseSpace(Tok.Text.drop_front())) {
        Variable V;
        V.Sp = *S;
        V.Visible = Visible;
        V.Extern = Extern;
        V.Weak = Weak;
        V.Where = Tok.Where;
        consume();
        if (!parseVariableRest(V, /*AllowInit=*/true) || !expectPunct(';', "after the variable"))
          return false;
        M.Globals.push_back(std::move(V));
        return true;
      }
      if (isDirective(".tex") || isDirective(".surfref") || isDirective(".texref") ||
          isDirective(".samplerref"))
        return fail(Tok.Where, "texture and surface references are not supported");
      return fail(Tok.Where, "unknown directive '" + printable(Tok.Text) + "'");
    }
    return failHere("a declaration");
  }

  // ----- Variables and parameters --------------------------------------------
  /// After the state space: [.align N] [.vN] .type [.ptr [.space] [.align N]]
  /// name [dims] [= init].
  bool parseVariableRest(Variable &V, bool AllowInit) {
    bool HaveType = false;
    while (isDirective()) {
      StringRef D = Tok.Text.drop_front();
      if (D == "align") {
        consume();
        if (!parseUnsigned32(V.Align, "an alignment"))
          return false;
        if (V.Align == 0 || !isPowerOf2_32(V.Align) || V.Align > (1u << 16))
          return fail(Tok.Where, "alignment must be a power of two up to 65536");
        continue;
      }
      if (D == "v2" || D == "v4" || D == "v8") {
        V.VectorLen = D[1] - '0';
      } else if (D == "ptr") {
        V.PointerParam = true;
      } else if (std::optional<Type> T = parseType(D)) {
        V.Ty = *T;
        HaveType = true;
      } else if (!parseSpace(D) && D != "attribute" && D != "managed" && D != "unified") {
        return fail(Tok.Where, "unknown qualifier '" + printable(Tok.Text) + "'");
      }
      consume();
      // .attribute(.managed)
      if (D == "attribute" && isPunct('(')) {
        while (!isPunct(')')) {
          if (Tok.Kind == Token::Eof || Tok.Kind == Token::Error)
            return failHere("')'");
          consume();
        }
        consume();
      }
    }
    if (!HaveType)
      return failHere("a type");
    if (!isIdent() || Tok.Text.starts_with("."))
      return failHere("a name");
    V.Name = Tok.Text.str();
    V.Where = Tok.Where;
    consume();
    // %r<42> is a register range; not valid here.
    while (isPunct('[')) {
      consume();
      if (isPunct(']')) {
        V.Dims.push_back(0);
        consume();
        continue;
      }
      uint64_t N;
      if (!parseUnsigned(N, "an array size") || !expectPunct(']', "after the array size"))
        return false;
      V.Dims.push_back(N);
      if (N > (uint64_t(1) << 40) || V.elementCount() > (uint64_t(1) << 40))
        return fail(V.Where, "array '" + V.Name + "' is too large");
    }
    if (isPunct('=')) {
      if (!AllowInit)
        return fail(Tok.Where, "unexpected initializer");
      consume();
      if (!parseInitializer(V.Init, 0))
        return false;
    }
    return true;
  }

  bool parseInitializer(std::vector<Operand> &Out, unsigned Depth) {
    if (Depth > 16)
      return fail(Tok.Where, "initializer nested too deeply");
    if (isPunct('{')) {
      consume();
      if (isPunct('}')) {
        consume();
        return true;
      }
      while (true) {
        if (!parseInitializer(Out, Depth + 1))
          return false;
        if (isPunct('}')) {
          consume();
          return true;
        }
        if (!expectPunct(',', "or '}' in the initializer"))
          return false;
      }
    }
    // generic(sym), sym, number, -number.
    Operand O;
    if (isIdent() && (Tok.Text == "generic" || Tok.Text == "mask")) {
      consume();
      if (!expectPunct('(', "after 'generic'"))
        return false;
      if (!parseInitializer(Out, Depth + 1))
        return false;
      return expectPunct(')', "after the symbol");
    }
    if (!parseOperand(O))
      return false;
    if (O.Kind != Operand::Int && O.Kind != Operand::Float && O.Kind != Operand::Symbol)
      return fail(O.Where, "expected a constant in the initializer");
    // sym+N
    if (O.Kind == Operand::Symbol && (isPunct('+') || isPunct('-'))) {
      bool Neg = isPunct('-');
      consume();
      uint64_t N;
      if (!parseUnsigned(N, "an offset"))
        return false;
      O.IntValue = int64_t(Neg ? 0 - N : N); // Two's complement, as PTX wraps.
    }
    Out.push_back(std::move(O));
    if (Out.size() > (1u << 24))
      return fail(O.Where, "initializer too large");
    return true;
  }

  /// .param/.reg parameter lists: ( decl, decl, ... ).
  bool parseParamList(std::vector<Variable> &Out) {
    if (!expectPunct('(', "to open the parameter list"))
      return false;
    if (isPunct(')')) {
      consume();
      return true;
    }
    while (true) {
      if (!isDirective(".param") && !isDirective(".reg"))
        return failHere("'.param'");
      Variable V;
      V.Sp = Tok.Text == ".param" ? Space::Param : Space::Reg;
      V.Where = Tok.Where;
      consume();
      if (!parseVariableRest(V, /*AllowInit=*/false))
        return false;
      Out.push_back(std::move(V));
      if (isPunct(')')) {
        consume();
        return true;
      }
      if (!expectPunct(',', "or ')' in the parameter list"))
        return false;
    }
  }

  // ----- Functions -------------------------------------------------------------
  bool parseDims(std::optional<std::array<unsigned, 3>> &Out) {
    std::array<unsigned, 3> D = {1, 1, 1};
    for (unsigned I = 0; I < 3; ++I) {
      if (!parseUnsigned32(D[I], "a dimension"))
        return false;
      if (!isPunct(','))
        break;
      consume();
    }
    Out = D;
    return true;
  }

  bool parseFunction(Function &F) {
    CurrentLoc = -1;
    F.IsKernel = Tok.Text == ".entry";
    F.Where = Tok.Where;
    consume();
    if (!F.IsKernel && isPunct('(') && !parseParamList(F.Returns))
      return false;
    if (!isIdent() || Tok.Text.starts_with("."))
      return failHere("a function name");
    F.Name = Tok.Text.str();
    F.Where = Tok.Where;
    consume();
    if (isPunct('(') && !parseParamList(F.Params))
      return false;
    // Performance directives, .noreturn, .pragma.
    while (isDirective()) {
      StringRef D = Tok.Text;
      consume();
      if (D == ".maxntid") {
        if (!parseDims(F.MaxNTid))
          return false;
      } else if (D == ".reqntid") {
        if (!parseDims(F.ReqNTid))
          return false;
      } else if (D == ".minnctapersm") {
        unsigned N;
        if (!parseUnsigned32(N, "a CTA count"))
          return false;
        F.MinCtasPerSm = N;
      } else if (D == ".maxnreg") {
        unsigned N;
        if (!parseUnsigned32(N, "a register count"))
          return false;
        F.MaxNReg = N;
      } else if (D == ".maxclusterrank" || D == ".reqnctapercluster" ||
                 D == ".maxnctapersm") {
        std::optional<std::array<unsigned, 3>> Ignored;
        if (!parseDims(Ignored))
          return false;
      } else if (D == ".pragma") {
        if (!skipStatement())
          return false;
      } else if (D != ".noreturn" && D != ".explicitcluster" && D != ".blocksareclusters") {
        return fail(Tok.Where, "unknown function directive '" + printable(D) + "'");
      }
    }
    if (isPunct(';')) {
      consume();
      return true;
    }
    if (!isPunct('{'))
      return failHere("'{' or ';' after the function header");
    F.HasBody = true;
    return parseBody(F);
  }

  /// Inline asm nests a block or two; deeper nesting is not PTX a compiler
  /// writes (and renaming its registers would cost the depth squared).
  static constexpr unsigned MaxBlockDepth = 64;

  /// A `{ ... }` block inside a function body (inline asm writes them):
  /// where its statements and register declarations start.
  struct BlockScope {
    size_t FirstStatement, FirstReg;
  };

  bool parseBody(Function &F) {
    unsigned Depth = 0;
    std::vector<BlockScope> Scopes;
    unsigned ScopeCount = 0;
    while (true) {
      if (Tok.Kind == Token::Eof)
        return fail(Tok.Where, "unexpected end of file in the body of '" + F.Name +
                                   "': expected '}'");
      if (Tok.Kind == Token::Error)
        return fail(Tok.Where, "unexpected " + describe(Tok));
      if (isPunct('{')) {
        if (++Depth > MaxBlockDepth)
          return fail(Tok.Where, "blocks nested deeper than " + Twine(MaxBlockDepth));
        if (Depth > 1)
          Scopes.push_back({F.Body.size(), F.Regs.size()});
        consume();
        continue;
      }
      if (isPunct('}')) {
        consume();
        if (--Depth == 0)
          return true;
        if (!Scopes.empty()) {
          closeBlockScope(F, Scopes.back(), ++ScopeCount);
          Scopes.pop_back();
        }
        continue;
      }
      if (isDirective()) {
        if (!parseBodyDirective(F))
          return false;
        continue;
      }
      if (!parseStatement(F))
        return false;
    }
  }

  /// Gives the registers and labels a block declares names of their own
  /// (`%__bN_name`, `__bN_name`) in its statements, as PTX scopes them: two
  /// inline-asm blocks may each declare `.reg .pred p;` and a `waitLoop:`.
  /// Block registers may be named without '%' (`@!complete bra waitLoop`).
  static void closeBlockScope(Function &F, const BlockScope &S, unsigned Id) {
    std::string Prefix = "__b" + std::to_string(Id) + "_";
    StringMap<std::string> Regs, Labels;
    for (size_t I = S.FirstReg; I < F.Regs.size(); ++I) {
      RegDecl &R = F.Regs[I];
      StringRef Bare = StringRef(R.Name).ltrim('%');
      std::string New = "%" + Prefix + Bare.str();
      Regs[R.Name] = New;
      Regs[Bare] = New;
      R.Name = New;
    }
    for (size_t I = S.FirstStatement; I < F.Body.size(); ++I)
      if (F.Body[I].Kind == Statement::Label) {
        std::string New = Prefix + F.Body[I].LabelName;
        Labels[F.Body[I].LabelName] = New;
        F.Body[I].LabelName = New;
      }
    if (Regs.empty() && Labels.empty())
      return;
    auto Rename = [&](auto &Self, Operand &O) -> void {
      if (O.Kind == Operand::Register || O.Kind == Operand::Symbol ||
          (O.Kind == Operand::Address && !O.Name.empty())) {
        if (auto It = Regs.find(O.Name); It != Regs.end()) {
          O.Name = It->second;
          if (O.Kind == Operand::Address)
            O.BaseIsRegister = true;
          else
            O.Kind = Operand::Register;
        } else if (auto It = Labels.find(O.Name); It != Labels.end()) {
          O.Name = It->second;
        }
      }
      if (auto It = Regs.find(O.PairName); !O.PairName.empty() && It != Regs.end())
        O.PairName = It->second;
      for (Operand &E : O.Elements)
        Self(Self, E);
    };
    for (size_t I = S.FirstStatement; I < F.Body.size(); ++I) {
      if (F.Body[I].Kind != Statement::Instr)
        continue;
      Instruction &In = F.Body[I].Inst;
      if (auto It = Regs.find(In.Guard); !In.Guard.empty() && It != Regs.end())
        In.Guard = It->second;
      for (Operand &O : In.Ops)
        Rename(Rename, O);
    }
  }

  bool parseBodyDirective(Function &F) {
    StringRef D = Tok.Text;
    Loc Where = Tok.Where;
    if (D == ".reg")
      return parseRegDecl(F);
    if (D == ".loc")
      return parseLoc(F);
    if (D == ".pragma" || D == ".callprototype" || D == ".maxnreg") {
      consume();
      return skipStatement();
    }
    if (D == ".file")
      return parseFile();
    if (std::optional<Space> S = parseSpace(D.drop_front())) {
      Variable V;
      V.Sp = *S;
      V.Where = Where;
      consume();
      if (!parseVariableRest(V, /*AllowInit=*/*S != Space::Param) ||
          !expectPunct(';', "after the declaration"))
        return false;
      (*S == Space::Param ? F.CallParams : F.Locals).push_back(std::move(V));
      return true;
    }
    return fail(Where, "unknown directive '" + printable(D) + "' in a function body");
  }

  bool parseRegDecl(Function &F) {
    consume();
    std::optional<Type> Ty;
    unsigned VectorLen = 1;
    while (isDirective()) {
      StringRef D = Tok.Text.drop_front();
      if (D == "v2" || D == "v4")
        VectorLen = D[1] - '0';
      else if (!(Ty = parseType(D)))
        return fail(Tok.Where, "unknown register type '" + printable(Tok.Text) + "'");
      consume();
    }
    if (!Ty)
      return failHere("a register type");
    if (VectorLen != 1)
      Ty->Width *= VectorLen; // Vector registers are rare; keep their bits.
    while (true) {
      if (!isIdent() || Tok.Text.starts_with("."))
        return failHere("a register name");
      RegDecl R;
      R.Name = Tok.Text.str();
      R.Ty = *Ty;
      consume();
      if (isPunct('<')) {
        consume();
        unsigned N;
        if (!parseUnsigned32(N, "a register count") ||
            !expectPunct('>', "after the register count"))
          return false;
        R.Count = N;
      }
      F.Regs.push_back(std::move(R));
      if (isPunct(';')) {
        consume();
        return true;
      }
      if (!expectPunct(',', "or ';' in the register declaration"))
        return false;
    }
  }

  /// .loc file line col [, function_name label[+off], inlined_at file line col ...]
  bool parseLoc(Function &F) {
    consume();
    DebugLoc L;
    if (!parseUnsigned32(L.File, "a file number") || !parseUnsigned32(L.Line, "a line"))
      return false;
    // What follows the column on its line: LLVM's comment with inlined callers.
    size_t AfterCol = Tok.Text.end() - Buf.begin();
    if (!parseUnsigned32(L.Col, "a column"))
      return false;
    // The chain is written innermost first; record callers before callees.
    std::vector<DebugLoc> Chain = {L};
    if (!isPunct(','))
      commentCallers(AfterCol, Chain);
    while (isPunct(',')) {
      consume();
      if (!isIdent() || Tok.Text != "function_name")
        return failHere("'function_name'");
      consume();
      if (!isIdent())
        return failHere("a label");
      Chain.back().InlinedFunction = Tok.Text.str();
      consume();
      if (isPunct('+')) {
        consume();
        uint64_t Ignored;
        if (!parseUnsigned(Ignored, "an offset"))
          return false;
      }
      if (!expectPunct(',', "before 'inlined_at'"))
        return false;
      if (!isIdent() || Tok.Text != "inlined_at")
        return failHere("'inlined_at'");
      consume();
      DebugLoc Caller;
      if (!parseUnsigned32(Caller.File, "a file number") ||
          !parseUnsigned32(Caller.Line, "a line") || !parseUnsigned32(Caller.Col, "a column"))
        return false;
      Chain.push_back(Caller);
      if (Chain.size() > 64)
        return fail(Tok.Where, "inlined_at chain too long");
    }
    int Parent = -1;
    for (size_t I = Chain.size(); I-- > 0;) {
      Chain[I].InlinedAt = Parent;
      F.DebugLocs.push_back(Chain[I]);
      Parent = F.DebugLocs.size() - 1;
    }
    CurrentLoc = Parent;
    return true;
  }

  /// Reads "// file:line:col @[ caller:line:col @[ ... ] ]" after a .loc (as
  /// LLVM's NVPTX backend writes inlined locations) into Chain.
  void commentCallers(size_t From, std::vector<DebugLoc> &Chain) {
    StringRef Rest = Buf.substr(From);
    Rest = Rest.take_until([](char C) { return C == '\n'; });
    size_t Comment = Rest.find("//");
    if (Comment == StringRef::npos)
      return;
    Rest = Rest.substr(Comment);
    while (Chain.size() < 64) {
      size_t At = Rest.find("@[");
      if (At == StringRef::npos)
        return;
      Rest = Rest.substr(At + 2).ltrim();
      StringRef Item = Rest.take_until([](char C) { return C == ' ' || C == ']'; });
      auto [PathLine, Col] = Item.rsplit(':');
      auto [Path, Line] = PathLine.rsplit(':');
      DebugLoc Caller;
      if (Path.empty() || Line.getAsInteger(10, Caller.Line) ||
          Col.getAsInteger(10, Caller.Col))
        return;
      Caller.FilePath = Path.str();
      Chain.back().InlinedFunction = "inlined";
      Chain.push_back(std::move(Caller));
      Rest = Rest.substr(Item.size());
    }
  }

  // ----- Instructions ----------------------------------------------------------
  bool parseStatement(Function &F) {
    Statement S;
    Instruction &I = S.Inst;
    I.Where = Tok.Where;
    if (isPunct('@')) {
      consume();
      if (isPunct('!')) {
        I.GuardNegated = true;
        consume();
      }
      // A block's own predicate may be named without '%' (closeBlockScope).
      if (!isIdent() || Tok.Text.starts_with("."))
        return failHere("a predicate register after '@'");
      I.Guard = Tok.Text.str();
      consume();
    }
    if (!isIdent())
      return failHere("an instruction");
    StringRef Head = Tok.Text;
    Loc HeadLoc = Tok.Where;
    consume();
    if (I.Guard.empty() && isPunct(':')) {
      consume();
      S.Kind = Statement::Label;
      S.LabelName = Head.str();
      F.Body.push_back(std::move(S));
      return true;
    }
    SmallVector<StringRef, 6> Parts;
    Head.split(Parts, '.');
    if (Parts.empty() || Parts[0].empty() || Parts[0][0] == '%')
      return fail(HeadLoc, "expected an instruction, found '" + printable(Head) + "'");
    I.Opcode = Parts[0].str();
    for (StringRef P : ArrayRef<StringRef>(Parts).drop_front()) {
      if (P.empty())
        return fail(HeadLoc, "empty modifier in '" + printable(Head) + "'");
      I.Mods.push_back(P.str());
    }
    I.DebugLoc = CurrentLoc;
    if (!isPunct(';')) {
      while (true) {
        Operand O;
        if (!parseOperand(O))
          return false;
        I.Ops.push_back(std::move(O));
        if (isPunct(';'))
          break;
        if (!expectPunct(',', "or ';' after the operand"))
          return false;
        if (I.Ops.size() > 64)
          return fail(Tok.Where, "too many operands");
      }
    }
    consume(); // ';'
    F.Body.push_back(std::move(S));
    return true;
  }

  bool parseOperand(Operand &O, unsigned Depth = 0) {
    O.Where = Tok.Where;
    if (Depth > 4)
      return fail(Tok.Where, "operand nested too deeply");
    if (isPunct('[')) {
      consume();
      return parseAddress(O);
    }
    if (isPunct('{') || isPunct('(')) {
      char Close = isPunct('{') ? '}' : ')';
      O.Kind = Close == '}' ? Operand::Vector : Operand::List;
      consume();
      if (isPunct(Close)) {
        consume();
        return true;
      }
      while (true) {
        Operand E;
        if (!parseOperand(E, Depth + 1))
          return false;
        O.Elements.push_back(std::move(E));
        if (isPunct(Close)) {
          consume();
          return true;
        }
        if (!expectPunct(',', "in the operand list"))
          return false;
        if (O.Elements.size() > 1024)
          return fail(Tok.Where, "operand list too long");
      }
    }
    if (isPunct('!')) {
      consume();
      if (!isIdent())
        return failHere("a predicate after '!'");
      O.Kind = Operand::Register;
      O.Negated = true;
      O.Name = Tok.Text.str();
      consume();
      return true;
    }
    if (isPunct('-')) {
      consume();
      if (Tok.Kind != Token::Number || !parseNumber(Tok, O))
        return failHere("a number after '-'");
      if (O.Kind == Operand::Int) // Wraps: -0x8000000000000000 is itself.
        O.IntValue = int64_t(0 - uint64_t(O.IntValue));
      else
        O.FloatBits ^= uint64_t(1) << (O.FloatWidth - 1);
      consume();
      return true;
    }
    if (Tok.Kind == Token::Number) {
      if (!parseNumber(Tok, O))
        return fail(Tok.Where, "invalid number '" + printable(Tok.Text) + "'");
      consume();
      return true;
    }
    if (!isIdent())
      return failHere("an operand");
    O.Name = Tok.Text.str();
    if (O.Name == "_") {
      O.Kind = Operand::Sink;
    } else if (Tok.Text.starts_with("%")) {
      O.Kind = Operand::Register;
    } else {
      O.Kind = Operand::Symbol;
    }
    consume();
    if (isPunct('|')) {
      consume();
      if (!isIdent())
        return failHere("a predicate after '|'");
      O.PairName = Tok.Text.str();
      consume();
    }
    return true;
  }

  /// After '[': base [+|- offset]... ']'.
  bool parseAddress(Operand &O) {
    O.Kind = Operand::Address;
    bool First = true;
    while (!isPunct(']')) {
      bool Neg = false;
      if (!First && isPunct(',')) {
        // A texture or surface operand: [tex, {coordinates}] (the
        // instruction is lifted as unsupported; its operands are kept).
        consume();
        Operand C;
        if (!parseOperand(C, 1))
          return false;
        if (O.Elements.size() == 4)
          return fail(C.Where, "too many operands in a texture or surface address");
        O.Elements.push_back(std::move(C));
        continue;
      }
      if (!First || isPunct('-') || isPunct('+')) {
        if (!isPunct('+') && !isPunct('-'))
          return failHere("'+', '-' or ']' in the address");
        Neg = isPunct('-');
        consume();
        if (isPunct('-')) { // [%r+-8]
          Neg = !Neg;
          consume();
        }
      }
      if (isIdent() && O.Name.empty() && !Neg) {
        O.Name = Tok.Text.str();
        O.BaseIsRegister = Tok.Text.starts_with("%");
        consume();
      } else if (Tok.Kind == Token::Number) {
        Operand N;
        if (!parseNumber(Tok, N) || N.Kind != Operand::Int)
          return fail(Tok.Where, "invalid address offset '" + printable(Tok.Text) + "'");
        uint64_t Off = uint64_t(N.IntValue);
        O.IntValue = int64_t(uint64_t(O.IntValue) + (Neg ? 0 - Off : Off));
        consume();
      } else {
        return failHere("a register, symbol or offset in the address");
      }
      First = false;
    }
    consume();
    return true;
  }

  Lexer Lex;
  Token Tok;
  StringRef Buf, Path;
  Module M;
  bool Failed = false;
  std::string Message;
  int CurrentLoc = -1; ///< The .loc in effect (reset per function).
};

} // namespace

Expected<Module> parse(StringRef Buffer, StringRef Path) {
  return Parser(Buffer, Path).run();
}

} // namespace ptx
} // namespace warplint
