/* The LESS exchange's Thumb-2 kernels for Armv7E-M (Cortex-M4) and Armv8-M Mainline
 * (Cortex-M33) with the DSP extension: the rank-2 column pass, the two loops of pair_update
 * (variants/less/common/exchange.cpp) over one tableau column of 16-bit F_127 lanes, two per
 * word; and the sorting network's masked row exchange (at the end of this file).
 *
 *   extern "C" uint64_t sigspace_less_gather2_armv7m(const uint32_t* col, const uint32_t* e1,
 *                                                   const uint32_t* e2, unsigned words);
 *   extern "C" void sigspace_less_update2_armv7m(uint32_t* col, const uint32_t* ut1,
 *                                               const uint32_t* ut2, unsigned words,
 *                                               uint32_t f1, uint32_t f2);
 *   extern "C" void sigspace_less_update2_fold_armv7m(... the same ...);
 *
 * gather2: the column's lanes at the two pivot rows. e1 and e2 are the pivot rows as unit
 * vectors in lane form (the word of row r holds 1 << 16 (r % 2), every other word 0; all zero
 * for a dependent visit), so the column's entry is read by multiplication instead of a masked
 * OR: sum_w col[w] * e[w] over 64 bits (umlal) is col[r/2] for a low lane and col[r/2] << 16
 * for a high one, whose high word is then the lane. Returns entry 1 in r0 and entry 2 in r1
 * (each = (low word & 0xffff) | high word, the lane unreduced, < 2^16).
 * update2: col[w] += f1 ut1[w] + f2 ut2[w], two lanes per multiply (the caller keeps every
 * lane below 2^16: exchange.cpp, fold); update2_fold then folds each lane once,
 * x = (x & 127) + (x >> 7) per lane, as exchange.cpp's fold.
 *
 * Same words as the portable loops, lane for lane. Constant-time: no branch or address
 * depends on the data (the loops' bounds are the public word count); e1, e2, f1 and f2 are
 * secret and only multiply. Cost per word: gather2 4 instructions (two words an ldm), update2
 * 4.5, update2_fold 7.5 (the portable loops at -O2: 9, 8 and 12). Stack: 36 bytes of saved
 * registers (r4-r11, lr). Written from the specification of the exchange for this project.
 */
  .syntax unified
  .thumb
  .text

/* One word at [col] (r8), its units in r10 (e1) and r11 (e2): the two 64-bit sums grow. */
  .macro GATHER_PAIR
  ldm r0!, {r8, r9}
  ldm r1!, {r10, r11}
  umlal r4, r5, r8, r10
  umlal r4, r5, r9, r11
  ldm r2!, {r10, r11}
  umlal r6, r7, r8, r10
  umlal r6, r7, r9, r11
  .endm

  .global sigspace_less_gather2_armv7m
  .type sigspace_less_gather2_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_less_gather2_armv7m:
  push {r4-r11, lr}
  movs r4, #0
  movs r5, #0
  movs r6, #0
  movs r7, #0
  lsrs r12, r3, #2            /* blocks of four words */
  beq 2f
1:
  GATHER_PAIR
  GATHER_PAIR
  subs r12, r12, #1
  bne 1b
2:
  tst r3, #2                  /* two more words */
  beq 3f
  GATHER_PAIR
3:
  tst r3, #1                  /* one more word */
  beq 4f
  ldr r8, [r0]
  ldr r10, [r1]
  umlal r4, r5, r8, r10
  ldr r10, [r2]
  umlal r6, r7, r8, r10
4:
  uxth r4, r4
  orr r0, r4, r5
  uxth r6, r6
  orr r1, r6, r7
  pop {r4-r11, pc}
  .size sigspace_less_gather2_armv7m, . - sigspace_less_gather2_armv7m

/* Two words at [col]: r6, r7 += f1 (r4) * ut1 + f2 (r5) * ut2; r8, r9 scratch. */
  .macro AXPY2_PAIR
  ldm r0, {r6, r7}
  ldm r1!, {r8, r9}
  mla r6, r8, r4, r6
  mla r7, r9, r4, r7
  ldm r2!, {r8, r9}
  mla r6, r8, r5, r6
  mla r7, r9, r5, r7
  .endm
/* Fold both words' lanes: x = (x & 0x007f007f) + ((x >> 7) & 0x01ff01ff), mask in r10. */
  .macro FOLD2
  and r11, r10, r6, lsr #7
  and r6, r6, #0x007f007f
  add r6, r6, r11
  and r11, r10, r7, lsr #7
  and r7, r7, #0x007f007f
  add r7, r7, r11
  .endm
/* The last word of an odd count: r6 only. */
  .macro AXPY2_ONE
  ldr r6, [r0]
  ldr r8, [r1]
  mla r6, r8, r4, r6
  ldr r8, [r2]
  mla r6, r8, r5, r6
  .endm

/* update2 and update2_fold: blocks of four words, then two, then one. FOLDING: 0 or 1. */
  .macro UPDATE2_BODY folding
  ldr r4, [sp, #36]           /* f1, f2: the fifth and sixth arguments */
  ldr r5, [sp, #40]
  .if \folding
  movw r10, #0x01ff
  movt r10, #0x01ff
  .endif
  lsrs r12, r3, #2
  beq 2f
1:
  AXPY2_PAIR
  .if \folding
  FOLD2
  .endif
  stm r0!, {r6, r7}
  AXPY2_PAIR
  .if \folding
  FOLD2
  .endif
  stm r0!, {r6, r7}
  subs r12, r12, #1
  bne 1b
2:
  tst r3, #2
  beq 3f
  AXPY2_PAIR
  .if \folding
  FOLD2
  .endif
  stm r0!, {r6, r7}
3:
  tst r3, #1
  beq 4f
  AXPY2_ONE
  .if \folding
  and r11, r10, r6, lsr #7
  and r6, r6, #0x007f007f
  add r6, r6, r11
  .endif
  str r6, [r0]
4:
  .endm

  .global sigspace_less_update2_armv7m
  .type sigspace_less_update2_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_less_update2_armv7m:
  push {r4-r11, lr}
  UPDATE2_BODY 0
  pop {r4-r11, pc}
  .size sigspace_less_update2_armv7m, . - sigspace_less_update2_armv7m

  .global sigspace_less_update2_fold_armv7m
  .type sigspace_less_update2_fold_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_less_update2_fold_armv7m:
  push {r4-r11, lr}
  UPDATE2_BODY 1
  pop {r4-r11, pc}
  .size sigspace_less_update2_fold_armv7m, . - sigspace_less_update2_fold_armv7m

/* extern "C" void sigspace_less_cswap_rows_armv7m(uint8_t* a, uint8_t* b, unsigned len,
 *                                                 uint32_t mask);
 * The sorting network's comparator body (ct_permute.cpp, swap_rows): rows a and b (len bytes,
 * len even, either row at any even or odd address) exchanged when mask is all ones, left when
 * it is zero. The mask sets the four GE flags once (uadd8 of 0xff + 0xff carries in every
 * byte, 0 + 0 in none); then each word is two sel, which pick per byte by GE, with no mask
 * arithmetic: 6.5 instructions a word (ldr, ldr, sel, sel, str, str and the loop's share)
 * against the portable loop's 11. Single loads and stores, which the Cortex-M4 and M33 allow
 * unaligned (rows are k or m bytes apart, often 2 mod 4), never ldm/ldrd. Constant-time: the
 * mask only sets flags that sel reads; the loop runs by the public length. Needs the DSP
 * extension's sel and uadd8 (both boards have it). Stack: 8 bytes (r4, r5).
 */
  .macro CSWAP_WORD
  ldr r4, [r0]
  ldr r5, [r1]
  sel r12, r5, r4
  sel r5, r4, r5
  str r12, [r0], #4
  str r5, [r1], #4
  .endm

  .global sigspace_less_cswap_rows_armv7m
  .type sigspace_less_cswap_rows_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_less_cswap_rows_armv7m:
  push {r4, r5}
  uadd8 r12, r3, r3           /* GE = mask's bytes */
  lsrs r3, r2, #4             /* blocks of four words */
  beq 2f
1:
  CSWAP_WORD
  CSWAP_WORD
  CSWAP_WORD
  CSWAP_WORD
  subs r3, r3, #1
  bne 1b
2:
  ands r3, r2, #12            /* up to three more words */
  beq 4f
3:
  CSWAP_WORD
  subs r3, r3, #4
  bne 3b
4:
  tst r2, #2                  /* a last halfword */
  beq 5f
  ldrh r4, [r0]
  ldrh r5, [r1]
  sel r12, r5, r4
  sel r5, r4, r5
  strh r12, [r0]
  strh r5, [r1]
5:
  pop {r4, r5}
  bx lr
  .size sigspace_less_cswap_rows_armv7m, . - sigspace_less_cswap_rows_armv7m

/* extern "C" uint32_t sigspace_less_swap_scan_armv7m(uint8_t* words, unsigned count,
 *                                                    uint32_t index2, uint32_t pos2,
 *                                                    uint32_t at_i2);
 * The one pass of ct_swap_at (ct_sampler.cpp) over count words of two 16-bit permutation
 * entries from words (any even address): returns the entry at the secret position pos in its
 * lane (the other lane 0) and writes perm[i] there. index2 holds the first word's two entry
 * indices (low lane, high lane), pos2 and at_i2 the position and perm[i] in both lanes. Per
 * word: eor with pos2 and usub16 of one in each lane set GE exactly in the lanes that are not
 * pos; then sel keeps those lanes and takes the entry (into the result) and perm[i] (into the
 * word) in the lane that is: 4 instructions a word more than the load, store and index step,
 * against about 16 for the portable lane masks. Single loads and stores (the entries may
 * be 2-aligned), never ldm. Constant-time: pos and perm[i] only set flags and feed sel; the
 * loop runs by the public count. DSP extension (usub16, sel). Stack: 24 bytes (r4-r8, and r1 around the loop).
 */
  .macro SWAP_SCAN_WORD
  ldr r12, [r0]
  eor r8, r2, r3
  usub16 r8, r8, r6           /* GE in every lane whose index is not pos */
  sel r5, r5, r12             /* the result takes the entry at pos */
  sel r12, r12, r4            /* the word takes perm[i] at pos */
  str r12, [r0], #4
  add r2, r2, r7
  .endm

  .global sigspace_less_swap_scan_armv7m
  .type sigspace_less_swap_scan_armv7m, %function
  .p2align 2
  .thumb_func
sigspace_less_swap_scan_armv7m:
  push {r4-r8}
  ldr r4, [sp, #20]           /* at_i2: the fifth argument */
  movs r5, #0
  mov r6, #0x00010001
  mov r7, #0x00020002
  lsrs r12, r1, #1            /* pairs of words */
  beq 2f
  push {r1}
  mov r1, r12
1:
  SWAP_SCAN_WORD
  SWAP_SCAN_WORD
  subs r1, r1, #1
  bne 1b
  pop {r1}
2:
  tst r1, #1
  beq 3f
  SWAP_SCAN_WORD
3:
  mov r0, r5
  pop {r4-r8}
  bx lr
  .size sigspace_less_swap_scan_armv7m, . - sigspace_less_swap_scan_armv7m
