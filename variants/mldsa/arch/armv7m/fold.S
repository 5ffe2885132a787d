/* The memory floor's A_hat product step for Armv7E-M (Cortex-M4) and Armv8-M Mainline
 * (Cortex-M33), Thumb-2:
 *
 *   extern "C" void sigspace_mldsa_fold_armv7m(uint8_t* row, const int32_t* b,
 *                                              const uint32_t* a, int j, int n);
 *
 * For t = 0 .. n-1, with m = j + t: row_m = (row_m + mont(a_t b_m)) mod q, where row_m is the
 * 23-bit field m of the packed row (bits 23 m .. 23 m + 22, little-endian; Fields<23> in
 * common/bits.hpp), a_t < q are accepted candidates of RejNTTPoly (FIPS 204 Algorithm 30,
 * lines 6-9) and b_m the NTT of the column's y (b[m] indexed from the row's coefficient 0,
 * so the caller passes its half's base pointer minus 128 for the second half). That is one
 * step of Algorithm 48, line 4 (w_hat += A_hat[r][s] o y_hat[s]) with the product of
 * Algorithm 45 reduced as montgomery_reduce does (reduce.hpp) and stored in [0, q) as
 * memory_floor::acc_matrix_entry's portable loop stores it. Requires j + n <= 256 and rows
 * with 3 bytes of slack after the last field (Fields' contract). Written from the
 * specification for this project.
 *
 * Same values: mont() is the same smull / mul / smlal sequence (hi = (a b - t q) / 2^32 with
 * t = a b q^-1 mod 2^32), in (-q, q); the sum s = row_m + mont lies in (-q, 2q), and two
 * masked corrections (s += q if s < 0; s -= q, then += q if that went negative) give its
 * representative in [0, q), the one freeze() gives. The field is replaced by xoring
 * (old ^ new) << shift into its word: the other bits of the word are unchanged.
 *
 * Constant-time: no branch or address depends on a row value or on b; the addresses depend on
 * m (public), the loop bound on n (how many candidates were accepted: a function of rho,
 * which is public). Unaligned word access (ldr/str) to the row, as the portable code's memcpy.
 * Cost: 23 instructions a coefficient (the portable loop: about 38 on the M4).
 * Stack: 36 bytes (r4-r11, lr).
 *
 * Registers: r0 row, r1 &b[m] (advancing), r2 &a[t] (advancing), r3 23 m (the field's bit),
 * r4 &a[n], r5 -q, r6 q^-1 mod 2^32, r7-r12 and lr temporaries.
 */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)

  .syntax unified
  .thumb
  .text

  .global sigspace_mldsa_fold_armv7m
  .type sigspace_mldsa_fold_armv7m, %function
  .align 2
sigspace_mldsa_fold_armv7m:
  push {r4-r11, lr}
  ldr r4, [sp, #36]            /* n (fifth argument) */
  cmp r4, #0
  beq 2f
  add r4, r2, r4, lsl #2       /* &a[n] */
  add r1, r1, r3, lsl #2       /* &b[j] */
  add r7, r3, r3, lsl #1
  rsb r3, r3, r7, lsl #3       /* 23 j */
  movw r5, #0x1FFF             /* -q = 0xFF801FFF */
  movt r5, #0xFF80
  movw r6, #0x2001             /* q^-1 mod 2^32 = 0x03802001 */
  movt r6, #0x0380
1:
  ldr r7, [r2], #4             /* a_t */
  ldr r8, [r1], #4             /* b_m */
  smull r9, r10, r7, r8        /* mont(a_t b_m) -> r10 */
  mul r8, r9, r6
  smlal r9, r10, r8, r5
  and r11, r3, #7              /* the field's shift within its word */
  add r7, r0, r3, lsr #3       /* the field's first byte */
  ldr r8, [r7]
  lsr r9, r8, r11
  ubfx r9, r9, #0, #23         /* row_m */
  add r12, r9, r10             /* s in (-q, 2q) */
  and lr, r5, r12, asr #31     /* s < 0: s += q */
  sub r12, r12, lr
  add r12, r12, r5             /* s -= q; if negative, += q */
  and lr, r5, r12, asr #31
  sub r12, r12, lr
  eor r9, r9, r12              /* the field becomes s */
  lsl r9, r9, r11
  eor r8, r8, r9
  str r8, [r7]
  add r3, r3, #23
  cmp r2, r4
  bne 1b
2:
  pop {r4-r11, pc}
  .size sigspace_mldsa_fold_armv7m, .-sigspace_mldsa_fold_armv7m

/*   extern "C" int sigspace_mldsa_fold_lanes_armv7m(uint8_t* row, const int32_t* b,
 *                                                   const uint8_t* w, int j);
 *
 * The same step fused with the sampler's acceptance (Algorithm 30, lines 6-9): the eight
 * candidates of the 24 bytes at w (three lanes of SHAKE128's output; 3-byte groups, the top
 * bit of each cleared, Algorithm 14) are taken in order, each one below q folded into field j
 * (j then advancing); returns the new j. The caller makes sure j + 8 stays within one half of
 * b's 128 coefficients (no switch of b, no end of the row inside); w must be readable one byte
 * past its 24. Rejection is a branch on the candidate, which is public (rho is). Cost: 26
 * instructions an accepted coefficient, 4 a rejected one, plus 19 a call.
 * Registers: r0 row, r1 b, r2 w, r3 j, r4 -q, r5 q^-1, r6-r12 and lr temporaries. */
  .macro FOLD_CANDIDATE off
  ldr r7, [r2, #\off]
  ubfx r7, r7, #0, #23         /* Algorithm 14: b0 + 256 b1 + 65536 (b2 mod 128) */
  cmn r7, r4                   /* c - q */
  bpl 1f                       /* c >= q: rejected */
  ldr r8, [r1, r3, lsl #2]
  smull r9, r10, r7, r8
  mul r8, r9, r5
  smlal r9, r10, r8, r4        /* mont(c b_j) */
  add r7, r3, r3, lsl #1
  rsb r7, r3, r7, lsl #3       /* 23 j */
  and r11, r7, #7
  add r7, r0, r7, lsr #3
  ldr r8, [r7]
  lsr r9, r8, r11
  ubfx r9, r9, #0, #23
  add r12, r9, r10
  and lr, r4, r12, asr #31
  sub r12, r12, lr
  add r12, r12, r4
  and lr, r4, r12, asr #31
  sub r12, r12, lr
  eor r9, r9, r12
  lsl r9, r9, r11
  eor r8, r8, r9
  str r8, [r7]
  add r3, r3, #1
1:
  .endm

  .global sigspace_mldsa_fold_lanes_armv7m
  .type sigspace_mldsa_fold_lanes_armv7m, %function
  .align 2
sigspace_mldsa_fold_lanes_armv7m:
  push {r4-r11, lr}
  movw r4, #0x1FFF             /* -q = 0xFF801FFF */
  movt r4, #0xFF80
  movw r5, #0x2001             /* q^-1 mod 2^32 = 0x03802001 */
  movt r5, #0x0380
  FOLD_CANDIDATE 0
  FOLD_CANDIDATE 3
  FOLD_CANDIDATE 6
  FOLD_CANDIDATE 9
  FOLD_CANDIDATE 12
  FOLD_CANDIDATE 15
  FOLD_CANDIDATE 18
  FOLD_CANDIDATE 21
  mov r0, r3
  pop {r4-r11, pc}
  .size sigspace_mldsa_fold_lanes_armv7m, .-sigspace_mldsa_fold_lanes_armv7m

#endif
