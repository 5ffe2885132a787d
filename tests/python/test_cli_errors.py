"""The command-line contract for bad input: a clear message on stderr, exit 2, nothing on stdout."""
import json

import pytest
import sigspace


def test_list_json_matches_module(cli):
    proc = cli("list", "--json", check=True)
    listed = json.loads(proc.stdout)
    assert [v["id"] for v in listed] == sigspace.variants()
    for entry in listed:
        assert entry == sigspace.variant(entry["id"]).info


@pytest.mark.parametrize("args, message", [
    (["keygen", "--variant", "No-Such/variant", "--seed", "00"], "unknown variant"),
    (["keygen", "--seed", "00"], "--variant"),
    (["frobnicate"], "invalid choice"),
    (["sign", "--variant", "x", "--sk", "zz", "--message", "00"], ""),
])
def test_bad_usage_exits_2(cli, args, message):
    proc = cli(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_variant_from_module():
    with pytest.raises(ValueError, match="unknown variant"):
        sigspace.variant("ML-DSA-99/reference")
