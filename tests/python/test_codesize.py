"""Code size per variant from its own objects (analysis/sigspace/platforms/codesize.py): the
reachability walk on a small hand-made image, and on the real host probe, where every variant
is linked into one executable but each must get its own figure."""
import subprocess

import pytest
from sigspace.platforms import codesize, host

HEADERS = """
Idx Name          Size      VMA               LMA               File off  Algn
  0 .text         00000100  0000000000001000  0000000000001000  00001000  2**4
                  CONTENTS, ALLOC, LOAD, READONLY, CODE
  1 .data         00000010  0000000000002000  0000000000002000  00002000  2**3
                  CONTENTS, ALLOC, LOAD, DATA
  2 .bss          00000020  0000000000003000  0000000000003000  00003000  2**3
                  ALLOC
"""
NM = """0000000000001000 0000000000000010 T entry
0000000000001010 0000000000000020 T helper
0000000000001030 0000000000000040 T unrelated
0000000000002000 0000000000000010 D table
0000000000003000 0000000000000020 B scratch
"""
DISASSEMBLY = """
0000000000001000 <entry>:
    1000:	call   1010 <helper>
    1005:	lea    0xff0(%rip),%rax        # 2000 <table>
0000000000001010 <helper>:
    1010:	mov    0x1fe8(%rip),%rax        # 3000 <scratch>
    1017:	jmp    1010 <helper>
0000000000001030 <unrelated>:
    1030:	call   1010 <helper>
"""


def fake_image():
    image = codesize.Image.__new__(codesize.Image)
    image.path = "fake"
    image.symbols = codesize.symbols(NM, codesize.section_kinds(HEADERS))
    image._starts = [s.start for s in image.symbols]
    image.refs = codesize.references(DISASSEMBLY)
    image.nm_text = NM
    return image


def test_reachable_functions_and_their_objects_are_counted_once():
    assert fake_image().footprint([0x1000]) == {"text": 0x30, "data": 0x10, "bss": 0x20}


def test_what_is_not_reached_is_not_counted():
    assert fake_image().footprint([0x1010]) == {"text": 0x20, "data": 0, "bss": 0x20}


@pytest.fixture(scope="module")
def platform():
    return host.HostPlatform()


def test_host_code_size_is_per_variant(platform):
    ids = ["ML-DSA-44/reference", "ML-DSA-44/speed-ceiling", "ML-DSA-87/reference",
           "LESS-1b/reference"]
    texts = {v: platform.code_size(v)["text"] for v in ids}
    assert len(set(texts.values())) == len(ids), texts
    whole = subprocess.run(["size", host._probe()], capture_output=True, text=True).stdout
    whole_text = int(whole.splitlines()[1].split()[0])
    assert all(0 < t < whole_text / 2 for t in texts.values()), (texts, whole_text)


def test_an_ablation_has_its_own_code_size(platform):
    point = platform.code_size("ML-DSA-44/balanced")
    assert platform.code_size("ML-DSA-44/balanced~early-reject") != point
