# Shared part of cmake/toolchain-cortex-m4.cmake and toolchain-cortex-m33.cmake. The including
# file sets SIGSPACE_PLATFORM, SIGSPACE_QEMU_MACHINE and _sigspace_cpu before including this.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
# A bare-metal executable cannot link without our startup and linker script, so CMake's
# compiler checks build a static library instead.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)

# Every code-generation flag lives in these two cache entries, so a results manifest can record
# exactly what a board figure was built with. They seed CMAKE_<LANG>_FLAGS on the first
# configure only: change them in a fresh build directory.
set(SIGSPACE_TARGET_CPU_FLAGS "${_sigspace_cpu}" CACHE STRING "CPU/FPU flags of the board")
set(SIGSPACE_TARGET_OPT_FLAGS "-O2" CACHE STRING "Optimisation flags of board builds")
set(_sigspace_flags "${SIGSPACE_TARGET_CPU_FLAGS} ${SIGSPACE_TARGET_OPT_FLAGS} -g")
set(CMAKE_C_FLAGS_INIT "${_sigspace_flags}")
set(CMAKE_ASM_FLAGS_INIT "${_sigspace_flags}")
set(CMAKE_CXX_FLAGS_INIT "${_sigspace_flags} -fno-exceptions -fno-rtti")
# Build types must not silently change the recorded -O level (CMake's Release adds -O3 to any
# *_INIT value), so their flags are fixed cache entries, read before CMake's defaults.
foreach(lang C CXX ASM)
  foreach(cfg RELEASE RELWITHDEBINFO MINSIZEREL)
    set(CMAKE_${lang}_FLAGS_${cfg} "-DNDEBUG" CACHE STRING "No -O here: see SIGSPACE_TARGET_OPT_FLAGS")
  endforeach()
  set(CMAKE_${lang}_FLAGS_DEBUG "" CACHE STRING "No -O here: see SIGSPACE_TARGET_OPT_FLAGS")
endforeach()

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# CTest runs every firmware image through QEMU; the wrapper adds the timeout and exit codes.
set(CMAKE_CROSSCOMPILING_EMULATOR
    "${CMAKE_CURRENT_LIST_DIR}/qemu-run;--machine;${SIGSPACE_QEMU_MACHINE}")
