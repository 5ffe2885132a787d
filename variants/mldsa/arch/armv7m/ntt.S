/* ML-DSA NTT and inverse NTT for Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33),
 * Thumb-2.
 *
 *   extern "C" void sigspace_mldsa_ntt_armv7m(int32_t* a, int base, int top,
 *                                             const int32_t* zetas);
 *   extern "C" void sigspace_mldsa_invntt_armv7m(int32_t* a, int base, int top,
 *                                                const int32_t* zetas);
 *
 * Drop-ins for ntt_layers / invntt_layers (variants/mldsa/common/ntt.cpp): FIPS 204
 * Algorithm 41, lines 5-17 (forward, layers len = top, ..., 1) and Algorithm 42, lines 5-18
 * (inverse, len = 1, ..., top) on the 2 top coefficients at a, which sit at position base of
 * the polynomial. zetas is the portable table (ntt_zetas(): zeta^BitRev8(m) * 2^32 mod q,
 * centered); this file has no copy of it. Shapes: top = 128 with base = 0 (a whole
 * polynomial) and top = 64 with base = 0 or 128 (a half, as the memory floor calls it); any
 * other top is outside the contract. Written from the specification for this project.
 *
 * Same values, not merely congruent ones. Every butterfly is the portable one with the same
 * 32-bit wrapping adds and the same signed Montgomery reduction (reduce.hpp on Arm):
 *   smull lo, hi, b, z ; mul t, lo, qinv ; smlal lo, hi, t, -q   -> hi = (b z - t q) / 2^32,
 * so each coefficient leaves with the representative ntt_layers / invntt_layers give it.
 *   Forward (Algorithm 41, lines 12-14), the product's high word t lands in b's register:
 *     b = mont(z b); a = a + b; b = a - 2 b            (= a_old - t; sub with lsl #1)
 *   Inverse (Algorithm 42, lines 12-15), with z = +zetas[m] where line 10 negates it:
 *     a = a + b; b = 2 b - a (= b_old - a_old); b = mont(z b)
 *   (-zeta)(a_old - b_old) and zeta (b_old - a_old) are the same 64-bit product, so the
 *   reduction sees the same input. Two temporaries: lo (r12) and t (lr, or the zeta's own
 *   register where the zeta serves one butterfly): smlal must add t (-q) to the product's
 *   own low word, whose carry into the high word is the point of the exact quotient.
 * The 32-bit adds wrap exactly where the portable code's do (it has no overflow on the inputs
 * it accepts: |a| < 2^31 - 9q forward, |a| < 2^(31 - layers) inverse, which include the
 * contract |a| < q), and a_old - t is reached as (a_old + t) - 2t modulo 2^32, the same word.
 * Only the order of independent butterflies changes: layers are merged, three on eight
 * coefficients held in r1-r8 (or two on four), so a coefficient is loaded and stored three
 * times per transform instead of once per layer.
 *
 * Passes, forward (the inverse runs them backwards: C, B, A, each layer order reversed):
 *   A  top = 128: len 128, 64, 32 on a[j + 32k], k = 0..7, j = 0..31 (zetas[1..7]).
 *      top = 64:  len 64, 32 on a[j + 32k], k = 0..3, j = 0..31; its three zetas
 *      (m0 = 2 + base/128: zetas[m0], zetas[2 m0], zetas[2 m0 + 1]) stay in r5-r7.
 *   B  len 16, 8, 4 on a[32 i + j + 4k], k = 0..7, j = 0..3, for each 32-block i
 *      (top/16 of them): zetas[m1], zetas[2 m1 .. 2 m1 + 1], zetas[4 m1 .. 4 m1 + 3] with
 *      m1 = 8 + base/32 + i (Algorithm 41 line 9 counting up; the inverse's m1 = 15 - base/32
 *      - i, Algorithm 42 line 9 counting down, uses the same seven zetas in mirror order).
 *   C  len 2, 1 on a[4g .. 4g + 3] (ldm/stm), zetas[64 + base/4 + g] and the pair
 *      zetas[128 + base/2 + 2g], +1 (ldrd), read through two pointers; two groups a loop.
 * Passes A (top = 128) and B copy their block's seven zetas to the stack once and reload
 * them from there (five loads per eight coefficients: the last layer's four zetas, each used
 * once, come in two ldrd). The registers are all taken, so the inner loops' ends live in
 * the frame too (ldr, cmp, bne an iteration).
 *
 * Constant-time: no branch or address depends on the coefficients; branches are the loops,
 * whose bounds depend on top only, and the choice of pass A by top (public).
 * Cost (results/kernels/mldsa-ntt-armv7m.md): 5 instructions a butterfly (5,120 of the
 * total for top = 128); the kernel alone is 7,152 instructions forward and 7,153 inverse for
 * top = 128, 3,207 and 3,209 for top = 64 (the portable code: about 17,000 and 7,800).
 * Stack: 48 bytes of saved registers (r0, r1, r3 so the arguments can be reloaded; r4-r11,
 * lr) + a 48-byte frame (the current block's 7 zetas, pass B's three zeta pointers, the end
 * of the coefficients, the end of the inner loop) = 96 bytes. Frame offsets below.
 * Registers: r0 the coefficient pointer (advancing); r1-r8 the eight coefficients (pass C:
 * r1-r4 the group, r5 its len-2 zeta, r6-r7 its len-1 zetas, r8-r9 the zeta pointers; pass
 * A for top = 64: r1-r4, zetas r5-r7, r8 the loop's end); r9 the current zeta; r10
 * q^-1 mod 2^32; r11 -q; r12 and lr the Montgomery temporaries.
 */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)

  .syntax unified
  .thumb

/* Frame (after push {r0, r1, r3-r11, lr} and sub sp, #FRAME). */
#define F_Z     0    /* 7 words: the block's zetas, slot k as listed for pass B */
#define F_P16   28   /* pass B: pointer to zetas[m1] (len 16 / first of the three layers) */
#define F_P8    32   /* pass B: pointer to zetas[2 m1] */
#define F_P4    36   /* pass B: pointer to zetas[4 m1] (forward) / zetas[4 m1 + 4] (inverse) */
#define F_END   40   /* a + 2 top coefficients */
#define F_LOOP  44   /* end of the current inner loop */
#define F_ARGS  48   /* saved r0, r1, r3: a, base, zetas */
#define FRAME   48

#define KQINV_LO 0x2001  /* q^-1 mod 2^32 = 58728449 = 0x03802001 */
#define KQINV_HI 0x0380
#define KMQ_LO   0x1FFF  /* -q mod 2^32 = -8380417 = 0xFF801FFF */
#define KMQ_HI   0xFF80

/* Montgomery product in place: b = (b z - t q) / 2^32, t = (b z) q^-1 mod 2^32 (reduce.hpp).
 * r12 holds the product's low word, lr t: smlal needs both (the carry out of the low word). */
  .macro MONT b, z
  smull r12, \b, \b, \z
  mul lr, r12, r10
  smlal r12, \b, lr, r11
  .endm

/* The same for a zeta used once: its register takes t (and is lost). */
  .macro MONTZ b, z
  smull r12, \b, \b, \z
  mul \z, r12, r10
  smlal r12, \b, \z, r11
  .endm

/* Cooley-Tukey butterfly, Algorithm 41 lines 12-14: t = mont(z b); b = a - t; a = a + t. */
  .macro CT a, b, z
  MONT \b, \z
  add \a, \a, \b
  sub \b, \a, \b, lsl #1
  .endm
  .macro CTZ a, b, z
  MONTZ \b, \z
  add \a, \a, \b
  sub \b, \a, \b, lsl #1
  .endm

/* Gentleman-Sande butterfly, Algorithm 42 lines 12-15, with z = +zetas[m]:
 * a = a + b; b = mont(z (b - a_old)) = mont(-z (a_old - b)). */
  .macro GS a, b, z
  add \a, \a, \b
  rsb \b, \a, \b, lsl #1
  MONT \b, \z
  .endm
  .macro GSZ a, b, z
  add \a, \a, \b
  rsb \b, \a, \b, lsl #1
  MONTZ \b, \z
  .endm

/* Eight coefficients r1-r8 from / to [r0 + k s], k = 0..7; the store advances r0 by one. */
  .macro LOAD8 s
  ldr r1, [r0]
  ldr r2, [r0, #\s]
  ldr r3, [r0, #2*\s]
  ldr r4, [r0, #3*\s]
  ldr r5, [r0, #4*\s]
  ldr r6, [r0, #5*\s]
  ldr r7, [r0, #6*\s]
  ldr r8, [r0, #7*\s]
  .endm
  .macro STORE8 s
  str r2, [r0, #\s]
  str r3, [r0, #2*\s]
  str r4, [r0, #3*\s]
  str r5, [r0, #4*\s]
  str r6, [r0, #5*\s]
  str r7, [r0, #6*\s]
  str r8, [r0, #7*\s]
  str r1, [r0], #4
  .endm

/* Three forward layers on r1-r8 (stride s bytes), zetas from the frame's slots 0-6. */
  .macro FWD3 s
  LOAD8 \s
  ldr r9, [sp, #F_Z + 0]        /* layer 1: (c0, c4) .. (c3, c7) */
  CT r1, r5, r9
  CT r2, r6, r9
  CT r3, r7, r9
  CT r4, r8, r9
  ldr r9, [sp, #F_Z + 4]        /* layer 2, first half: (c0, c2), (c1, c3) */
  CT r1, r3, r9
  CT r2, r4, r9
  ldr r9, [sp, #F_Z + 8]        /* second half: (c4, c6), (c5, c7) */
  CT r5, r7, r9
  CT r6, r8, r9
  ldrd r9, lr, [sp, #F_Z + 12]  /* layer 3: (c0, c1), (c2, c3), (c4, c5), (c6, c7), */
  CTZ r1, r2, r9                /* each zeta used once, so loaded in pairs */
  CTZ r3, r4, lr
  ldrd r9, lr, [sp, #F_Z + 20]
  CTZ r5, r6, r9
  CTZ r7, r8, lr
  STORE8 \s
  .endm

/* The same three layers inverted (Algorithm 42 order: the smallest len first; within a
 * layer the blocks count m down, so slot 6 serves the first pair). */
  .macro INV3 s
  LOAD8 \s
  ldrd r9, lr, [sp, #F_Z + 20]  /* layer 1: (c0, c1), (c2, c3), (c4, c5), (c6, c7), */
  GSZ r1, r2, lr                /* each zeta used once, so loaded in pairs */
  GSZ r3, r4, r9
  ldrd r9, lr, [sp, #F_Z + 12]
  GSZ r5, r6, lr
  GSZ r7, r8, r9
  ldr r9, [sp, #F_Z + 8]        /* layer 2: (c0, c2), (c1, c3) */
  GS r1, r3, r9
  GS r2, r4, r9
  ldr r9, [sp, #F_Z + 4]        /* (c4, c6), (c5, c7) */
  GS r5, r7, r9
  GS r6, r8, r9
  ldr r9, [sp, #F_Z + 0]        /* layer 3: (c0, c4) .. (c3, c7) */
  GS r1, r5, r9
  GS r2, r6, r9
  GS r3, r7, r9
  GS r4, r8, r9
  STORE8 \s
  .endm

/* Four coefficients r1-r4 at [r0 + 128 k], k = 0..3 (pass A for top = 64). */
  .macro LOAD4
  ldr r1, [r0]
  ldr r2, [r0, #128]
  ldr r3, [r0, #256]
  ldr r4, [r0, #384]
  .endm
  .macro STORE4
  str r2, [r0, #128]
  str r3, [r0, #256]
  str r4, [r0, #384]
  str r1, [r0], #4
  .endm

/* Pass C, one group of four consecutive coefficients; r8 and r9 walk the zetas. */
  .macro FWD_C
  ldm r0, {r1-r4}
  ldr r5, [r8], #4              /* len 2: zetas[64 + base/4 + g] */
  ldrd r6, r7, [r9], #8         /* len 1: zetas[128 + base/2 + 2g], +1 */
  CT r1, r3, r5
  CT r2, r4, r5
  CT r1, r2, r6
  CT r3, r4, r7
  stm r0!, {r1-r4}
  .endm
  .macro INV_C
  ldm r0, {r1-r4}
  ldrd r6, r7, [r9], #-8        /* len 1: zetas[254 - base/2 - 2g], +1 */
  ldr r5, [r8], #-4             /* len 2: zetas[127 - base/4 - g] */
  GS r1, r2, r7
  GS r3, r4, r6
  GS r1, r3, r5
  GS r2, r4, r5
  stm r0!, {r1-r4}
  .endm

/* Common entry: save, frame, constants. */
  .macro ENTER
  push {r0, r1, r3-r11, lr}
  sub sp, sp, #FRAME
  movw r10, #KQINV_LO
  movt r10, #KQINV_HI
  movw r11, #KMQ_LO
  movt r11, #KMQ_HI
  .endm
  .macro LEAVE
  add sp, sp, #FRAME + 12       /* the frame and the saved r0, r1, r3 */
  pop {r4-r11, pc}
  .endm

/* ---- forward: Algorithm 41, lines 5-17 ---- */

  .section .text.sigspace_mldsa_ntt_armv7m, "ax", %progbits
  .global sigspace_mldsa_ntt_armv7m
  .type sigspace_mldsa_ntt_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_mldsa_ntt_armv7m:
  ENTER
  /* Pass B's zeta pointers, m1 = 8 + base/32 (line 9 for len 16), and the end. */
  add r4, r3, r1, lsr #3
  add r4, r4, #32               /* &zetas[m1] */
  add r5, r3, r1, lsr #2
  add r5, r5, #64               /* &zetas[2 m1] */
  add r6, r3, r1, lsr #1
  add r6, r6, #128              /* &zetas[4 m1] */
  add r7, r0, r2, lsl #3        /* a + 2 top */
  add r12, sp, #F_P16
  stm r12, {r4-r7}
  cmp r2, #128
  bne .Lntt_a64

  /* Pass A, top = 128: len 128, 64, 32 with zetas[1], zetas[2..3], zetas[4..7]. */
  add r12, r3, #4
  ldm r12, {r1-r7}
  stm sp, {r1-r7}
  add r1, r0, #128
  str r1, [sp, #F_LOOP]
.Lntt_a128:
  FWD3 128
  ldr r1, [sp, #F_LOOP]
  cmp r0, r1
  bne .Lntt_a128
  b .Lntt_b

  /* Pass A, top = 64: len 64 with zetas[m0], len 32 with zetas[2 m0], zetas[2 m0 + 1],
   * m0 = 2 + base/128 (lines 9-10). */
.Lntt_a64:
  add r12, r3, r1, lsr #5
  ldr r5, [r12, #8]
  add r12, r3, r1, lsr #4
  ldrd r6, r7, [r12, #16]
  add r8, r0, #128
.Lntt_a64_loop:
  LOAD4
  CT r1, r3, r5
  CT r2, r4, r5
  CT r1, r2, r6
  CT r3, r4, r7
  STORE4
  cmp r0, r8
  bne .Lntt_a64_loop

  /* Pass B: len 16, 8, 4, one 32-coefficient block after the other. */
.Lntt_b:
  sub r0, r0, #128              /* both passes A advanced a by 32 coefficients */
.Lntt_b_block:
  add r12, sp, #F_P16
  ldm r12, {r1-r3}
  ldr r4, [r1], #4              /* zetas[m1] */
  ldrd r5, r6, [r2], #8         /* zetas[2 m1], zetas[2 m1 + 1] */
  ldm r3!, {r7-r9, r12}         /* zetas[4 m1 .. 4 m1 + 3] */
  stm sp, {r4-r9, r12}
  add r12, sp, #F_P16
  stm r12, {r1-r3}
  add r1, r0, #16
  str r1, [sp, #F_LOOP]
.Lntt_b_loop:
  FWD3 16
  ldr r1, [sp, #F_LOOP]
  cmp r0, r1
  bne .Lntt_b_loop
  add r0, r0, #112              /* the next block */
  ldr r1, [sp, #F_END]
  cmp r0, r1
  bne .Lntt_b_block

  /* Pass C: len 2, 1 (zeta pointers from m = 64 + base/4 and m = 128 + base/2). */
  add r12, sp, #F_ARGS
  ldm r12, {r0, r1, r3}
  add r8, r3, r1
  add r8, r8, #256
  add r9, r3, r1, lsl #1
  add r9, r9, #512
.Lntt_c:
  FWD_C
  FWD_C
  ldr r1, [sp, #F_END]
  cmp r0, r1
  bne .Lntt_c
  LEAVE
  .size sigspace_mldsa_ntt_armv7m, . - sigspace_mldsa_ntt_armv7m

/* ---- inverse: Algorithm 42, lines 5-18 ---- */

  .section .text.sigspace_mldsa_invntt_armv7m, "ax", %progbits
  .global sigspace_mldsa_invntt_armv7m
  .type sigspace_mldsa_invntt_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_mldsa_invntt_armv7m:
  ENTER
  /* Pass B's zeta pointers, M1 = 15 - base/32 (line 9 for len 16), and the end. */
  sub r4, r3, r1, lsr #3
  add r4, r4, #60               /* &zetas[M1] */
  sub r5, r3, r1, lsr #2
  add r5, r5, #120              /* &zetas[2 M1] */
  sub r6, r3, r1, lsr #1
  add r6, r6, #256              /* &zetas[4 M1 + 4] */
  add r7, r0, r2, lsl #3        /* a + 2 top */
  add r12, sp, #F_P16
  stm r12, {r4-r7}

  /* Pass C: len 1, 2 (zeta pointers from m = 254 - base/2 and m = 127 - base/4). */
  sub r8, r3, r1
  add r8, r8, #508
  sub r9, r3, r1, lsl #1
  add r9, r9, #1016
.Linv_c:
  INV_C
  INV_C
  ldr r1, [sp, #F_END]
  cmp r0, r1
  bne .Linv_c

  /* Pass B: len 4, 8, 16, block after block. */
  ldr r0, [sp, #F_ARGS]
.Linv_b_block:
  add r12, sp, #F_P16
  ldm r12, {r1-r3}
  ldr r4, [r1], #-4             /* zetas[M1] */
  ldrd r5, r6, [r2], #-8        /* zetas[2 M1], zetas[2 M1 + 1] */
  ldmdb r3!, {r7-r9, r12}       /* zetas[4 M1 .. 4 M1 + 3] */
  stm sp, {r4-r9, r12}
  add r12, sp, #F_P16
  stm r12, {r1-r3}
  add r1, r0, #16
  str r1, [sp, #F_LOOP]
.Linv_b_loop:
  INV3 16
  ldr r1, [sp, #F_LOOP]
  cmp r0, r1
  bne .Linv_b_loop
  add r0, r0, #112
  ldr r1, [sp, #F_END]
  cmp r0, r1
  bne .Linv_b_block

  /* Pass A. */
  add r12, sp, #F_ARGS
  ldm r12, {r0, r1, r3}
  ldr r2, [sp, #F_END]
  sub r2, r2, r0                /* 2 top coefficients: 1024 bytes for top = 128 */
  cmp r2, #1024
  bne .Linv_a64

  /* top = 128: len 32, 64, 128 with zetas[7..4], zetas[3..2], zetas[1]. */
  add r12, r3, #4
  ldm r12, {r1-r7}
  stm sp, {r1-r7}
  add r1, r0, #128
  str r1, [sp, #F_LOOP]
.Linv_a128:
  INV3 128
  ldr r1, [sp, #F_LOOP]
  cmp r0, r1
  bne .Linv_a128
  LEAVE

  /* top = 64: len 32 with zetas[2 M0 + 1], zetas[2 M0], len 64 with zetas[M0],
   * M0 = 3 - base/128. */
.Linv_a64:
  sub r12, r3, r1, lsr #5
  ldr r5, [r12, #12]
  sub r12, r3, r1, lsr #4
  ldrd r6, r7, [r12, #24]
  add r8, r0, #128
.Linv_a64_loop:
  LOAD4
  GS r1, r2, r7
  GS r3, r4, r6
  GS r1, r3, r5
  GS r2, r4, r5
  STORE4
  cmp r0, r8
  bne .Linv_a64_loop
  LEAVE
  .size sigspace_mldsa_invntt_armv7m, . - sigspace_mldsa_invntt_armv7m

#endif
