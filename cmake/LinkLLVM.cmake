# How warplint links LLVM and Clang: WARPLINT_LLVM_LIBS and WARPLINT_CLANG_LIBS.
#
# Static (WARPLINT_STATIC_LLVM, the default where the static libraries are
# installed): the Debian packages' shared libLLVM and libclang-cpp cost every
# start of warplint about 50 ms of CPU (355,000 relocations, symbol lookups and
# the pages they dirty: bench/README.md). A lint step runs warplint once per
# file, the editor on every restart; the static link starts in about 20 ms.
# Linked with lld where it is installed (a few seconds; ld.bfd takes longer).
#
# Shared (-DWARPLINT_STATIC_LLVM=OFF): the packages' libLLVM and libclang-cpp.

set(warplint_llvm_components
  Analysis AsmParser BitReader BitWriter Core Coverage Demangle FrontendDriver
  FrontendHLSL FrontendOpenMP IPO IRReader Linker LTO MC NVPTXCodeGen NVPTXDesc
  NVPTXInfo Option Passes Plugins ProfileData ScalarOpts Support SupportLSP
  Target TargetParser TransformUtils Vectorize WindowsDriver)
set(warplint_clang_libs
  clangAPINotes clangAST clangASTMatchers clangAnalysis clangAnalysisLifetimeSafety
  clangBasic clangCodeGen clangDriver clangEdit clangFrontend clangLex clangOptions
  clangParse clangRewrite clangSema clangSerialization clangSupport clangTooling
  clangToolingCore)

set(warplint_static_found ON)
foreach(lib LLVMCore clangFrontend clangCodeGen)
  if(NOT TARGET ${lib})
    set(warplint_static_found OFF)
  else()
    get_target_property(loc ${lib} LOCATION)
    if(NOT EXISTS "${loc}")
      set(warplint_static_found OFF)
    endif()
  endif()
endforeach()
# LLVMSupport links zstd (libzstd-dev), when LLVM was built with it.
get_target_property(support_deps LLVMSupport INTERFACE_LINK_LIBRARIES)
if(support_deps MATCHES "zstd::" AND NOT TARGET zstd::libzstd_shared
   AND NOT TARGET zstd::libzstd_static)
  set(warplint_static_found OFF)
  message(STATUS "no libzstd-dev: LLVM and Clang linked as shared libraries")
endif()
option(WARPLINT_STATIC_LLVM "Link LLVM and Clang statically (starts faster)"
       ${warplint_static_found})

if(WARPLINT_STATIC_LLVM)
  llvm_map_components_to_libnames(WARPLINT_LLVM_LIBS ${warplint_llvm_components})
  # Clang's exported static libraries name the shared libLLVM as their LLVM:
  # link them against the static components instead (both would otherwise be
  # loaded, two copies of LLVM's globals in one process).
  foreach(lib ${CLANG_EXPORTED_TARGETS})
    if(NOT TARGET ${lib})
      continue()
    endif()
    get_target_property(type ${lib} TYPE)
    if(NOT type STREQUAL "STATIC_LIBRARY")
      continue()
    endif()
    get_target_property(deps ${lib} INTERFACE_LINK_LIBRARIES)
    if(deps)
      list(TRANSFORM deps REPLACE "^LLVM$" "${WARPLINT_LLVM_LIBS}")
      set_target_properties(${lib} PROPERTIES INTERFACE_LINK_LIBRARIES "${deps}")
    endif()
  endforeach()
  # Debian's LLVM links the Polly plugin into its tools; clangCodeGen's
  # pipeline builder (and LLVMExtensions) asks it for its callbacks, but the
  # package ships no static Polly. frontend/NoPolly.cpp answers for it.
  get_target_property(deps LLVMExtensions INTERFACE_LINK_LIBRARIES)
  list(REMOVE_ITEM deps Polly)
  set_target_properties(LLVMExtensions PROPERTIES INTERFACE_LINK_LIBRARIES "${deps}")
  # (An object file: always linked, wherever it falls on the line.)
  set(WARPLINT_CLANG_LIBS $<TARGET_OBJECTS:warplint_no_polly> ${warplint_clang_libs}
      ${WARPLINT_LLVM_LIBS})
  set(WARPLINT_NO_POLLY ON)
  include(CheckLinkerFlag)
  check_linker_flag(CXX "-fuse-ld=lld" WARPLINT_HAVE_LLD)
  if(WARPLINT_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
  # Not position independent: no relocations to apply at start. And no
  # shared library that nothing calls (LLVMSupport names libz3).
  add_link_options(-no-pie LINKER:--as-needed)
  message(STATUS "LLVM and Clang linked statically")
else()
  set(WARPLINT_LLVM_LIBS LLVM)
  set(WARPLINT_CLANG_LIBS clang-cpp)
  set(WARPLINT_NO_POLLY OFF)
  message(STATUS "LLVM and Clang linked as shared libraries")
endif()
