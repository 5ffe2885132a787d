# cmake -DCMD="prog|arg|..." -DRC=<code> [-DREGEX=<re>] -P expect_run.cmake
# Passes when the command exits with exactly RC and its output matches REGEX. CTest alone
# cannot demand both (PASS_REGULAR_EXPRESSION ignores the exit code; WILL_FAIL takes any
# failure, a crash included). "|" separates arguments because ";" would split the -D value.
cmake_policy(VERSION 3.25)
string(REPLACE "|" ";" cmd "${CMD}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT "${rc}" STREQUAL "${RC}")
  message(FATAL_ERROR "expected exit code ${RC}, got ${rc}")
endif()
if(DEFINED REGEX AND NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "output does not match: ${REGEX}")
endif()
