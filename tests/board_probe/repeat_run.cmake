# cmake -DQEMU_RUN=qemu-run -DMACHINE=m -DPLUGIN=lib.so -DIMAGE=probe.elf -P repeat_run.cmake
# Runs the measurement image twice under the instruction-counting plugin and fails unless both
# runs succeed, count the same instructions and stack bytes in every window, and agree on the
# transcript (the whole point of board figures: deterministic, so adoption can compare them).
cmake_policy(VERSION 3.25)
set(figures "")
foreach(run 1 2)
  execute_process(COMMAND ${QEMU_RUN} --machine ${MACHINE} --timeout 60 --plugin ${PLUGIN} ${IMAGE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "run ${run}: exit ${rc}\n${out}${err}")
  endif()
  # The measured lines only: stdout (firmware) and stderr (plugin) interleave freely.
  string(REGEX MATCHALL "SIGSPACE window=[^\n]*|SIGSPACE transcript=[^\n]*" fw "${out}")
  string(REGEX MATCHALL "sigspace-icount window=[^\n]*" insn "${err}")
  list(LENGTH insn windows)
  list(LENGTH fw fw_lines)
  math(EXPR expected "${windows} + 1")  # one firmware line per window, plus the transcript
  if(windows LESS 7 OR NOT fw_lines EQUAL expected)
    message(FATAL_ERROR "run ${run}: ${windows} counted windows, ${fw_lines} firmware lines\n${out}${err}")
  endif()
  list(APPEND fw ${insn})
  if(run EQUAL 1)
    set(first "${fw}")
    string(REPLACE ";" "\n" shown "${fw}")
    message("${shown}")
  elseif(NOT fw STREQUAL first)
    message(FATAL_ERROR "the two runs differ:\n${first}\n---\n${fw}")
  endif()
endforeach()
message("two runs: identical instruction counts, stack figures and transcript")
