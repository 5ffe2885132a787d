# Cortex-M4F on QEMU's mps2-an386 board. Usage: cmake --preset m4
set(SIGSPACE_PLATFORM m4 CACHE STRING "Board platform name used in test names and records")
set(SIGSPACE_QEMU_MACHINE mps2-an386 CACHE STRING "qemu-system-arm -M machine")
set(_sigspace_cpu "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
include(${CMAKE_CURRENT_LIST_DIR}/../harness/target/toolchain-arm-none-eabi.cmake)
