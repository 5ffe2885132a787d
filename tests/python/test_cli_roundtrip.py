"""keygen / sign / verify through the command line for every registered variant, byte-identical to
the Python module, and kat-gen reproducing the official LESS-1b file."""
import hashlib
import json
from pathlib import Path

import pytest
import sigspace

KAT = Path(__file__).resolve().parents[2].parent / "shared" / "kat"


# Ablations too: adoption measures them, so they must sign what their operating point signs.
# LESS ablations at categories 3 and 5 are left to the KAT replay (tests/less: their byte
# identity), since the command line runs the same code for every variant and a LESS-5 round
# trip takes seconds per ablation; so are the points of LESS-3b and LESS-5b (LESS-3s and 5s
# run the same code through the command line; a LESS-5b memory-floor round trip takes 20 s).
def _round_trip_ids():
    return ([v for v in sigspace.variants() if not v.startswith(("LESS-3b", "LESS-5b"))]
            + [a for a in sigspace.ablations() if not a.startswith(("LESS-3", "LESS-5"))])


@pytest.mark.parametrize("variant_id", _round_trip_ids())
def test_cli_matches_module(cli, variant_id, tmp_path):
    v = sigspace.variant(variant_id)
    seed = bytes(range(v.info["sizes"]["seed"]))
    message = b"sigspace round trip"
    kp = json.loads(cli("keygen", "--variant", variant_id, "--seed", seed.hex(),
                        check=True).stdout)
    pk, sk = v.keygen(seed)
    assert (bytes.fromhex(kp["pk"]), bytes.fromhex(kp["sk"])) == (pk, sk)

    rnd = bytes([7]) * v.info["sizes"]["rnd"]
    sig_cli = json.loads(cli("sign", "--variant", variant_id, "--sk", sk.hex(), "--message",
                             message.hex(), "--rnd", rnd.hex(), check=True).stdout)["signature"]
    assert bytes.fromhex(sig_cli) == v.sign(sk, message, rnd=rnd)

    # Public keys go through @file: a LESS key in hex is longer than one argument may be.
    (tmp_path / "pk.hex").write_text(pk.hex())
    pk_arg = "@" + str(tmp_path / "pk.hex")
    ok = cli("verify", "--variant", variant_id, "--pk", pk_arg, "--message", message.hex(),
             "--signature", sig_cli)
    assert ok.returncode == 0 and json.loads(ok.stdout) == {"valid": True}
    bad = cli("verify", "--variant", variant_id, "--pk", pk_arg, "--message", "00",
              "--signature", sig_cli)
    assert bad.returncode == 1 and json.loads(bad.stdout) == {"valid": False}


@pytest.mark.parametrize("variant_id", sigspace.variants())
def test_wrong_lengths_exit_2(cli, variant_id):
    proc = cli("keygen", "--variant", variant_id, "--seed", "00" * 3)
    assert proc.returncode == 2 and "seed must be" in proc.stderr
    proc = cli("verify", "--variant", variant_id, "--pk", "00", "--message", "00",
               "--signature", "00")
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr


def test_kat_gen_reproduces_official_less_1b(cli, tmp_path):
    proc = cli("kat-gen", "--variant", "LESS-1b/reference", "--count", "10", "--out", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    sums = dict(reversed(line.split()) for line in (KAT / "less" / "SHA256SUMS").read_text().splitlines())
    for name in ("PQCsignKAT_13940.req", "PQCsignKAT_13940.rsp"):
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == sums[name]
    assert not list(tmp_path.glob("*.partial"))


def test_kat_gen_refuses_ml_dsa(cli, tmp_path):
    proc = cli("kat-gen", "--variant", "ML-DSA-44/reference", "--count", "1", "--out", str(tmp_path))
    assert proc.returncode == 2 and "LESS" in proc.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, message", [
    (["--count", "0"], "positive"),
    (["--count", "x"], "--count"),
])
def test_kat_gen_bad_count_writes_nothing(cli, tmp_path, args, message):
    out = tmp_path / "kat"
    proc = cli("kat-gen", "--variant", "LESS-1b/reference", *args, "--out", str(out))
    assert proc.returncode == 2 and message in proc.stderr and proc.stdout == ""
    assert "Traceback" not in proc.stderr and not out.exists()
