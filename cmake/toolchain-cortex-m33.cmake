# Cortex-M33 (FPU, DSP, Secure state) on QEMU's mps2-an505 board. Usage: cmake --preset m33
set(SIGSPACE_PLATFORM m33 CACHE STRING "Board platform name used in test names and records")
set(SIGSPACE_QEMU_MACHINE mps2-an505 CACHE STRING "qemu-system-arm -M machine")
set(_sigspace_cpu "-mcpu=cortex-m33 -mthumb -mfloat-abi=hard -mfpu=fpv5-sp-d16")
include(${CMAKE_CURRENT_LIST_DIR}/../harness/target/toolchain-arm-none-eabi.cmake)
