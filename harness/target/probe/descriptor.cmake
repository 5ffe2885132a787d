# Which descriptor a probe id names, by the registry's naming convention
# (variants/<scheme>/variants.hpp); included by CMakeLists.txt, and runnable alone so that
# pytest can check ids without configuring a board build:
#   cmake -DIDS="ML-DSA-44/balanced;..." -DCMAKE_CXX_COMPILER=g++ -DSIGSPACE_PROBE_SCRATCH=DIR \
#         -P descriptor.cmake
# prints "<id> <symbol> <slug>" per id, or fails with the same error a board build gives.
#
#   <PREFIX>-<SET>/<point-words>              -> sigspace::<prefix>::k<Prefix><SET><PointWords>
#   <PREFIX>-<SET>/<point-words>~<tech-words> -> ...<PointWords>No<TechWords> (an ablation)
# in library sigspace_<prefix>, prefix = the lowercased alphanumerics of PREFIX (ML-DSA -> mldsa),
# words capitalised and joined (retained-A -> RetainedA).
# Slug of an id (target and .pk file names): lowercased, every run of other characters one '_'.
# analysis/sigspace/platforms/board_run.py:slug() must agree (tests/python/test_board.py).
function(sigspace_probe_slug id out)
  string(TOLOWER "${id}" slug)
  string(REGEX REPLACE "[^a-z0-9]+" "_" slug "${slug}")
  set(${out} ${slug} PARENT_SCOPE)
endfunction()

function(_sigspace_camel text out)
  set(name "")
  string(REPLACE "-" ";" words "${text}")
  foreach(w IN LISTS words)
    string(SUBSTRING ${w} 0 1 first)
    string(SUBSTRING ${w} 1 -1 rest)
    string(TOUPPER ${first} first)
    string(APPEND name "${first}${rest}")
  endforeach()
  set(${out} ${name} PARENT_SCOPE)
endfunction()

# The registered lists of a scheme: SIGSPACE_<NS>_VARIANTS and SIGSPACE_<NS>_ABLATIONS expanded
# by the compiler's preprocessor, since ablations are listed through X-macros
# (SIGSPACE_MLDSA_SC_EACH ...) and their names appear only after expansion. The #include lines
# are dropped (only the header's own macros matter), so this is one fast preprocessor run per
# scheme and configure. list: VARIANTS or ABLATIONS; out: "...: &sigspace::<ns>::kX, ...,".
function(_sigspace_registered ns list out)
  get_property(done GLOBAL PROPERTY sigspace_probe_${ns}_ABLATIONS SET)
  if(NOT done)
    file(READ ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../variants/${ns}/variants.hpp text)
    string(REGEX REPLACE "#[ \t]*(include|pragma)[^\n]*" "" text "${text}")
    string(TOUPPER ${ns} NS)
    set(src ${CMAKE_CURRENT_BINARY_DIR}/sigspace_probe_${ns}_variants.hpp)
    if(SIGSPACE_PROBE_SCRATCH)  # script mode: not the caller's working directory
      set(src ${SIGSPACE_PROBE_SCRATCH}/sigspace_probe_${ns}_variants.hpp)
    endif()
    file(WRITE ${src} "${text}\nsigspace-probe-VARIANTS: SIGSPACE_${NS}_VARIANTS\n"
               "sigspace-probe-ABLATIONS: SIGSPACE_${NS}_ABLATIONS\n")
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -E -P -x c++ ${src}
                    OUTPUT_VARIABLE expanded ERROR_VARIABLE err RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "probe firmware: cannot expand variants/${ns}/variants.hpp:\n${err}")
    endif()
    foreach(which VARIANTS ABLATIONS)
      string(REGEX MATCH "sigspace-probe-${which}:[^\n]*" line "${expanded}")
      set_property(GLOBAL PROPERTY sigspace_probe_${ns}_${which} "${line},")
    endforeach()
  endif()
  get_property(line GLOBAL PROPERTY sigspace_probe_${ns}_${list})
  set(${out} "${line}" PARENT_SCOPE)
endfunction()

function(sigspace_probe_descriptor id out_ns out_symbol)
  if(NOT id MATCHES "^(.+)-([^-/]+)/([a-z-]+)(~([A-Za-z0-9-]+))?$")
    message(FATAL_ERROR "probe firmware: '${id}' is not <parameter set>/<operating point> "
                        "or <parameter set>/<operating point>~<technique>")
  endif()
  set(set_suffix ${CMAKE_MATCH_2})
  set(point ${CMAKE_MATCH_3})
  set(technique "${CMAKE_MATCH_5}")
  string(TOLOWER "${CMAKE_MATCH_1}" ns)
  string(REGEX REPLACE "[^a-z0-9]" "" ns "${ns}")
  if(NOT EXISTS ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../../variants/${ns}/variants.hpp)
    message(FATAL_ERROR "probe firmware: ${id}: no scheme '${ns}' (variants/${ns}/variants.hpp)")
  endif()
  _sigspace_camel(${ns} prefix)
  _sigspace_camel(${point} point_words)
  set(name "k${prefix}${set_suffix}${point_words}")
  set(list VARIANTS)
  set(kind variant)
  if(technique)
    _sigspace_camel(${technique} tech_words)
    string(APPEND name "No${tech_words}")
    set(list ABLATIONS)
    set(kind ablation)
  endif()
  _sigspace_registered(${ns} ${list} registered)
  set(symbol "sigspace::${ns}::${name}")
  string(FIND "${registered}" "&${symbol}," at)
  if(at EQUAL -1)
    string(TOUPPER "SIGSPACE_${ns}_${list}" macro)
    message(FATAL_ERROR "probe firmware: unknown ${kind} '${id}': ${macro} in "
                        "variants/${ns}/variants.hpp does not list &${symbol}")
  endif()
  set(${out_ns} ${ns} PARENT_SCOPE)
  set(${out_symbol} ${symbol} PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  foreach(id IN LISTS IDS)
    sigspace_probe_descriptor(${id} ns symbol)
    sigspace_probe_slug(${id} slug)
    execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${id} ${symbol} ${slug}")
  endforeach()
endif()
