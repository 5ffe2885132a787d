# core/ and variants/ build unchanged for the host and for arm-none-eabi:
# no exceptions, no RTTI, no thread-safe statics (no static constructors at all).
add_library(sigspace_freestanding INTERFACE)
target_compile_options(sigspace_freestanding INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-fno-exceptions -fno-rtti -fno-threadsafe-statics>
  -ffunction-sections -fdata-sections)
target_link_libraries(sigspace_freestanding INTERFACE sigspace_warnings)

# sigspace_check_symbols(<target>): a test that fails if the built library references the heap
# or exception machinery (ARCHITECTURE.md, rules for core/ and variants/).
function(sigspace_check_symbols target)
  if(CMAKE_CROSSCOMPILING)
    set(nm_tool ${CMAKE_NM})
  else()
    set(nm_tool nm)
  endif()
  add_test(NAME symbols.${target}
    COMMAND ${CMAKE_COMMAND} -DNM=${nm_tool} -DLIB=$<TARGET_FILE:${target}>
            -P ${PROJECT_SOURCE_DIR}/cmake/check_symbols.cmake)
endfunction()
