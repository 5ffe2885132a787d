"""The command line and the Python API refuse what would silently sign something else (issue 16):
an empty --rnd or --prehash, non-bytes arguments (bytes(32) is 32 zero bytes), keys refused
without saying why; kat-gen output that cannot be written; LESS, which has no deterministic
mode, never signs with an all-zero salt."""
import json

import pytest
import sigspace

MLDSA, LESS = "ML-DSA-44/reference", "LESS-1b/reference"


@pytest.fixture(scope="module")
def mldsa():
    v = sigspace.variant(MLDSA)
    return v, *v.keygen(bytes(range(32)))


@pytest.fixture(scope="module")
def less():
    v = sigspace.variant(LESS)
    return v, *v.keygen(bytes(range(v.info["sizes"]["seed"])))


def one_line_exit_2(proc, message):
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert message in proc.stderr, proc.stderr


@pytest.mark.parametrize("option, message", [("--rnd", "--rnd is empty"),
                                             ("--prehash", "--prehash is empty")])
def test_cli_empty_rnd_or_prehash_is_an_error(cli, mldsa, option, message):
    _, _, sk = mldsa
    one_line_exit_2(cli("sign", "--variant", MLDSA, "--sk", sk.hex(), "--message", "00",
                        option, ""), message)


def test_api_empty_rnd_or_prehash_is_an_error(mldsa):
    v, _, sk = mldsa
    with pytest.raises(sigspace.registry.InputError, match="rnd is empty"):
        v.sign(sk, b"m", rnd=b"")
    with pytest.raises(sigspace.registry.InputError, match="prehash is empty"):
        v.sign(sk, b"m", prehash="")


@pytest.mark.parametrize("call", [
    lambda v, pk, sk: v.keygen(32),
    lambda v, pk, sk: v.sign(sk, 1000),
    lambda v, pk, sk: v.sign(sk, b"m", rnd=32),
    lambda v, pk, sk: v.sign(list(sk), b"m"),
    lambda v, pk, sk: v.sign(sk, "text"),
    lambda v, pk, sk: v.sign(sk, b"m", context=3),
    lambda v, pk, sk: v.verify(pk, b"m", 2420),
    lambda v, pk, sk: v.load_signing_key(2560),
])
def test_api_refuses_what_is_not_bytes_like(mldsa, call):
    v, pk, sk = mldsa
    with pytest.raises(TypeError, match="must be a bytes-like object"):
        call(v, pk, sk)


def test_api_takes_every_bytes_like_alike(mldsa):
    v, pk, sk = mldsa
    seed = bytes(range(32))
    assert v.keygen(bytearray(seed)) == v.keygen(memoryview(seed)) == (pk, sk)
    sig = v.sign(bytearray(sk), memoryview(b"m"))
    assert sig == v.sign(sk, b"m") and v.verify(memoryview(pk), bytearray(b"m"), sig)


def test_malformed_key_says_what_is_wrong(cli, mldsa):
    v, _, sk = mldsa
    size = len(sk)
    proc = cli("sign", "--variant", MLDSA, "--sk", "ff" * size, "--message", "00")
    one_line_exit_2(proc, f"the length is right ({size} bytes) but the content is malformed")
    assert f"({size} bytes; expected {size})" not in proc.stderr
    one_line_exit_2(cli("sign", "--variant", MLDSA, "--sk", "ff" * 7, "--message", "00"),
                    f"7 bytes; expected {size}")


def test_kat_gen_output_that_cannot_be_written(cli, tmp_path):
    (tmp_path / "PQCsignKAT_13940.rsp").mkdir()  # the .rsp cannot be written
    one_line_exit_2(cli("kat-gen", "--variant", LESS, "--count", "1", "--out", str(tmp_path)),
                    "cannot write")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["PQCsignKAT_13940.rsp"]


@pytest.mark.parametrize("count", ["0", "-1", "abc", "1.5"])
def test_kat_gen_bad_count_is_one_line(cli, tmp_path, count):
    proc = cli("kat-gen", "--variant", LESS, "--count", count, "--out", str(tmp_path / "k"))
    one_line_exit_2(proc, "count")
    assert not (tmp_path / "k").exists()


def test_less_without_rnd_draws_its_salt(cli, less):
    v, pk, sk = less
    outs = [json.loads(cli("sign", "--variant", LESS, "--sk", sk.hex(), "--message", "61",
                           check=True).stdout) for _ in range(2)]
    for out in outs:
        assert out["salt"] == "drawn" and out["nonce_source"] == sigspace.random_policy()["nonce"]
        assert v.verify(pk, b"a", bytes.fromhex(out["signature"]))
    assert outs[0]["signature"] != outs[1]["signature"]  # a fresh salt each time
    assert v.sign(sk, b"a") != v.sign(sk, b"a")


def test_less_with_rnd_is_reproducible(cli, less):
    v, pk, sk = less
    salt = bytes([7]) * v.info["sizes"]["rnd"]
    out = json.loads(cli("sign", "--variant", LESS, "--sk", sk.hex(), "--message", "61",
                         "--rnd", salt.hex(), check=True).stdout)
    assert out == {"signature": v.sign(sk, b"a", rnd=salt).hex(), "salt": "given"}


def test_ml_dsa_without_rnd_stays_deterministic(cli, mldsa):
    v, _, sk = mldsa
    out = json.loads(cli("sign", "--variant", MLDSA, "--sk", sk.hex(), "--message", "61",
                         check=True).stdout)
    assert out == {"signature": v.sign(sk, b"a").hex()}
