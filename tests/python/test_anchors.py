"""anchors.py against the document it transcribes (../shared/docs/ANCHORS.md): every anchor's
figures are found in the document's tables, so a mistyped figure fails here."""
from pathlib import Path

from sigspace import anchors

DOC = Path(__file__).resolve().parents[2].parent / "shared" / "docs" / "ANCHORS.md"
SCALE = {"M": 10**6, "G": 10**9}


def _number(cell: str) -> int:
    """'1,277,942', '2,599,238 (1.59M-14.7M)', '12.11G' as printed."""
    word = cell.split("(")[0].strip().replace(",", "")
    if word[-1] in SCALE:
        whole, _, frac = word[:-1].partition(".")
        digits = len(str(SCALE[word[-1]])) - 1
        return int(whole + frac.ljust(digits, "0")[:digits])
    return int(word)


def _rows() -> list[list[str]]:
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in DOC.read_text().splitlines() if line.startswith("|")]


def _stacks(cell: str) -> list[int]:
    return [int(s.replace(",", "")) for s in cell.split("/")]


def test_pqm4_anchors_are_the_documents_figures():
    rows = _rows()
    for a in anchors.PQM4_QEMU:
        name = f"{a.param_set} {a.label.removeprefix('pqm4 ')}"
        mine = [r for r in rows if r[0] == name]
        qemu = next(r for r in mine if len(r) == 4)        # keygen, sign median, verify insn
        published = next(r for r in mine if len(r) == 5)   # cycles and the stacks
        assert _number(qemu[2]) == a.sign_insn, name
        assert _stacks(published[4]) == [a.stack[op] for op in ("keygen", "sign", "verify")]


def test_less_anchors_are_the_documents_figures():
    rows = _rows()
    for a in anchors.LESS_QEMU:
        row = next(r for r in rows if r[0] == a.param_set and r[1] == "-O2")
        assert _number(row[3]) == a.sign_insn, a.param_set
        assert _stacks(row[5]) == [a.stack[op] for op in ("keygen", "sign", "verify")]


def test_seed_anchors_are_the_documents_figures():
    rows = {r[0]: r[1:] for r in _rows()}
    column = {"ML-DSA-44": 0, "ML-DSA-65": 1, "ML-DSA-87": 2}
    for a in anchors.SEED_M33:
        i, when = column[a.param_set], (0 if a.label.endswith("before") else 1)
        assert _stacks(rows["signing stack"][i])[when] == a.stack["sign"]
        assert _stacks(rows["keygen stack"][i])[when] == a.stack["keygen"]
        assert _stacks(rows["retained signing key"][i])[when] == a.retained
        workspace = int(rows["external signing workspace"][i].replace(",", ""))
        assert a.workspace == (workspace if when else 0)
