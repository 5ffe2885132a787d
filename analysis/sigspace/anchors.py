"""Published figures drawn beside our measurements as anchors. They are transcribed from
/work/shared/docs/ANCHORS.md (public figures with their sources) and are never measured here:
every plot labels them as published, and draws them only on the platform they were measured on.

Sources:
- PQM4_QEMU: the pqm4 implementations (mupq/pqm4 benchmarks) run under QEMU mps2-an386 (our
  platform "m4"), instructions counted by a TCG plugin between markers, sign = median over 1000
  messages, stack by pqm4's painting (equal to pqm4's published figures; keys, message and
  signature in globals). ANCHORS.md, "The same pqm4 implementations measured here, side by side".
- SEED_M33: the low-memory ML-DSA signing change (shared/seeds/000_4a12c3a64238f4e1.txt),
  Cortex-M33 on QEMU mps2-an505 (our "m33"), Rust, written-stack watermarks, bytes before/after.
- LESS_QEMU: the official LESS v2.0.0 reference at -O2 under QEMU mps2-an386 ("m4"),
  instructions by a TCG plugin, stack by painting, public key in RAM. ANCHORS.md, "The official
  v2.0.0 reference on Cortex-M4 under QEMU"; its instruction counts are published rounded
  (70.9M, 12.11G), and are transcribed as printed.
The LESS on Cortex-M4 paper's points are published only as ratios to its reference, not as
figures: they are in ratio_anchors.py, placed from each run's own reference.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Anchor:
    scheme: str
    param_set: str
    label: str            # implementation name as published
    source: str
    platform: str         # the platform name of our records it was measured on
    sign_insn: int | None
    stack: dict           # op -> bytes (keygen, sign, verify)
    retained: int = 0     # retained signing-key bytes, where the source gives them
    workspace: int = 0    # external signing workspace, where the source gives it
    messages: int | None = None   # signing messages the published median is over
    keygen_insn: int | None = None
    verify_insn: int | None = None

    def insn(self, op: str) -> int | None:
        return {"keygen": self.keygen_insn, "sign": self.sign_insn, "verify": self.verify_insn}[op]

    def sign_ram(self) -> int:
        """Signing RAM counted as our plots count it: stack + workspace + retained state. The
        caller's key, message and signature buffers are not counted, for them as for us."""
        return self.stack["sign"] + self.workspace + self.retained


PQM4 = "pqm4 under QEMU mps2-an386 (ANCHORS.md)"
SEED = "shared/seeds/000 on Cortex-M33, QEMU mps2-an505 (ANCHORS.md)"
LESS_REF = "official LESS v2.0.0 reference, -O2, QEMU mps2-an386 (ANCHORS.md)"

# Each source in a legend line.
SHORT = {PQM4: "pqm4, QEMU mps2-an386", SEED: "seed 000, M33 (RAM only)",
         LESS_REF: "official reference -O2"}

# What each source's cost and memory leave out, for captions (the accounting stated once here).
NOTES = {
    PQM4: "pqm4 keeps keys, message and signature in globals, so its signing RAM is its painted "
          "stack with nothing retained (its secret-key buffer is not counted, as our callers' "
          "buffers are not); its signing expands the matrix A (ExpandA) inside sign, so it "
          "compares with our signing + load_key",
    SEED: "RAM only (no instruction count published): stack + external workspace + retained key",
    LESS_REF: "stack only: the static .bss tables are not counted (nor are ours); instruction "
              "counts published rounded; one signing",
}


def _pqm4(param_set, impl, keygen, sign, verify, stacks):
    k, s, v = stacks
    return Anchor("ML-DSA", param_set, f"pqm4 {impl}", PQM4, "m4", sign,
                  {"keygen": k, "sign": s, "verify": v}, messages=1000, keygen_insn=keygen,
                  verify_insn=verify)


# (set, implementation, keygen insn, sign insn median, verify insn, stack keygen/sign/verify)
PQM4_QEMU = [
    _pqm4("ML-DSA-44", "m4f", 1_277_942, 2_599_238, 1_262_699, (38_296, 44_816, 8_912)),
    _pqm4("ML-DSA-44", "m4fstack", 1_606_976, 6_770_307, 2_502_650, (4_408, 5_080, 2_712)),
    _pqm4("ML-DSA-44", "clean", 1_546_756, 4_378_601, 1_633_119, (38_304, 51_976, 36_308)),
    _pqm4("ML-DSA-65", "m4f", 2_258_810, 4_432_714, 2_153_653, (60_824, 68_872, 9_888)),
    _pqm4("ML-DSA-65", "m4fstack", 3_053_937, 13_956_512, 4_428_935, (4_408, 6_616, 2_712)),
    _pqm4("ML-DSA-65", "clean", 2_677_682, 7_304_065, 2_716_307, (60_832, 79_624, 57_736)),
    _pqm4("ML-DSA-87", "m4f", 3_846_568, 6_184_029, 3_751_117, (97_688, 107_892, 12_060)),
    _pqm4("ML-DSA-87", "m4fstack", 5_226_027, 19_979_453, 7_676_951, (4_408, 8_144, 2_720)),
    _pqm4("ML-DSA-87", "clean", 4_502_702, 9_798_859, 4_591_058, (97_696, 122_740, 92_948)),
]

# (set, retained before/after, keygen stack before/after, sign stack before/after,
#  verify stack before/after, external signing workspace after)
_SEED_ROWS = [
    ("ML-DSA-44", (41_120, 12_480), (176_436, 56_400), (70_388, 15_416), (55_436, 42_088), 15_360),
    ("ML-DSA-65", (65_696, 17_600), (277_452, 82_632), (103_868, 18_584), (66_828, 45_264), 19_968),
    ("ML-DSA-87", (104_608, 23_744), (347_612, 95_836), (132_092, 22_640), (75_132, 64_060), 26_624),
]
SEED_M33 = [
    Anchor("ML-DSA", s, f"seed {when}", SEED, "m33", None,
           {"keygen": kg[i], "sign": sg[i], "verify": vf[i]}, retained=ret[i],
           workspace=ws if i else 0)
    for s, ret, kg, sg, vf, ws in _SEED_ROWS for i, when in ((0, "before"), (1, "after"))
]


def _less(param_set, keygen, sign, verify, stacks):
    k, s, v = stacks
    return Anchor("LESS", param_set, "reference -O2", LESS_REF, "m4", sign,
                  {"keygen": k, "sign": s, "verify": v}, messages=1, keygen_insn=keygen,
                  verify_insn=verify)


# (set, keygen insn, sign insn, verify insn, stack keygen/sign/verify), as printed (rounded)
LESS_QEMU = [
    _less("LESS-1b", 70_900_000, 12_110_000_000, 7_850_000_000, (82_336, 191_348, 174_004)),
    _less("LESS-1i", 208_500_000, 4_310_000_000, 2_840_000_000, (82_408, 153_972, 167_804)),
    _less("LESS-1s", 483_600_000, 2_850_000_000, 1_880_000_000, (82_536, 147_164, 166_668)),
    _less("LESS-3b", 280_000_000, 49_380_000_000, 33_660_000_000, (204_104, 432_800, 423_872)),
]

ALL = PQM4_QEMU + SEED_M33 + LESS_QEMU


def for_plot(scheme: str, platform: str) -> list[Anchor]:
    """Anchors of a scheme measured on this platform: never one from another platform."""
    return [a for a in ALL if a.scheme == scheme and a.platform == platform]
