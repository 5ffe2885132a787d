"""Randomness policy: hedged signing and random keygen on the command line and in the module,
deterministic signing kept as the default, bad source names refused (exit 2), the config
setting, the record schema extension, and the randomness table."""
import json
import textwrap

import pytest
import sigspace
from sigspace import config, randomness_table, results

V = "ML-DSA-44/reference"
SEED = "00" * 32
MSG = "616263"


@pytest.fixture(scope="module")
def keys():
    return sigspace.variant(V).keygen(bytes.fromhex(SEED))


def test_cli_hedged_signs_fresh_and_verifies(cli, keys):
    pk, sk = keys
    out = [json.loads(cli("sign", "--variant", V, "--sk", sk.hex(), "--message", MSG,
                          "--hedged", check=True).stdout) for _ in range(2)]
    assert out[0]["nonce_source"] == sigspace.random_policy()["nonce"] == "shake-drbg"
    assert out[0]["signature"] != out[1]["signature"]
    for o in out:
        cli("verify", "--variant", V, "--pk", pk.hex(), "--message", MSG, "--signature",
            o["signature"], check=True)


def test_cli_default_stays_deterministic(cli, keys):
    _, sk = keys
    plain = json.loads(cli("sign", "--variant", V, "--sk", sk.hex(), "--message", MSG,
                           check=True).stdout)
    zero = json.loads(cli("sign", "--variant", V, "--sk", sk.hex(), "--message", MSG, "--rnd",
                          "00" * 32, check=True).stdout)
    assert plain == zero and "nonce_source" not in plain


@pytest.mark.parametrize("source", sigspace.random_sources())
def test_every_source_signs(keys, source):
    pk, sk = keys
    v = sigspace.variant(V)
    sig = v.sign(sk, b"abc", hedged=True, nonce_source=source)
    assert v.verify(pk, b"abc", sig)


def test_cli_keygen_random(cli):
    out = json.loads(cli("keygen", "--variant", V, "--random", check=True).stdout)
    assert out["seed_source"] == "gcrypt-very-strong"
    v = sigspace.variant(V)
    sk, pk = bytes.fromhex(out["sk"]), bytes.fromhex(out["pk"])
    assert v.verify(pk, b"m", v.sign(sk, b"m"))
    other = json.loads(cli("keygen", "--variant", V, "--random", "--seed-source", "os",
                           check=True).stdout)
    assert other["seed_source"] == "os" and other["pk"] != out["pk"]


@pytest.mark.parametrize("args, message", [
    (["sign", "--sk", "00" * 32, "--message", "00", "--hedged", "--nonce-source", "urandom"],
     "unknown randomness source 'urandom'"),
    (["sign", "--sk", "00" * 32, "--message", "00", "--nonce-source", "os"], "goes with --hedged"),
    (["sign", "--sk", "00" * 32, "--message", "00", "--hedged", "--rnd", "00" * 32], "--rnd"),
    (["keygen", "--random", "--seed-source", "dev-random"], "unknown randomness source"),
    (["keygen"], "--seed HEX or --random"),
    (["keygen", "--seed", SEED, "--random"], "--seed HEX or --random"),
])
def test_bad_randomness_usage_exits_2(cli, args, message):
    proc = cli(args[0], "--variant", V, *args[1:])
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == "" and message in proc.stderr and "Traceback" not in proc.stderr


def test_module_rejects_mixed_requests(keys):
    v = sigspace.variant(V)
    with pytest.raises(ValueError):
        v.sign(keys[1], b"m", rnd=bytes(32), hedged=True)
    with pytest.raises(ValueError):
        v.sign(keys[1], b"m", nonce_source="os")
    with pytest.raises(ValueError, match="unknown randomness source"):
        v.sign(keys[1], b"m", hedged=True, nonce_source="nope")


def test_config_nonce_sources_checked(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text(textwrap.dedent(f"""\
        [campaign]
        variants = ["{V}"]

        [metrics.time]
        ops = ["sign"]
        nonce_sources = ["os", "gcrypt-weak"]
        """))
    with pytest.raises(config.ConfigError, match="gcrypt-weak") as e:
        config.load(path, sigspace.variants())
    assert e.value.line == 6


def _record(source, metric, value, rep=0, method="gbench-hedged"):
    r = {"schema": 1, "run": "20250101T000000Z-abcdef1", "variant": V, "scheme": "ML-DSA",
         "param_set": "ML-DSA-44", "op_point": "reference", "techniques": [], "platform": "host",
         "op": "sign", "metric": metric, "unit": "ns", "value": value, "method": method,
         "rep": rep}
    return {**r, "rng_source": source} if source else r


def test_schema_and_keys_carry_the_source():
    r = _record("os", "rng_time", 1500.0)
    results.check_record(r)
    assert list(results.ordered(r))[-1] == "rng_source"
    with pytest.raises(results.ResultsError):
        results.check_record({k: v for k, v in r.items() if k != "rng_source"})
    results.check_unique([r, _record("shake-drbg", "rng_time", 900.0)], "two sources")


def test_table_before_after_and_share(tmp_path):
    recs = [_record(None, "time", 100e3, method="gbench")]
    for rep in range(5):
        recs += [_record("gcrypt-very-strong", "time", 2100e3, rep),
                 _record("gcrypt-very-strong", "rng_time", 2000e3, rep),
                 _record("shake-drbg", "time", 140e3, rep),
                 _record("shake-drbg", "rng_time", 1.4e3, rep)]
    table = randomness_table.rows(recs)
    md = randomness_table.markdown("RUN", {}, table, "shake-drbg")
    assert "| ML-DSA-44/reference | 2100.00 (2100.00-2100.00) | 140.00 (140.00-140.00) | 5 " \
        "| 15.00x |" in md
    share = {r["rng_source"]: r["rng_share"] for r in table}
    assert share["shake-drbg"] == pytest.approx(0.01) and share["fixed rnd"] == 0
    assert randomness_table.csv_text("RUN", table).splitlines()[0].startswith("run,param_set")
