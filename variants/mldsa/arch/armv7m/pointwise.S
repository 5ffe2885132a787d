/* ML-DSA products in T_q for Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33), Thumb-2:
 *
 *   extern "C" void sigspace_mldsa_pointwise_armv7m(int32_t* c, const int32_t* a,
 *                                                   const int32_t* b);
 *   extern "C" void sigspace_mldsa_row_times_armv7m(int32_t* w, const int32_t* a,
 *                                                   const int32_t* v, int n);
 *
 * pointwise: c_i = mont(a_i b_i) for i < 256, FIPS 204 Algorithm 45 (MultiplyNTT) with the
 * product reduced as montgomery_reduce does (reduce.hpp): the drop-in for poly_pointwise
 * (common/poly.cpp). c may be a or b: each group of four is read before it is written.
 * row_times: w_i = mont(sum_{j < n} a_j,i v_j,i) for i < 256, the polynomials a_j and v_j
 * 1024 bytes apart: one row of Algorithm 48 (MatrixVectorNTT) with one reduction a
 * coefficient, the drop-in for row_times_lazy (common/ntt_merged.cpp; lazy-accumulate): the
 * same signed 64-bit sum (smlal), then the same reduction. Written from the specification
 * for this project.
 *
 * mont(x) = (x - t q) / 2^32 with t = x q^-1 mod 2^32, as smull/smlal give it (reduce.hpp):
 *   mul t, lo, qinv ; smlal lo, hi, t, -q   -> hi
 * so each coefficient is the representative the portable code gives it.
 * Constant-time: no branch or address depends on the coefficients; the loops' bounds are the
 * polynomial length and n (public).
 * Cost: pointwise 4.5 instructions a coefficient (ldm/stm of four); row_times 4 a term for
 * two coefficients at once (ldrd of a pair of each operand, two smlal, the two strides, the
 * loop) plus about 9 a coefficient for the sums' set-up and reduction.
 * Stack: pointwise 36 bytes of saved registers (r4-r11, lr) and 4 for the end of a; row_times
 * the same 36 and 12 for q's constants and the end of w.
 */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)

  .syntax unified
  .thumb
  .text

/* a = mont(a b): b's register, once read, takes the product's low word, r3 takes t. */
  .macro MONTMUL a, b
  smull \b, \a, \a, \b
  mul r3, \b, r12
  smlal \b, \a, r3, lr
  .endm

  .global sigspace_mldsa_pointwise_armv7m
  .type sigspace_mldsa_pointwise_armv7m, %function
  .align 2
/* r0 c, r1 a, r2 b (advancing), r4-r7 four of a, r8-r11 four of b, r12 q^-1, lr -q, r3 t;
 * [sp] the end of a. */
sigspace_mldsa_pointwise_armv7m:
  push {r4-r11, lr}
  add r3, r1, #1024
  push {r3}
  movw r12, #0x2001            /* q^-1 mod 2^32 = 0x03802001 */
  movt r12, #0x0380
  movw lr, #0x1FFF             /* -q = 0xFF801FFF */
  movt lr, #0xFF80
1:
  ldm r1!, {r4-r7}             /* a_i .. a_i+3 */
  ldm r2!, {r8-r11}            /* b_i .. b_i+3 */
  MONTMUL r4, r8
  MONTMUL r5, r9
  MONTMUL r6, r10
  MONTMUL r7, r11
  stm r0!, {r4-r7}
  ldr r3, [sp]
  cmp r1, r3
  bne 1b
  add sp, #4
  pop {r4-r11, pc}
  .size sigspace_mldsa_pointwise_armv7m, .-sigspace_mldsa_pointwise_armv7m

  .global sigspace_mldsa_row_times_armv7m
  .type sigspace_mldsa_row_times_armv7m, %function
  .align 2
/* r0 w (advancing), r1 &a_j,i (r1 + n 1024 ends a term loop), r2 &v_j,i, r3 the term loop's
 * end, r4:r5 and r6:r7 the two coefficients' sums (lo:hi), r8-r11 a pair of a and of v,
 * r12 scratch, lr n 1024. [sp] q^-1, [sp, #4] -q. */
sigspace_mldsa_row_times_armv7m:
  push {r4-r11, lr}
  sub sp, #8
  movw r12, #0x2001
  movt r12, #0x0380
  str r12, [sp]
  movw r12, #0x1FFF
  movt r12, #0xFF80
  str r12, [sp, #4]
  lsl lr, r3, #10              /* n 1024: the bytes from a_0 to a_n */
  add r12, r0, #1024
  push {r12}                   /* the end of w; [sp, #4] q^-1, [sp, #8] -q */
1:
  movs r4, #0
  movs r5, #0
  movs r6, #0
  movs r7, #0
  add r3, r1, lr
2:
  ldrd r8, r9, [r1]
  ldrd r10, r11, [r2]
  smlal r4, r5, r8, r10
  smlal r6, r7, r9, r11
  add r1, r1, #1024
  add r2, r2, #1024
  cmp r1, r3
  bne 2b
  sub r1, r1, lr               /* back to a_0, v_0, two coefficients on */
  add r1, r1, #8
  sub r2, r2, lr
  add r2, r2, #8
  ldrd r10, r11, [sp, #4]      /* q^-1, -q */
  mul r8, r4, r10
  smlal r4, r5, r8, r11
  mul r8, r6, r10
  smlal r6, r7, r8, r11
  strd r5, r7, [r0], #8
  ldr r12, [sp]
  cmp r0, r12
  bne 1b
  add sp, #12
  pop {r4-r11, pc}
  .size sigspace_mldsa_row_times_armv7m, .-sigspace_mldsa_row_times_armv7m

#endif
