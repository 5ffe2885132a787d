/* Every unexpected exception ends the run with exit code 238 and one line naming the fault,
 * so CTest and the campaign runner see a failure, never a hang or a silent wrong figure.
 * It writes through raw semihosting, not printf: the fault may have hit inside newlib. */
#include <stdint.h>

#define SIGSPACE_FAULT_EXIT 238

#define SCB_CFSR (*(volatile uint32_t *)0xE000ED28u)
#define SCB_HFSR (*(volatile uint32_t *)0xE000ED2Cu)
#define SCB_BFAR (*(volatile uint32_t *)0xE000ED38u)

static uint32_t semihost(uint32_t op, const void *arg) {
  register uint32_t r0 __asm("r0") = op;
  register const void *r1 __asm("r1") = arg;
  __asm volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

static void put(const char *s) { (void)semihost(0x04 /* SYS_WRITE0 */, s); }

static void put_hex(const char *label, uint32_t v) {
  char buf[12] = {' ', '0', 'x'};
  for (int i = 0; i < 8; ++i) buf[3 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xFu];
  buf[11] = 0;
  put(label);
  put(buf);
}

/* frame: the exception frame the core stacked (r0-r3, r12, lr, pc, xpsr). */
void sigspace_fault_report(const uint32_t *frame, uint32_t ipsr) __attribute__((noreturn, used));
void sigspace_fault_report(const uint32_t *frame, uint32_t ipsr) {
  static const char *const names[16] = {"?", "Reset", "NMI", "HardFault", "MemManage",
                                        "BusFault", "UsageFault", "SecureFault", "?", "?",
                                        "?", "SVCall", "DebugMonitor", "?", "PendSV", "SysTick"};
  put("\nsigspace: ");
  put(ipsr < 16 ? names[ipsr] : "IRQ");
  put_hex(" CFSR", SCB_CFSR);
  put_hex(" HFSR", SCB_HFSR);
  put_hex(" BFAR", SCB_BFAR);
  put_hex(" PC", frame[6]);
  put_hex(" LR", frame[5]);
  put("\n");
  const uint32_t block[2] = {0x20026u /* ADP_Stopped_ApplicationExit */, SIGSPACE_FAULT_EXIT};
  for (;;) (void)semihost(0x20 /* SYS_EXIT_EXTENDED */, block);
}

/* Naked, so the stacked frame is found before any prologue moves SP. On v8-M the stack limit
 * is lifted first: after a stack overflow the report itself needs a few words below it. */
__attribute__((naked)) void sigspace_fault_entry(void) {
  __asm volatile(
#if defined(__ARM_ARCH_8M_MAIN__)
      "movs r0, #0\n"
      "msr msplim, r0\n"
#endif
      "mrs r0, msp\n"
      "mrs r1, ipsr\n"
      "b sigspace_fault_report\n");
}
