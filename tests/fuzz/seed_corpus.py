#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, made from the official vectors in place (../shared/kat;
nothing is copied into the repository): Wycheproof ML-DSA keys, messages and signatures and the
first LESS NIST KAT entries, laid out as each target reads its input (fuzz_support.hpp).

    seed_corpus.py KAT_DIR OUT_DIR      writes OUT_DIR/<target>/<name>
"""
import hashlib
import json
import sys
from pathlib import Path

MLDSA_SETS = ["44", "65", "87"]       # registry order of ML-DSA-44/65/87 (pick_set's index)
MLDSA_SIZES = {"44": (1312, 2420), "65": (1952, 3309), "87": (2592, 4627)}  # pk, signature
LESS_SETS = {"13940": (0, 16), "35074": (1, 16), "41788": (2, 16),   # pk bytes -> index, lambda
             "65793": (3, 24), "105174": (4, 24), "97484": (5, 32), "197315": (6, 32)}
LESS_ENTRIES = 2                      # per set: signing a category 5 entry takes seconds


def message_fields(msg: bytes, ctx: bytes = b"") -> bytes | None:
    """mode pure, no pre-hash, the context, then the message (fuzz_support.cpp read_message;
    None for a context length that encoding cannot express)."""
    n = len(ctx)
    code = n if n < 250 else 250 + (n - 250) // 10 if n <= 300 and n % 10 == 0 else None
    return None if code is None else bytes([0, 0, code]) + ctx + msg


def length_fields(pk: bytes, sig: bytes, sizes: tuple[int, int]) -> bytes | None:
    """fuzz_verify's key byte (bit 0: one byte short) and its two-byte signature length (None
    for a key length or signature length it cannot express)."""
    short = sizes[0] - len(pk)
    if short not in (0, 1) or len(sig) > sizes[1] + 2:
        return None
    return bytes([short]) + len(sig).to_bytes(2, "little")


def mldsa(kat: Path, out: Path) -> None:
    for i, s in enumerate(MLDSA_SETS):
        w = kat / "mldsa" / "wycheproof"
        verify = json.loads((w / f"mldsa_{s}_verify_test.json").read_text())
        for g in verify["testGroups"]:
            pk = bytes.fromhex(g["publicKey"])
            for t in g["tests"][:40]:
                sig, msg = bytes.fromhex(t["sig"]), bytes.fromhex(t.get("msg", ""))
                fields = message_fields(msg, bytes.fromhex(t.get("ctx", "")))
                lengths = length_fields(pk, sig, MLDSA_SIZES[s])
                if fields is not None and lengths is not None:
                    write(out / "fuzz_mldsa_verify", f"mldsa{s}-{t['tcId']}",
                          bytes([0, i]) + lengths + pk + sig + fields)
        signs = json.loads((w / f"mldsa_{s}_sign_seed_test.json").read_text())
        for g in signs["testGroups"]:
            seed = bytes.fromhex(g["privateSeed"])
            for t in g["tests"][:10]:
                fields = message_fields(bytes.fromhex(t.get("msg", "")), bytes.fromhex(t.get("ctx", "")))
                if fields is not None:
                    write(out / "fuzz_mldsa_sign", f"mldsa{s}-{t['tcId']}",
                          bytes([0, i]) + seed + bytes(32) + fields)
            write(out / "fuzz_mldsa_load_key", f"mldsa{s}-seed", bytes([0, i, 1]) + seed)
        noseed = json.loads((w / f"mldsa_{s}_sign_noseed_test.json").read_text())
        for k, g in enumerate(noseed["testGroups"][:4]):
            write(out / "fuzz_mldsa_load_key", f"mldsa{s}-sk{k}",
                  bytes([0, i, 0]) + bytes.fromhex(g["privateKey"]))


def less(kat: Path, out: Path) -> None:
    for rsp in sorted((kat / "less").glob("PQCsignKAT_*.rsp")):
        index, lam = LESS_SETS[rsp.stem.split("_")[1]]
        shake = hashlib.shake_128 if lam == 16 else hashlib.shake_256
        entries = rsp.read_text().split("\n\n")
        for n, entry in enumerate(e for e in entries if e.startswith("count")):
            if n == LESS_ENTRIES:
                break
            f = dict(line.split(" = ", 1) for line in entry.splitlines() if " = " in line)
            msg = bytes.fromhex(f["msg"]) if int(f["mlen"]) else b""
            pk, sm = bytes.fromhex(f["pk"]), bytes.fromhex(f["sm"])
            sig = sm[len(msg):]
            write(out / "fuzz_less_verify", f"less{index}-{n}",
                  bytes([1, index, 0]) + len(sig).to_bytes(2, "little") + pk + sig +
                  message_fields(msg))
            rng = shake(bytes.fromhex(f["seed"])).digest(4 * lam)  # the KAT's sk, then its salt
            write(out / "fuzz_less_sign", f"less{index}-{n}",
                  bytes([1, index]) + rng + message_fields(msg))
            write(out / "fuzz_less_load_key", f"less{index}-{n}", bytes([1, index, 0]) + rng[:2 * lam])
            write(out / "fuzz_parsers", f"rsp{index}-{n}", b"\0" + entry.encode())


def parsers(out: Path) -> None:
    for name, text in {"names-pure": b"pure\0\0", "names-sha256": b"\0SHA2-256\0ctx",
                       "names-shake": b"prehash\0SHAKE-128\0", "hex": b"00ff0A"}.items():
        write(out / "fuzz_parsers", name, bytes([1 if name.startswith("names") else 2]) + text)


def write(folder: Path, name: str, data: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data)


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    kat, out = Path(sys.argv[1]), Path(sys.argv[2])
    if not (kat / "mldsa" / "wycheproof").is_dir() or not (kat / "less").is_dir():
        print(f"seed_corpus: no official vectors under {kat}", file=sys.stderr)
        return 2
    mldsa(kat, out)
    less(kat, out)
    parsers(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
