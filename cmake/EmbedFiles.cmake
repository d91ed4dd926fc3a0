# Writes OUTPUT: a C++ table NAME (default EmbeddedPrelude) of {name,
# contents} for every file in DIR, each file as a raw string literal. Run
# with cmake -P.
if(NOT NAME)
  set(NAME EmbeddedPrelude)
endif()
file(GLOB FILES ${DIR}/*)
list(SORT FILES)
set(out "// Generated from ${DIR} by cmake/EmbedFiles.cmake; do not edit.\n")
string(APPEND out "static const EmbeddedFile ${NAME}[] = {\n")
foreach(f ${FILES})
  file(READ ${f} body)
  get_filename_component(name ${f} NAME)
  string(APPEND out "  {\"${name}\", R\"wlprelude(${body})wlprelude\"},\n")
endforeach()
string(APPEND out "};\n")
file(WRITE ${OUTPUT}.tmp "${out}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${OUTPUT}.tmp ${OUTPUT})
