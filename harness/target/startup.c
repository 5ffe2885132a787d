/* Reset and vector table of every firmware image (Cortex-M4 mps2-an386, Cortex-M33
 * mps2-an505). The linker script provides the symbols; newlib's rdimon provides semihosting
 * I/O, so printf and exit(code) reach the host through QEMU. */
#include <stdint.h>
#include <stdlib.h>

extern uint32_t __data_start__[], __data_end__[], __data_load__[];
extern uint32_t __bss_start__[], __bss_end__[];
extern uint32_t __StackTop[], __StackLimit[];

extern int main(void);
extern void initialise_monitor_handles(void);
extern void __libc_init_array(void);
extern void sigspace_fault_entry(void);

#define SCB_CPACR (*(volatile uint32_t *)0xE000ED88u)
#define SCB_SHCSR (*(volatile uint32_t *)0xE000ED24u)

/* -nostartfiles drops crti/crtn and crtbegin: __libc_init_array still calls _init, and
 * C++ objects with static storage need __dso_handle for __cxa_atexit. */
void _init(void) {}
void _fini(void) {}
void *__dso_handle = 0;

void Reset_Handler(void) __attribute__((noreturn));
void Reset_Handler(void) {
  /* First, before any compiled code may use an FP register (full access, CP10 and CP11). */
  SCB_CPACR |= 0xFu << 20;
  __asm volatile("dsb\n isb" ::: "memory");

  for (uint32_t *src = __data_load__, *dst = __data_start__; dst < __data_end__;) *dst++ = *src++;
  for (uint32_t *dst = __bss_start__; dst < __bss_end__;) *dst++ = 0;

#if defined(__ARM_ARCH_8M_MAIN__)
  /* ARMv8-M checks the stack limit in hardware: an overflow into the heap faults (238)
   * instead of silently corrupting it, so a board figure can never come from a broken run. */
  __asm volatile("msr msplim, %0" : : "r"(__StackLimit));
#endif
  /* Report MemManage, BusFault and UsageFault (and SecureFault on v8-M) by name instead of
   * escalating everything to HardFault. */
#if defined(__ARM_ARCH_8M_MAIN__)
  SCB_SHCSR |= (1u << 16) | (1u << 17) | (1u << 18) | (1u << 19);
#else
  SCB_SHCSR |= (1u << 16) | (1u << 17) | (1u << 18);
#endif

  initialise_monitor_handles();
  __libc_init_array();
  exit(main());
}

/* Only the 16 system entries: no peripheral interrupt is ever enabled. */
__attribute__((section(".isr_vector"), used)) static void (*const vector_table[16])(void) = {
    (void (*)(void))__StackTop, /* 0: initial MSP */
    Reset_Handler,              /* 1 */
    sigspace_fault_entry,       /* 2: NMI */
    sigspace_fault_entry,       /* 3: HardFault */
    sigspace_fault_entry,       /* 4: MemManage */
    sigspace_fault_entry,       /* 5: BusFault */
    sigspace_fault_entry,       /* 6: UsageFault */
    sigspace_fault_entry,       /* 7: SecureFault (v8-M) */
    0, 0, 0,
    sigspace_fault_entry,       /* 11: SVCall */
    sigspace_fault_entry,       /* 12: DebugMonitor */
    0,
    sigspace_fault_entry,       /* 14: PendSV */
    sigspace_fault_entry,       /* 15: SysTick (never enabled) */
};
