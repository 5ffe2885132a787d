# Warnings for every target of the project; errors when SIGSPACE_WERROR is on (gate 1).
add_library(sigspace_warnings INTERFACE)
target_compile_options(sigspace_warnings INTERFACE
  -Wall -Wextra -Wshadow -Wconversion -Wno-sign-conversion -Wundef
  $<$<BOOL:${SIGSPACE_WERROR}>:-Werror>)
