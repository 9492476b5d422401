# Fails when a file of app/core, app/cli or app/python includes an app folder its layer does not
# depend on, or includes anything through "..".
#
# Every app folder includes from one root (app/), so the compiler alone would let core include
# cli/ or gui/ headers. The layers are stated in docs/architecture.md's table and in the
# targets' links: core depends on no other app folder, cli and python on core only (the window's
# folders have their own check, app/gui/check_arrows.cmake). A quoted include that climbs with
# ".." would slip past both, so it is refused everywhere. app/CMakeLists.txt runs this before each
# library compiles; the test app_layers_refused shows it refusing.
#   cmake -DFOLDER=cli -DALLOWED=core -DDIR=<app/cli> -P check_layers.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT FOLDER OR NOT DIR)
  message(FATAL_ERROR "check_layers: FOLDER and DIR are required")
endif()
string(REPLACE "," ";" ALLOWED "${ALLOWED}")
set(app_folders core cli gui python)
file(GLOB_RECURSE files ${DIR}/*.cpp ${DIR}/*.hpp)
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "check_layers: no sources under ${DIR}")
endif()
set(refused "")
foreach(file ${files})
  file(RELATIVE_PATH shown ${DIR}/.. ${file})
  file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
  foreach(line ${includes})
    string(REGEX MATCH "[\"<][^\">]+" header "${line}")
    string(SUBSTRING "${header}" 1 -1 header)
    if(header MATCHES "(^|/)\\.\\.(/|$)")
      string(APPEND refused "  ${shown}: includes ${header} through \"..\": name it from app/ instead\n")
      continue()
    endif()
    if(NOT header MATCHES "^([A-Za-z0-9_]+)/")
      continue()
    endif()
    set(to ${CMAKE_MATCH_1})
    if(NOT to IN_LIST app_folders OR to STREQUAL FOLDER OR to IN_LIST ALLOWED)
      continue()
    endif()
    string(APPEND refused "  ${shown}: ${FOLDER} may not include ${header}\n")
  endforeach()
endforeach()
if(refused)
  string(REPLACE ";" ", " allowed_list "${ALLOWED}")
  if(NOT allowed_list)
    set(allowed_list "no other app folder")
  endif()
  message(FATAL_ERROR "check_layers: includes against app/${FOLDER}'s layer (it depends on: ${allowed_list}):\n"
                      "${refused}"
                      "Move the code to the layer below, or change the layers in docs/architecture.md and the links.")
endif()
message(STATUS "check_layers: ${FOLDER}: ${count} files include only ${FOLDER} and what it depends on")
