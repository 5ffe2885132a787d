"""Python view of the compile-time registry, backed by the pybind11 module."""
from __future__ import annotations

from . import _sigspace

InputError = _sigspace.InputError


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
            return _sigspace.keygen(self.id, bytes(seed))
        pk, sk, _ = _sigspace.keygen_random(self.id, seed_source or "")
        return pk, sk

    def load_signing_key(self, sk: bytes) -> bytes:
        return _sigspace.load_signing_key(self.id, bytes(sk))

    def sign(self, sk: bytes, message: bytes, context: bytes = b"", rnd: bytes | None = None,
             interface: str = "", prehash: str = "", *, hedged: bool = False,
             nonce_source: str | None = None) -> bytes:
        """rnd None and hedged False: deterministic. hedged=True draws rnd (LESS: the salt) at
        the policy's nonce level (default source: random_policy()["nonce"])."""
        if hedged and rnd is not None:
            raise ValueError("hedged signing draws rnd; do not pass rnd")
        if nonce_source is not None and not hedged:
            raise ValueError("nonce_source goes with hedged=True")
        if hedged:
            sig, _ = _sigspace.sign_hedged(self.id, bytes(sk), bytes(message), bytes(context),
                                           interface, prehash, nonce_source or "")
            return sig
        return _sigspace.sign(self.id, bytes(sk), bytes(message), bytes(context),
                              b"" if rnd is None else bytes(rnd), interface, prehash)

    def write_nist_kat(self, out_dir, count: int = 100) -> tuple[str, str]:
        """LESS only: PQCsignKAT_<pk bytes>.req and .rsp with count entries in out_dir, as the
        official generator writes them; returns their paths."""
        return tuple(_sigspace.write_less_kat(self.id, count, str(out_dir)))

    def verify(self, pk: bytes, message: bytes, signature: bytes, context: bytes = b"",
               interface: str = "", prehash: str = "") -> bool:
        return _sigspace.verify(self.id, bytes(pk), bytes(message), bytes(signature),
                                bytes(context), interface, prehash)


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
