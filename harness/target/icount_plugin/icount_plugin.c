/* TCG plugin for qemu-system-arm 7.2: counts the guest instructions executed between calls of
 * the firmware's marker functions bench_start() and bench_stop() (harness/target/board.hpp),
 * exactly and identically from run to run, and prints one line per window:
 *
 *   sigspace-icount window=<n> insn=<count>          (n = 1, 2, ... in execution order)
 *   sigspace-icount windows=<n> total=<all guest instructions of the run>   (at exit)
 *   sigspace-icount error=<what> ...                 (a marker out of order, a window left open)
 *
 * Arguments (-plugin lib.so,arg,...): start=0xADDR,stop=0xADDR name the markers' entry
 * addresses (e.g. from arm-none-eabi-nm); otherwise start_sym=NAME,stop_sym=NAME (default
 * bench_start, bench_stop) find them through QEMU's ELF symbol lookup. Output reaches stderr
 * only with -d plugin (or the -D file): qemu_plugin_outs writes to QEMU's log.
 *
 * A window's count is the number of instructions executed from the entry of bench_start up to,
 * not including, the entry of bench_stop: the markers' own few instructions and the call are
 * included, so a firmware measures an empty window once and subtracts it. Cortex-M boards have
 * one vCPU, so one counter serves; it is only touched from that vCPU's thread (and at exit). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_plugin_api.h"

SIGSPACE_PLUGIN_EXPORT int qemu_plugin_version = 1; /* the API this file was declared against */

struct marker {
  const char *symbol; /* looked up while its address is unknown */
  uint64_t addr;      /* entry address, Thumb bit cleared; 0 while unknown */
};

static struct marker start_marker = {"bench_start", 0};
static struct marker stop_marker = {"bench_stop", 0};
static uint64_t executed;      /* every guest instruction, by an inline add per instruction */
static uint64_t window_begin;  /* `executed` at the entry of the open window's bench_start */
static int window_open;
static unsigned windows;

static void out(const char *line) { qemu_plugin_outs(line); }

static void on_start(unsigned int vcpu, void *unused) {
  (void)vcpu, (void)unused;
  char line[96];
  if (window_open) { /* a figure spanning two windows would be wrong: say so, restart */
    snprintf(line, sizeof line, "sigspace-icount error=nested-start window=%u\n", windows + 1);
    out(line);
  }
  window_open = 1;
  window_begin = executed;
}

static void on_stop(unsigned int vcpu, void *unused) {
  (void)vcpu, (void)unused;
  char line[96];
  if (!window_open) {
    out("sigspace-icount error=stop-without-start\n");
    return;
  }
  window_open = 0;
  ++windows;
  snprintf(line, sizeof line, "sigspace-icount window=%u insn=%" PRIu64 "\n", windows,
           executed - window_begin);
  out(line);
}

/* In symbol mode the address is learnt from the first translated block that begins inside the
 * marker: markers are only ever entered by a call, and a call starts a new block at the entry,
 * which executes (and so is translated) before any later part of the function could be. */
static int is_marker(struct marker *m, const struct qemu_plugin_insn *insn, size_t index) {
  const uint64_t vaddr = qemu_plugin_insn_vaddr(insn);
  if (m->addr == 0 && index == 0) {
    const char *sym = qemu_plugin_insn_symbol(insn);
    if (sym != NULL && strcmp(sym, m->symbol) == 0) m->addr = vaddr;
  }
  return m->addr != 0 && vaddr == m->addr;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    /* Per instruction, not per block: a block left early (fault, semihosting call) would
     * otherwise count instructions that never ran. */
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
    if (is_marker(&start_marker, insn, i))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start, QEMU_PLUGIN_CB_NO_REGS, NULL);
    else if (is_marker(&stop_marker, insn, i))
      qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop, QEMU_PLUGIN_CB_NO_REGS, NULL);
  }
}

static void report_at_exit(qemu_plugin_id_t id, void *unused) {
  (void)id, (void)unused;
  char line[128];
  if (window_open) out("sigspace-icount error=unclosed-window\n");
  if (start_marker.addr == 0 || stop_marker.addr == 0) {
    snprintf(line, sizeof line, "sigspace-icount error=marker-not-found start=%s stop=%s\n",
             start_marker.addr ? "found" : start_marker.symbol,
             stop_marker.addr ? "found" : stop_marker.symbol);
    out(line);
  }
  snprintf(line, sizeof line, "sigspace-icount windows=%u total=%" PRIu64 "\n", windows, executed);
  out(line);
}

/* "key=value": sets *addr (an address, Thumb bit cleared) or *symbol; 0 on success. */
static int parse_arg(const char *arg) {
  static const struct { const char *key; struct marker *m; int is_addr; } keys[] = {
      {"start=", &start_marker, 1}, {"stop=", &stop_marker, 1},
      {"start_sym=", &start_marker, 0}, {"stop_sym=", &stop_marker, 0}};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; ++k) {
    const size_t len = strlen(keys[k].key);
    if (strncmp(arg, keys[k].key, len) != 0) continue;
    const char *value = arg + len;
    if (!keys[k].is_addr) {
      keys[k].m->symbol = value; /* argv outlives the plugin */
      return *value ? 0 : -1;
    }
    char *end = NULL;
    const uint64_t addr = strtoull(value, &end, 0) & ~(uint64_t)1;
    if (end == value || *end != '\0' || addr == 0) return -1;
    keys[k].m->addr = addr;
    return 0;
  }
  return -1;
}

SIGSPACE_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const struct qemu_info_t *info,
                                               int argc, char **argv) {
  (void)info;
  for (int i = 0; i < argc; ++i) {
    if (parse_arg(argv[i]) != 0) {
      fprintf(stderr, "sigspace-icount: bad argument '%s' (start=0xADDR stop=0xADDR "
                      "start_sym=NAME stop_sym=NAME)\n", argv[i]);
      return -1; /* QEMU refuses to start: better than a run with wrong windows */
    }
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, report_at_exit, NULL);
  return 0;
}
