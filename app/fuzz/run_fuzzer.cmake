# Runs one libFuzzer target for a bounded time on a copy of its seed corpus; fails on any crash.
#   cmake -DFUZZER=... -DCORPUS=<seeds> -DDICTIONARY=<file> -DWORK=<dir> -DSECONDS=30 -P run_fuzzer.cmake
# The copy in WORK/corpus grows with what the run finds; the repository's corpus is never written.
# Inputs that crash are left as WORK/crash-* (and leak-*, timeout-*, oom-*): add them to the
# repository's corpus once fixed.
foreach(variable FUZZER CORPUS DICTIONARY WORK SECONDS)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${variable}=... is missing")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK}/corpus)
file(MAKE_DIRECTORY ${WORK}/corpus)
file(GLOB seeds ${CORPUS}/*)
file(COPY ${seeds} DESTINATION ${WORK}/corpus)

# -timeout: one input taking over 10 s is a hang (the readers are linear in the input);
# -rss_limit_mb: far above what the bounded readers need, so an unbounded allocation shows;
# -max_len: larger than the 1 MiB JSON limit would be slow; 64 KiB reaches every branch.
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -rss_limit_mb=2048 -timeout=10 -max_len=65536
          -dict=${DICTIONARY} -artifact_prefix=${WORK}/ -print_final_stats=1 ${WORK}/corpus
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(GLOB found ${WORK}/crash-* ${WORK}/leak-* ${WORK}/timeout-* ${WORK}/oom-*)
  message(FATAL_ERROR "${FUZZER} failed (exit ${result}); inputs: ${found}")
endif()
