"""Python view of the compile-time registry, backed by the pybind11 module."""
from __future__ import annotations

from . import _sigspace

InputError = _sigspace.InputError
# Schemes with no deterministic signing: the signing randomness (LESS: the salt) is never all
# zeros by default; without rnd it is drawn at the policy's nonce level (ARCHITECTURE.md).
NO_DETERMINISTIC_SIGNING = ("LESS",)


def _bytes(value, name: str) -> bytes:
    """Bytes-like values only (bytes, bytearray, memoryview, buffers): bytes(5) would be five
    zero bytes and bytes([1, 2]) a made-up key, so an int or a list is refused, not coerced."""
    try:
        return memoryview(value).tobytes()
    except TypeError:
        raise TypeError(f"{name} must be a bytes-like object (bytes, bytearray, memoryview), "
                        f"not {type(value).__name__}") from None


def _mode(interface: str | None, prehash: str | None) -> tuple[str, str]:
    """The native call's (interface, prehash), where "" means "not given". None is not given;
    an empty name given is refused: prehash="" would sign in pure mode without a word."""
    out = []
    for value, what in ((interface, "interface"), (prehash, "prehash")):
        if value is None:
            out.append("")
        elif not isinstance(value, str):
            raise TypeError(f"{what} must be a string, not {type(value).__name__}")
        elif not value.strip():
            raise InputError(f"{what} is empty; name one or leave it out")
        else:
            out.append(value)
    return out[0], out[1]


class Variant:
    """One operating point of one parameter set (ARCHITECTURE.md, the variant descriptor)."""

    def __init__(self, variant_id: str):
        self.info = _sigspace.info(variant_id)  # raises InputError for an unknown id
        self.id = self.info["id"]

    def __repr__(self):
        return f"sigspace.variant({self.id!r})"

    def keygen(self, seed: bytes | None = None, *, random: bool = False,
               seed_source: str | None = None) -> tuple[bytes, bytes]:
        """From a seed, or with random=True from a seed drawn at the policy's key-seed level
        (default source: random_policy()["key_seed"]; seed_source names another)."""
        if random == (seed is not None):
            raise ValueError("keygen takes a seed or random=True")
        if seed_source is not None and not random:
            raise ValueError("seed_source goes with random=True")
        if not random:
            return _sigspace.keygen(self.id, _bytes(seed, "seed"))
        pk, sk, _ = _sigspace.keygen_random(self.id, seed_source or "")
        return pk, sk

    def load_signing_key(self, sk: bytes) -> bytes:
        return _sigspace.load_signing_key(self.id, _bytes(sk, "sk"))

    @property
    def deterministic_signing(self) -> bool:
        """False for a scheme whose signing always takes fresh randomness (LESS's salt)."""
        return self.info["scheme"] not in NO_DETERMINISTIC_SIGNING

    def sign(self, sk: bytes, message: bytes, context: bytes = b"", rnd: bytes | None = None,
             interface: str | None = None, prehash: str | None = None, *,
             hedged: bool = False, nonce_source: str | None = None) -> bytes:
        """rnd None and hedged False: deterministic (ML-DSA); a scheme without deterministic
        signing (LESS) then draws its salt as hedged=True does. hedged=True draws rnd (LESS: the
        salt) at the policy's nonce level (default source: random_policy()["nonce"]). rnd, when
        given, is the whole signing randomness (never empty)."""
        if hedged and rnd is not None:
            raise ValueError("hedged signing draws rnd; do not pass rnd")
        if nonce_source is not None and not hedged:
            raise ValueError("nonce_source goes with hedged=True")
        sk, message = _bytes(sk, "sk"), _bytes(message, "message")
        context, mode = _bytes(context, "context"), _mode(interface, prehash)
        if hedged or (rnd is None and not self.deterministic_signing):
            sig, _ = _sigspace.sign_hedged(self.id, sk, message, context, *mode,
                                           nonce_source or "")
            return sig
        if rnd is not None:
            rnd = _bytes(rnd, "rnd")
            if not rnd:  # the native call takes b"" for "no rnd": deterministic
                raise InputError("rnd is empty; leave it out (None) to sign deterministically")
        return _sigspace.sign(self.id, sk, message, context, rnd or b"", *mode)

    def write_nist_kat(self, out_dir, count: int = 100) -> tuple[str, str]:
        """LESS only: PQCsignKAT_<pk bytes>.req and .rsp with count entries in out_dir, as the
        official generator writes them; returns their paths."""
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError(f"count must be an int, not {type(count).__name__}")
        return tuple(_sigspace.write_less_kat(self.id, count, str(out_dir)))

    def verify(self, pk: bytes, message: bytes, signature: bytes, context: bytes = b"",
               interface: str | None = None, prehash: str | None = None) -> bool:
        return _sigspace.verify(self.id, _bytes(pk, "pk"), _bytes(message, "message"),
                                _bytes(signature, "signature"), _bytes(context, "context"),
                                *_mode(interface, prehash))


def random_sources() -> list[str]:
    """Names of the host's randomness sources (os, gcrypt-strong, ...)."""
    return list(_sigspace.random_sources())


def random_policy() -> dict[str, str]:
    """The default policy: the source of key seeds and that of per-signature nonces."""
    return dict(_sigspace.default_policy())


def variants() -> list[str]:
    return list(_sigspace.variant_ids())


def ablations() -> list[str]:
    """Operating points with one technique switched off ("<set>/<point>~<technique>")."""
    return list(_sigspace.ablation_ids())


def variant(variant_id: str) -> Variant:
    return Variant(variant_id)
