# Fails when a C/C++ source of ours differs from .clang-format (the release and sanitizer tests
# run it; `clang-format-14 -i FILE` fixes a file). Build trees (the generated glad loader among
# them) keep their own formatting; third_party/ holds no source.
#   cmake -DCLANG_FORMAT=/usr/bin/clang-format-14 -DSOURCE_DIR=<repository> -P check_format.cmake
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/*.c ${SOURCE_DIR}/*.cpp ${SOURCE_DIR}/*.h ${SOURCE_DIR}/*.hpp)
list(FILTER sources EXCLUDE REGEX "^(third_party|build|out)/")
list(FILTER sources EXCLUDE REGEX "/build/")
list(LENGTH sources count)
if(count EQUAL 0)
  message(FATAL_ERROR "check_format: no sources found under ${SOURCE_DIR}")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "check_format: the files above differ from .clang-format; run `clang-format-14 -i` on them")
endif()
message(STATUS "check_format: ${count} files as .clang-format wants them")
