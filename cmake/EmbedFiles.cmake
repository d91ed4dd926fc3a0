# Writes OUTPUT: a C++ table of {name, contents} for every file in DIR,
# each file as a raw string literal. Run with cmake -P.
file(GLOB FILES ${DIR}/*)
list(SORT FILES)
set(out "// Generated from frontend/cuda/prelude by cmake/EmbedFiles.cmake; do not edit.\n")
string(APPEND out "static const EmbeddedFile EmbeddedPrelude[] = {\n")
foreach(f ${FILES})
  file(READ ${f} body)
  get_filename_component(name ${f} NAME)
  string(APPEND out "  {\"${name}\", R\"wlprelude(${body})wlprelude\"},\n")
endforeach()
string(APPEND out "};\n")
file(WRITE ${OUTPUT}.tmp "${out}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUTPUT}.tmp ${OUTPUT})
