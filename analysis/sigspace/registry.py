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

    def keygen(self, seed: bytes) -> tuple[bytes, bytes]:
        return _sigspace.keygen(self.id, bytes(seed))

    def load_signing_key(self, sk: bytes) -> bytes:
        return _sigspace.load_signing_key(self.id, bytes(sk))

    def sign(self, sk: bytes, message: bytes, context: bytes = b"", rnd: bytes | None = None,
             interface: str = "", prehash: str = "") -> bytes:
        return _sigspace.sign(self.id, bytes(sk), bytes(message), bytes(context),
                              b"" if rnd is None else bytes(rnd), interface, prehash)

    def verify(self, pk: bytes, message: bytes, signature: bytes, context: bytes = b"",
               interface: str = "", prehash: str = "") -> bool:
        return _sigspace.verify(self.id, bytes(pk), bytes(message), bytes(signature),
                                bytes(context), interface, prehash)


def variants() -> list[str]:
    return list(_sigspace.variant_ids())


def ablations() -> list[str]:
    """Operating points with one technique switched off ("<set>/<point>~<technique>")."""
    return list(_sigspace.ablation_ids())


def variant(variant_id: str) -> Variant:
    return Variant(variant_id)
