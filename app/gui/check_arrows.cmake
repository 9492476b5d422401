# Fails when a file of one gui folder includes a gui folder its library does not link, or
# includes anything through ".." (which would slip past the folder names).
#
# The folders of app/gui/ share one include root (app/), so the compiler alone would let any file
# include any header. The arrows are stated once, in each folder's target_link_libraries
# (app_gui_preview links app_gui_common, ...); app/gui/CMakeLists.txt hands this script the
# folders a library links directly (comma-separated) and runs it before the library is compiled, so a forbidden
# include fails the build. A folder's unit tests (FOLDER/tests/) may also include gui/tests/.
#   cmake -DFOLDER=preview -DALLOWED=common -DDIR=<app/gui/preview> -P check_arrows.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT FOLDER OR NOT DIR)
  message(FATAL_ERROR "check_arrows: FOLDER and DIR are required")
endif()
string(REPLACE "," ";" ALLOWED "${ALLOWED}")
file(GLOB_RECURSE files ${DIR}/*.cpp ${DIR}/*.hpp)
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "check_arrows: no sources under ${DIR}")
endif()
set(refused "")
foreach(file ${files})
  file(STRINGS ${file} climbing REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]([^\">]*/)?\\.\\./")
  foreach(line ${climbing})
    file(RELATIVE_PATH shown ${DIR}/.. ${file})
    string(REGEX MATCH "[^\"<]+[\">]" header "${line}")
    string(APPEND refused "  ${shown}: includes ${header} through \"..\": name it from app/ (gui/FOLDER/...)\n")
  endforeach()
  file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]gui/")
  foreach(line ${includes})
    string(REGEX MATCH "gui/([A-Za-z0-9_]+)/" _ "${line}")
    set(to ${CMAKE_MATCH_1})
    string(REGEX MATCH "gui/[^\">]+" header "${line}")
    if(to STREQUAL FOLDER OR to IN_LIST ALLOWED)
      continue()
    endif()
    if(to STREQUAL "tests" AND file MATCHES "/tests/[^/]+$")
      continue()
    endif()
    file(RELATIVE_PATH shown ${DIR}/.. ${file})
    string(APPEND refused "  ${shown}: ${FOLDER} may not include ${header}\n")
  endforeach()
endforeach()
if(refused)
  string(REPLACE ";" ", " allowed_list "${ALLOWED}")
  message(FATAL_ERROR "check_arrows: includes across a door that app_gui_${FOLDER} does not link "
                      "(it links: ${allowed_list}):\n${refused}"
                      "Add the arrow to the folder's target_link_libraries if it is meant, or move the code.")
endif()
message(STATUS "check_arrows: ${FOLDER}: ${count} files include only ${FOLDER} and what it links")
