"""The command-line contract for bad input: a clear message on stderr, exit 2, nothing on stdout."""
import json
import subprocess

import pytest
import sigspace
from sigspace.platforms.host import bin_dir


def test_list_json_matches_module(cli):
    proc = cli("list", "--json", check=True)
    listed = json.loads(proc.stdout)
    assert [v["id"] for v in listed] == sigspace.variants()
    for entry in listed:
        assert entry == sigspace.variant(entry["id"]).info


def test_probe_describes_variants_as_the_module_does():
    """The host platform reads the registry from the probe; both use one description."""
    listed = json.loads(subprocess.run([str(bin_dir() / "sigspace-probe"), "list"],
                                       capture_output=True, text=True, check=True).stdout)
    assert listed == [sigspace.variant(i).info for i in sigspace.variants()]


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
