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
 * one vCPU, so one counter serves; it is only touched from that vCPU's thread (and at exit).
 *
 * Profile mode (argument profile=FILE; FILE must not contain a comma): the same windows,
 * broken down by code block. Every instruction also adds 1 to the counter of its block: the
 * translation block it belongs to, or, where a block runs from one function into another (by
 * QEMU's ELF symbol lookup), the part of it inside one function. A block's counter is keyed by
 * the address of its first instruction, so a retranslated block keeps its counter. The counters
 * are read at each window's start and stop (the same callbacks that delimit the window count),
 * and at exit FILE holds one text line per (window, block) with a nonzero count:
 *
 *   <window> 0x<block address, hex> <instructions>     (ordered by window, then address)
 *
 * Both counters are incremented by inline adds on the same instructions, so a window's lines
 * sum to its insn= count exactly; a difference (which would be a bug) is reported as
 * "sigspace-icount error=profile-mismatch". The counting output is the same with or without
 * profile mode. */
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

/* ---- profile mode: per-block counters, only read at window boundaries ---- */

struct block {
  uint64_t pc;    /* first instruction of the block */
  uint64_t count; /* instructions executed in it since the start of the run (inline add) */
  uint64_t base;  /* `count` at the start of the open window */
};

enum { BLOCKS_PER_CHUNK = 4096 };
struct chunk { /* blocks never move: the inline adds hold their counters' addresses */
  struct block b[BLOCKS_PER_CHUNK];
};

struct sample {
  unsigned window;
  uint64_t pc, count;
};

static const char *profile_path; /* NULL: profile mode off */
static FILE *profile_file;       /* opened at install, so a bad path stops QEMU at once */
static struct chunk **chunks;    /* block i is chunks[i / BLOCKS_PER_CHUNK]->b[i % ...] */
static size_t n_blocks, n_chunks;
static struct block **table; /* open addressing by pc, size a power of two */
static size_t table_size;
static struct sample *samples; /* closed windows' nonzero blocks, in window order */
static size_t n_samples, samples_cap;
static int profile_failed; /* out of memory: the profile is incomplete and is not written */

static void out(const char *line) { qemu_plugin_outs(line); }

static size_t slot_of(uint64_t pc, size_t size) {
  return (size_t)((pc >> 1) * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (size - 1);
}

static int table_grow(void) {
  const size_t size = table_size ? 2 * table_size : 8192;
  struct block **t = calloc(size, sizeof *t);
  if (t == NULL) return -1;
  for (size_t i = 0; i < table_size; ++i) {
    if (table[i] == NULL) continue;
    size_t s = slot_of(table[i]->pc, size);
    while (t[s] != NULL) s = (s + 1) & (size - 1);
    t[s] = table[i];
  }
  free(table);
  table = t;
  table_size = size;
  return 0;
}

static struct block *block_number(size_t i) {
  return &chunks[i / BLOCKS_PER_CHUNK]->b[i % BLOCKS_PER_CHUNK];
}

/* The counter of the block starting at pc, created on first use; NULL if out of memory. */
static struct block *block_at(uint64_t pc) {
  if (2 * (n_blocks + 1) > table_size && table_grow() != 0) return NULL;
  size_t s = slot_of(pc, table_size);
  while (table[s] != NULL) {
    if (table[s]->pc == pc) return table[s];
    s = (s + 1) & (table_size - 1);
  }
  if (n_blocks == n_chunks * BLOCKS_PER_CHUNK) {
    struct chunk **list = realloc(chunks, (n_chunks + 1) * sizeof *list);
    if (list == NULL) return NULL;
    chunks = list;
    if ((chunks[n_chunks] = calloc(1, sizeof **chunks)) == NULL) return NULL;
    ++n_chunks;
  }
  struct block *b = block_number(n_blocks++);
  b->pc = pc; /* count = base = 0: also right for a block first made inside a window */
  table[s] = b;
  return b;
}

static void profile_window_start(void) {
  for (size_t i = 0; i < n_blocks; ++i) {
    struct block *b = block_number(i);
    b->base = b->count;
  }
}

static void profile_window_stop(unsigned window, uint64_t window_count) {
  uint64_t sum = 0;
  for (size_t i = 0; i < n_blocks; ++i) {
    const struct block *b = block_number(i);
    const uint64_t n = b->count - b->base;
    if (n == 0) continue;
    sum += n;
    if (n_samples == samples_cap) {
      const size_t cap = samples_cap ? 2 * samples_cap : 65536;
      struct sample *s = realloc(samples, cap * sizeof *s);
      if (s == NULL) {
        profile_failed = 1;
        return;
      }
      samples = s;
      samples_cap = cap;
    }
    samples[n_samples++] = (struct sample){window, b->pc, n};
  }
  if (sum != window_count) {
    char line[160];
    snprintf(line, sizeof line, "sigspace-icount error=profile-mismatch window=%u insn=%" PRIu64
             " blocks=%" PRIu64 "\n", window, window_count, sum);
    out(line);
  }
}

static int by_window_then_pc(const void *a, const void *b) {
  const struct sample *x = a, *y = b;
  if (x->window != y->window) return x->window < y->window ? -1 : 1;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

static void profile_write(void) {
  char line[160];
  if (profile_failed) {
    out("sigspace-icount error=profile-out-of-memory\n");
    fclose(profile_file);
    return;
  }
  qsort(samples, n_samples, sizeof *samples, by_window_then_pc);
  for (size_t i = 0; i < n_samples; ++i)
    fprintf(profile_file, "%u 0x%" PRIx64 " %" PRIu64 "\n", samples[i].window, samples[i].pc,
            samples[i].count);
  if (fclose(profile_file) != 0) {
    snprintf(line, sizeof line, "sigspace-icount error=profile-write file=%s\n", profile_path);
    out(line);
  }
}

/* ---- windows ---- */

static void on_start(unsigned int vcpu, void *unused) {
  (void)vcpu, (void)unused;
  char line[96];
  if (window_open) { /* a figure spanning two windows would be wrong: say so, restart */
    snprintf(line, sizeof line, "sigspace-icount error=nested-start window=%u\n", windows + 1);
    out(line);
  }
  window_open = 1;
  window_begin = executed;
  if (profile_path != NULL) profile_window_start();
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
  if (profile_path != NULL) profile_window_stop(windows, executed - window_begin);
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

static int same_symbol(const char *a, const char *b) {
  return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  struct block *block = NULL;
  const char *block_symbol = NULL;
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    /* Per instruction, not per block: a block left early (fault, semihosting call) would
     * otherwise count instructions that never ran. */
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
    if (profile_path != NULL && !profile_failed) {
      const char *sym = qemu_plugin_insn_symbol(insn);
      if (i == 0 || !same_symbol(sym, block_symbol)) {
        block = block_at(qemu_plugin_insn_vaddr(insn));
        block_symbol = sym;
      }
      if (block == NULL)
        profile_failed = 1;
      else
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                   &block->count, 1);
    }
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
  if (profile_path != NULL) profile_write();
}

/* "key=value": sets *addr (an address, Thumb bit cleared) or *symbol; 0 on success. */
static int parse_arg(const char *arg) {
  static const struct { const char *key; struct marker *m; int is_addr; } keys[] = {
      {"start=", &start_marker, 1}, {"stop=", &stop_marker, 1},
      {"start_sym=", &start_marker, 0}, {"stop_sym=", &stop_marker, 0}};
  if (strncmp(arg, "profile=", 8) == 0) {
    profile_path = arg + 8; /* argv outlives the plugin */
    return *profile_path ? 0 : -1;
  }
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
                      "start_sym=NAME stop_sym=NAME profile=FILE)\n", argv[i]);
      return -1; /* QEMU refuses to start: better than a run with wrong windows */
    }
  }
  if (profile_path != NULL && (profile_file = fopen(profile_path, "w")) == NULL) {
    fprintf(stderr, "sigspace-icount: cannot write the profile file '%s'\n", profile_path);
    return -1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, report_at_exit, NULL);
  return 0;
}
