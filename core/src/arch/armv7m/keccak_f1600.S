/* Keccak-f[1600] for Armv7E-M (Cortex-M4) and Armv8-M Mainline (Cortex-M33), Thumb-2.
 *
 *   void sigspace::keccak_f1600_armv7m(std::uint64_t state[25]);
 *
 * FIPS 202 Algorithm 7 (KECCAK-p[1600, 24]): 24 rounds Rnd = iota . chi . pi . rho . theta
 * (Section 3.3) on the standard state (lane x + 5y, little-endian): a drop-in for
 * keccak_f1600. Written from the specification for this project.
 *
 * Bit interleaving. On entry every 64-bit lane v is rewritten in place as two 32-bit words:
 * e holding its even bits (bit j of e = bit 2j of v) and o its odd bits (bit j of o = bit 2j+1
 * of v). A 64-bit rotation then becomes two 32-bit rotations: rotl64(v, 2k) is
 * (rotl32(e, k), rotl32(o, k)), and rotl64(v, 2k+1) is (rotl32(o, k+1), rotl32(e, k)), the
 * words swapping roles, which costs nothing (the code simply names the other register).
 * theta's rotl64(C, 1) is an eor with a rotated operand. On exit the words are zipped back.
 * Each direction is four delta swaps per word and a 16-bit block transpose per lane.
 *
 * The steps, per round:
 *   theta (Algorithm 1): C[x] = xor of column x (10 words in r1-r10), then
 *     D[x] = C[x-1] ^ rotl64(C[x+1], 1), kept on the stack (40 bytes);
 *   rho and pi (Algorithms 2, 3): output row y takes input lanes A[(x + 3y) mod 5, x], each
 *     xored with its D as it is loaded into registers; its rho rotation is left pending;
 *   chi (Algorithm 4): on the five lanes of the row, the even words and the odd words apart,
 *     each bic and eor rotating one operand, which applies the pending rotations;
 *   iota (Algorithm 6): the interleaved round constant into lane (0, 0), from the table below.
 * No round spends an instruction on a rotation: see "Lazy rotation" below.
 *
 * In place, no lane moves. A row's five outputs are stored over the five input lanes it was
 * computed from, so after a round the lane with logical position (x, y) sits at a physical
 * position P(x, y); the next round reads and writes through P. Storing output (x, y) over the
 * input lane A[g + 3y, g] with g = 2x + 3y (mod 5) gives P = Q = [[2, 1], [2, 3]] after one
 * round and Q^2 = I (mod 5) after two, so the code has two round bodies, for even rounds
 * (P = I) and odd rounds (P = Q), and the state is back in standard position after every
 * pair and at the end. Every lane offset, rotation and D index is an assembly-time constant.
 *
 * A second entry, keccak_f1600_armv7m_frames, runs the 24 rounds alone on a state kept in the
 * interleaved, pending-frame form between calls (its sponge, keccak_frames.hpp, converts only
 * the lanes it reads or absorbs); the round loop ends at the end of the entry's own copy of the
 * round constants, and which copy it is decides whether the state is converted back.
 *
 * Constant-time: no branch or address depends on the state; the only branches are the loops
 * over the lanes (conversions) and over the 12 round pairs, and the entry's choice of exit.
 * Cost (results/kernels/keccak-armv7m.md): about 310 instructions a round, 36 a lane each way
 * for the conversions, 4 a listed lane each way for the pending frames.
 * Stack: 36 bytes of saved registers + 40 bytes of D + the round-constant pointer = 80 bytes.
 * Registers: r0 the state throughout; r1-r10 the row's lanes (r1-r5 even words, r6-r10 odd
 * words of lanes 0-4); r11, r12, lr temporaries and chi outputs.
 */
#if defined(__ARM_ARCH_7EM__) || defined(__ARM_ARCH_8M_MAIN__)

  .syntax unified
  .thumb

/* ---- conversion between the standard and the interleaved lane ---- */

/* Delta swap of the bits selected by mask m with those s places above them. */
  .macro DSWAP x, t, s, m
  eor \t, \x, \x, lsr #\s
  and \t, \t, #\m
  eor \x, \x, \t
  eor \x, \x, \t, lsl #\s
  .endm

/* Even bits of x to its low half, odd bits to its high half (and, in reverse order, back). */
  .macro UNZIP32 x, t
  DSWAP \x, \t, 1, 0x22222222
  DSWAP \x, \t, 2, 0x0C0C0C0C
  DSWAP \x, \t, 4, 0x00F000F0
  DSWAP \x, \t, 8, 0x0000FF00
  .endm
  .macro ZIP32 x, t
  DSWAP \x, \t, 8, 0x0000FF00
  DSWAP \x, \t, 4, 0x00F000F0
  DSWAP \x, \t, 2, 0x0C0C0C0C
  DSWAP \x, \t, 1, 0x22222222
  .endm

/* (lo, hi) in (r1, r2) to (lo.low16 | hi.low16 << 16, lo.high16 | hi.high16 << 16) in
 * (T16A, T16B): the transpose of 16-bit blocks, its own inverse. Two DSP instructions, or
 * three base ones in place where Armv8-M Mainline has no DSP extension. */
#if defined(__ARM_FEATURE_DSP)
#define T16A r3
#define T16B r4
  .macro TRANSPOSE16
  pkhbt r3, r1, r2, lsl #16
  pkhtb r4, r2, r1, asr #16
  .endm
#else
#define T16A r1
#define T16B r2
  .macro TRANSPOSE16
  lsr r4, r1, #16
  bfi r1, r2, #16, #16
  bfi r2, r4, #0, #16
  .endm
#endif

/* Lane at r12 + off: standard to interleaved (e, o), in place. */
  .macro LANE_IN off
  ldrd r1, r2, [r12, #\off]
  UNZIP32 r1, r5
  UNZIP32 r2, r5
  TRANSPOSE16
  strd T16A, T16B, [r12, #\off]
  .endm
/* Lane at r12 + off: interleaved (e, o) back to standard, in place. */
  .macro LANE_OUT off
  ldrd r1, r2, [r12, #\off]
  TRANSPOSE16
  ZIP32 T16A, r5
  ZIP32 T16B, r5
  strd T16A, T16B, [r12, #\off]
  .endm

/* ---- one round ---- */

/* Lazy rotation. A word in a register or in the state may be held rotated: its value is
 * ror(word, p) for a pending rotation p fixed for that word at that point of the code (an
 * assembly-time constant). Every Thumb-2 data-processing instruction may rotate its second
 * operand for free, so theta, rho and chi apply the pending rotations as they combine words
 * and no round instruction is spent on rotation. EORR and BICR are eor and bic with that
 * operand rotated right by k (no rotation for k = 0: "ror #0" would encode RRX). */
  .macro OPR op, d, n, m, k
  .if \k
  \op \d, \n, \m, ror #\k
  .else
  \op \d, \n, \m
  .endif
  .endm
  .macro EORR d, n, m, k
  OPR eor, \d, \n, \m, \k
  .endm
  .macro BICR d, n, m, k
  OPR bic, \d, \n, \m, \k
  .endm
  .macro RORI r, k  /* explicit rotation, outside the rounds only */
  .if \k
  ror \r, \r, #\k
  .endif
  .endm

/* theta, first half: C[x] into (re, ro), from the lane at byte offset o0 and the four lanes
 * oN, each word rotated by its k into the frame of the first lane's word. */
  .macro COLUMN re, ro, o0, o1, e1, d1, o2, e2, d2, o3, e3, d3, o4, e4, d4
  ldrd \re, \ro, [r0, #\o0]
  COLADD \re, \ro, \o1, \e1, \d1
  COLADD \re, \ro, \o2, \e2, \d2
  COLADD \re, \ro, \o3, \e3, \d3
  COLADD \re, \ro, \o4, \e4, \d4
  .endm
  .macro COLADD re, ro, off, ke, ko
  ldrd r11, r12, [r0, #\off]
  EORR \re, \re, r11, \ke
  EORR \ro, \ro, r12, \ko
  .endm

/* theta, second half: D[x] = C[x-1] ^ rotl64(C[x+1], 1) to the stack at sp + 8x. In
 * interleaved form rotl64(c, 1) is (rotl32(c.o, 1), c.e); ke and ko fold that rotation and the
 * words' pending ones into the frame of C[x-1]. */
  .macro DLANE x, cme, cmo, cpe, cpo, ke, ko
  EORR r11, \cme, \cpo, \ke
  EORR r12, \cmo, \cpe, \ko
  strd r11, r12, [sp, #8*\x]
  .endm

/* rho, pi and theta's last step for one input lane: the words at r0 + src, xored with D[col]
 * rotated into their frames. ra, rb name where the row wants them: (even, odd) register of
 * that row lane for an even rho offset, (odd, even) for an odd one; rho itself is pending. */
  .macro LANE ra, rb, src, col, ka, kb
  ldrd \ra, \rb, [r0, #\src]
  ldrd r11, r12, [sp, #8*\col]
  EORR \ra, \ra, r11, \ka
  EORR \rb, \rb, r12, \kb
  .endm

/* chi, one output word: out = b0 ^ (~b1 & b2). t = b2 & ~b1 in the frame of b2 (k1 rotates b1
 * into it); then X: out = t ^ b0 in the frame of b2, or Y: out = b0 ^ t in the frame of b0 (k0
 * rotates the other operand). For the row half b0-b4 the outputs 0 and 1 go to spare
 * registers (b0 and b1 are still needed) and outputs 2-4 over b2-b4, in that order. */
  .macro CHI1 d, b0, b1, b2, k1, k0, form
  BICR r11, \b2, \b1, \k1
  .ifc \form, X
  EORR \d, r11, \b0, \k0
  .else
  EORR \d, \b0, r11, \k0
  .endif
  .endm

/* iota: the next interleaved round constant into output lane 0 of row 0, (r12, r1), rotated
 * into the frames of its words. */
  .macro IOTA ke, ko
  ldr r11, [sp, #40]
  ldrd r6, r7, [r11], #8
  str r11, [sp, #40]
  EORR r12, r12, r6, \ke
  EORR r1, r1, r7, \ko
  .endm

/* The row's five output lanes (even words r12, lr, r3, r4, r5; odd words r1, r2, r8, r9, r10)
 * to the byte offsets d0-d4, over the five input lanes the row was computed from. */
  .macro STORE_ROW d0, d1, d2, d3, d4
  strd r12, r1, [r0, #\d0]
  strd lr, r2, [r0, #\d1]
  strd r3, r8, [r0, #\d2]
  strd r4, r9, [r0, #\d3]
  strd r5, r10, [r0, #\d4]
  .endm

/* The lane at r0 + off rotated right by ke (even word) and ko (odd word). */
  .macro LANE_ROR off, ke, ko
  ldrd r1, r2, [r0, #\off]
  RORI r1, \ke
  RORI r2, \ko
  strd r1, r2, [r0, #\off]
  .endm
  .macro ENTER_FRAMES off, pe, po
  LANE_ROR \off, (32 - \pe) & 31, (32 - \po) & 31
  .endm
  .macro LEAVE_FRAMES off, pe, po
  LANE_ROR \off, \pe, \po
  .endm

/* The pending rotations (even word, odd word) of the lanes at the start of every round pair,
 * by byte offset; the lanes not listed have none. They are a fixed point of the round pair:
 * the frames chi leaves each output word in (that of b0 or b2, CHI1's form) were chosen so
 * that after two rounds every word is back in the frame it started in, so the loop needs no
 * explicit rotation at all. The state enters these frames after the interleaving and leaves
 * them before the zipping. */
  .macro PENDING m
  \m 8, 19, 5
  \m 16, 28, 30
  \m 32, 19, 24
  \m 40, 20, 22
  \m 48, 13, 12
  \m 56, 17, 18
  \m 64, 20, 22
  \m 72, 18, 31
  \m 80, 21, 2
  \m 88, 25, 17
  \m 96, 15, 16
  \m 104, 30, 0
  \m 112, 25, 17
  \m 120, 3, 23
  \m 136, 1, 23
  \m 144, 14, 13
  \m 160, 27, 18
  \m 168, 22, 0
  \m 176, 1, 27
  \m 184, 27, 18
  \m 192, 22, 24
  .endm

  .section .rodata.sigspace_keccak_armv7m_rc, "a", %progbits
/* Round constants RC[i] of FIPS 202 Algorithm 5/6, interleaved: (even bits, odd bits). */
  .macro RC_TABLE
  .word 0x00000001, 0x00000000  /* round  0: 0x0000000000000001 */
  .word 0x00000000, 0x00000089  /* round  1: 0x0000000000008082 */
  .word 0x00000000, 0x8000008b  /* round  2: 0x800000000000808a */
  .word 0x00000000, 0x80008080  /* round  3: 0x8000000080008000 */
  .word 0x00000001, 0x0000008b  /* round  4: 0x000000000000808b */
  .word 0x00000001, 0x00008000  /* round  5: 0x0000000080000001 */
  .word 0x00000001, 0x80008088  /* round  6: 0x8000000080008081 */
  .word 0x00000001, 0x80000082  /* round  7: 0x8000000000008009 */
  .word 0x00000000, 0x0000000b  /* round  8: 0x000000000000008a */
  .word 0x00000000, 0x0000000a  /* round  9: 0x0000000000000088 */
  .word 0x00000001, 0x00008082  /* round 10: 0x0000000080008009 */
  .word 0x00000000, 0x00008003  /* round 11: 0x000000008000000a */
  .word 0x00000001, 0x0000808b  /* round 12: 0x000000008000808b */
  .word 0x00000001, 0x8000000b  /* round 13: 0x800000000000008b */
  .word 0x00000001, 0x8000008a  /* round 14: 0x8000000000008089 */
  .word 0x00000001, 0x80000081  /* round 15: 0x8000000000008003 */
  .word 0x00000000, 0x80000081  /* round 16: 0x8000000000008002 */
  .word 0x00000000, 0x80000008  /* round 17: 0x8000000000000080 */
  .word 0x00000000, 0x00000083  /* round 18: 0x000000000000800a */
  .word 0x00000000, 0x80008003  /* round 19: 0x800000008000000a */
  .word 0x00000001, 0x80008088  /* round 20: 0x8000000080008081 */
  .word 0x00000000, 0x80000088  /* round 21: 0x8000000000008080 */
  .word 0x00000001, 0x00008000  /* round 22: 0x0000000080000001 */
  .word 0x00000000, 0x80008082  /* round 23: 0x8000000080008008 */
  .endm

/* Two copies, one per entry point, each ending on a 256-byte boundary: the round loop stops
 * when the pointer's low byte is 0, and the pointer then says which entry ran. */
  .p2align 8
  .space 64
.Lrc:
  RC_TABLE
.Lrc_end:
  .space 64
.Lrc_frames:
  RC_TABLE

/* sigspace::keccak_f1600_armv7m(unsigned long long*) */
  .section .text._ZN8sigspace19keccak_f1600_armv7mEPy, "ax", %progbits
  .global _ZN8sigspace19keccak_f1600_armv7mEPy
  .type _ZN8sigspace19keccak_f1600_armv7mEPy, %function
  .p2align 2
  .thumb_func
_ZN8sigspace19keccak_f1600_armv7mEPy:
  push {r4-r11, lr}
  sub sp, sp, #44  /* D[0..4] at sp + 0..39, round-constant pointer at sp + 40 */

  mov r12, r0
  add lr, r0, #200
.Lto_interleaved:
  LANE_IN 0
  LANE_IN 8
  LANE_IN 16
  LANE_IN 24
  LANE_IN 32
  add r12, r12, #40
  cmp r12, lr
  bne .Lto_interleaved

  PENDING ENTER_FRAMES  /* into the pending frames of the round pair (see LANE_ROR) */

  ldr r1, =.Lrc
  str r1, [sp, #40]

.Lround_pair:
  /* Even round: logical lane (x, y) at physical (x, y) */
  COLUMN r1, r6, 120, 0, 29, 9, 40, 17, 31, 80, 18, 11, 160, 24, 27
  COLUMN r2, r7, 128, 8, 19, 5, 48, 13, 12, 88, 25, 17, 168, 22, 0
  COLUMN r3, r8, 136, 16, 27, 7, 56, 16, 27, 96, 14, 25, 176, 0, 4
  COLUMN r4, r9, 64, 24, 12, 10, 104, 10, 10, 144, 26, 23, 184, 7, 28
  COLUMN r5, r10, 72, 32, 1, 25, 112, 7, 18, 152, 14, 1, 192, 4, 25
  DLANE 0, r5, r10, r2, r7, 13, 1
  DLANE 1, r1, r6, r3, r8, 19, 10
  DLANE 2, r2, r7, r4, r9, 21, 20
  DLANE 3, r3, r8, r5, r10, 29, 27
  DLANE 4, r4, r9, r1, r6, 2, 13
  LANE r1, r6, 0, 0, 18, 31
  LANE r2, r7, 48, 1, 22, 11
  LANE r8, r3, 96, 2, 17, 16
  LANE r9, r4, 144, 3, 19, 10
  LANE r5, r10, 192, 4, 30, 30
  CHI1 r12, r1, r2, r3, 29, 26, Y
  CHI1 lr, r2, r3, r4, 24, 21, X
  CHI1 r3, r3, r4, r5, 19, 21, Y
  CHI1 r4, r4, r5, r1, 15, 30, Y
  CHI1 r5, r5, r1, r2, 9, 24, X
  CHI1 r1, r6, r7, r8, 28, 26, Y
  CHI1 r2, r7, r8, r9, 22, 14, Y
  CHI1 r8, r8, r9, r10, 19, 9, X
  CHI1 r9, r9, r10, r6, 17, 28, Y
  CHI1 r10, r10, r6, r7, 10, 5, Y
  IOTA 0, 0
  STORE_ROW 0, 96, 192, 48, 144
  LANE r1, r6, 24, 3, 1, 23
  LANE r2, r7, 72, 4, 2, 23
  LANE r8, r3, 80, 0, 29, 29
  LANE r9, r4, 128, 1, 3, 23
  LANE r10, r5, 176, 2, 31, 5
  CHI1 r12, r1, r2, r3, 8, 14, Y
  CHI1 lr, r2, r3, r4, 23, 31, X
  CHI1 r3, r3, r4, r5, 13, 4, X
  CHI1 r4, r4, r5, r1, 10, 23, X
  CHI1 r5, r5, r1, r2, 10, 12, Y
  CHI1 r1, r6, r7, r8, 1, 2, Y
  CHI1 r2, r7, r8, r9, 10, 11, X
  CHI1 r8, r8, r9, r10, 7, 15, Y
  CHI1 r9, r9, r10, r6, 17, 24, X
  CHI1 r10, r10, r6, r7, 29, 18, Y
  STORE_ROW 128, 24, 80, 176, 72
  LANE r6, r1, 8, 1, 16, 18
  LANE r2, r7, 56, 2, 15, 14
  LANE r8, r3, 104, 3, 3, 23
  LANE r4, r9, 152, 4, 20, 22
  LANE r5, r10, 160, 0, 23, 13
  CHI1 r12, r1, r2, r3, 27, 17, X
  CHI1 lr, r2, r3, r4, 23, 18, X
  CHI1 r3, r3, r4, r5, 10, 31, Y
  CHI1 r4, r4, r5, r1, 14, 8, Y
  CHI1 r5, r5, r1, r2, 22, 4, X
  CHI1 r1, r6, r7, r8, 29, 31, Y
  CHI1 r2, r7, r8, r9, 22, 19, X
  CHI1 r8, r8, r9, r10, 19, 23, Y
  CHI1 r9, r9, r10, r6, 22, 23, Y
  CHI1 r10, r10, r6, r7, 4, 26, X
  STORE_ROW 56, 152, 8, 104, 160
  LANE r6, r1, 32, 4, 1, 30
  LANE r2, r7, 40, 0, 30, 9
  LANE r3, r8, 88, 1, 10, 6
  LANE r9, r4, 136, 2, 31, 9
  LANE r5, r10, 184, 3, 6, 5
  CHI1 r12, r1, r2, r3, 14, 22, X
  CHI1 lr, r2, r3, r4, 5, 13, Y
  CHI1 r3, r3, r4, r5, 16, 11, Y
  CHI1 r4, r4, r5, r1, 21, 27, Y
  CHI1 r5, r5, r1, r2, 8, 29, X
  CHI1 r1, r6, r7, r8, 24, 26, X
  CHI1 r2, r7, r8, r9, 18, 22, Y
  CHI1 r8, r8, r9, r10, 4, 22, X
  CHI1 r9, r9, r10, r6, 16, 20, X
  CHI1 r10, r10, r6, r7, 2, 18, X
  STORE_ROW 184, 40, 136, 32, 88
  LANE r1, r6, 16, 2, 4, 2
  LANE r7, r2, 64, 3, 13, 1
  LANE r8, r3, 112, 4, 27, 5
  LANE r9, r4, 120, 0, 15, 8
  LANE r5, r10, 168, 1, 13, 23
  CHI1 r12, r1, r2, r3, 29, 0, X
  CHI1 lr, r2, r3, r4, 27, 24, X
  CHI1 r3, r3, r4, r5, 13, 24, Y
  CHI1 r4, r4, r5, r1, 24, 5, X
  CHI1 r5, r5, r1, r2, 3, 27, X
  CHI1 r1, r6, r7, r8, 19, 7, Y
  CHI1 r2, r7, r8, r9, 23, 22, Y
  CHI1 r8, r8, r9, r10, 16, 25, Y
  CHI1 r9, r9, r10, r6, 0, 16, Y
  CHI1 r10, r10, r6, r7, 6, 26, Y
  STORE_ROW 112, 168, 64, 120, 16
  /* Odd round: logical lane (x, y) at physical Q(x, y) = (2x + y, 2x + 3y) */
  COLUMN r1, r6, 0, 128, 18, 18, 56, 19, 19, 184, 20, 12, 112, 29, 31
  COLUMN r2, r7, 96, 24, 7, 20, 152, 26, 6, 40, 0, 14, 168, 0, 3
  COLUMN r3, r8, 64, 192, 29, 11, 80, 31, 14, 8, 22, 12, 136, 23, 16
  COLUMN r4, r9, 32, 48, 19, 30, 176, 3, 12, 104, 13, 22, 120, 14, 9
  COLUMN r5, r10, 144, 72, 5, 18, 160, 23, 30, 88, 11, 19, 16, 3, 14
  DLANE 0, r5, r10, r2, r7, 30, 17
  DLANE 1, r1, r6, r3, r8, 5, 29
  DLANE 2, r2, r7, r4, r9, 3, 25
  DLANE 3, r3, r8, r5, r10, 19, 17
  DLANE 4, r4, r9, r1, r6, 16, 26
  LANE r1, r6, 0, 0, 23, 17
  LANE r2, r7, 24, 1, 23, 22
  LANE r8, r3, 8, 2, 15, 4
  LANE r9, r4, 32, 3, 14, 0
  LANE r5, r10, 16, 4, 21, 7
  CHI1 r12, r1, r2, r3, 23, 28, Y
  CHI1 lr, r2, r3, r4, 1, 8, Y
  CHI1 r3, r3, r4, r5, 8, 23, Y
  CHI1 r4, r4, r5, r1, 19, 27, X
  CHI1 r5, r5, r1, r2, 13, 0, Y
  CHI1 r1, r6, r7, r8, 22, 30, Y
  CHI1 r2, r7, r8, r9, 25, 15, X
  CHI1 r8, r8, r9, r10, 13, 26, Y
  CHI1 r9, r9, r10, r6, 24, 5, X
  CHI1 r10, r10, r6, r7, 12, 28, Y
  IOTA 0, 0
  STORE_ROW 0, 8, 16, 24, 32
  LANE r1, r6, 48, 3, 27, 2
  LANE r2, r7, 72, 4, 19, 3
  LANE r8, r3, 56, 0, 4, 30
  LANE r9, r4, 40, 1, 30, 28
  LANE r10, r5, 64, 2, 5, 16
  CHI1 r12, r1, r2, r3, 1, 29, Y
  CHI1 lr, r2, r3, r4, 4, 5, X
  CHI1 r3, r3, r4, r5, 6, 22, Y
  CHI1 r4, r4, r5, r1, 19, 25, X
  CHI1 r5, r5, r1, r2, 2, 21, X
  CHI1 r1, r6, r7, r8, 7, 28, Y
  CHI1 r2, r7, r8, r9, 6, 13, X
  CHI1 r8, r8, r9, r10, 13, 13, Y
  CHI1 r9, r9, r10, r6, 9, 22, X
  CHI1 r10, r10, r6, r7, 29, 26, Y
  STORE_ROW 40, 48, 56, 64, 72
  LANE r6, r1, 96, 1, 30, 10
  LANE r2, r7, 80, 2, 6, 2
  LANE r8, r3, 104, 3, 1, 10
  LANE r4, r9, 88, 4, 13, 2
  LANE r5, r10, 112, 0, 26, 18
  CHI1 r12, r1, r2, r3, 10, 26, Y
  CHI1 lr, r2, r3, r4, 17, 5, Y
  CHI1 r3, r3, r4, r5, 10, 5, Y
  CHI1 r4, r4, r5, r1, 31, 23, Y
  CHI1 r5, r5, r1, r2, 28, 27, X
  CHI1 r1, r6, r7, r8, 1, 14, Y
  CHI1 r2, r7, r8, r9, 16, 15, Y
  CHI1 r8, r8, r9, r10, 10, 6, Y
  CHI1 r9, r9, r10, r6, 20, 2, Y
  CHI1 r10, r10, r6, r7, 17, 5, X
  STORE_ROW 80, 88, 96, 104, 112
  LANE r6, r1, 144, 4, 24, 21
  LANE r2, r7, 128, 0, 5, 31
  LANE r3, r8, 152, 1, 4, 4
  LANE r9, r4, 136, 2, 14, 0
  LANE r5, r10, 120, 3, 0, 23
  CHI1 r12, r1, r2, r3, 9, 20, Y
  CHI1 lr, r2, r3, r4, 9, 14, Y
  CHI1 r3, r3, r4, r5, 13, 22, X
  CHI1 r4, r4, r5, r1, 30, 21, Y
  CHI1 r5, r5, r1, r2, 3, 1, X
  CHI1 r1, r6, r7, r8, 9, 19, X
  CHI1 r2, r7, r8, r9, 10, 13, Y
  CHI1 r8, r8, r9, r10, 26, 28, Y
  CHI1 r9, r9, r10, r6, 9, 29, Y
  CHI1 r10, r10, r6, r7, 10, 19, X
  STORE_ROW 120, 128, 136, 144, 152
  LANE r1, r6, 192, 2, 8, 5
  LANE r7, r2, 176, 3, 11, 20
  LANE r8, r3, 160, 4, 1, 23
  LANE r9, r4, 184, 0, 3, 5
  LANE r5, r10, 168, 1, 30, 7
  CHI1 r12, r1, r2, r3, 27, 0, X
  CHI1 lr, r2, r3, r4, 4, 1, Y
  CHI1 r3, r3, r4, r5, 22, 26, X
  CHI1 r4, r4, r5, r1, 6, 28, X
  CHI1 r5, r5, r1, r2, 5, 11, X
  CHI1 r1, r6, r7, r8, 28, 9, Y
  CHI1 r2, r7, r8, r9, 27, 23, X
  CHI1 r8, r8, r9, r10, 8, 29, Y
  CHI1 r9, r9, r10, r6, 6, 14, X
  CHI1 r10, r10, r6, r7, 27, 31, Y
  STORE_ROW 160, 168, 176, 184, 192

  ldr r1, [sp, #40]
  tst r1, #0xFF
  bne .Lround_pair
  ldr r2, =.Lrc_end
  cmp r1, r2
  bne .Lframes_exit  /* entered through keccak_f1600_armv7m_frames: the state stays framed */

  PENDING LEAVE_FRAMES

  mov r12, r0
  add lr, r0, #200
.Lto_standard:
  LANE_OUT 0
  LANE_OUT 8
  LANE_OUT 16
  LANE_OUT 24
  LANE_OUT 32
  add r12, r12, #40
  cmp r12, lr
  bne .Lto_standard

.Lframes_exit:
  add sp, sp, #44
  pop {r4-r11, pc}
  .ltorg
  .size _ZN8sigspace19keccak_f1600_armv7mEPy, . - _ZN8sigspace19keccak_f1600_armv7mEPy

/* sigspace::keccak_f1600_armv7m_frames(unsigned long long*): the 24 rounds alone, on a state
 * already interleaved and in the pending frames (the form keccak_lanes.hpp computes), left in
 * that form; the same frame and stack as above. */
  .global _ZN8sigspace26keccak_f1600_armv7m_framesEPy
  .type _ZN8sigspace26keccak_f1600_armv7m_framesEPy, %function
  .p2align 2
  .thumb_func
_ZN8sigspace26keccak_f1600_armv7m_framesEPy:
  push {r4-r11, lr}
  sub sp, sp, #44
  ldr r1, =.Lrc_frames
  str r1, [sp, #40]
  b .Lround_pair
  .ltorg
  .size _ZN8sigspace26keccak_f1600_armv7m_framesEPy, . - _ZN8sigspace26keccak_f1600_armv7m_framesEPy

#endif
