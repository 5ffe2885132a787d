"""sigspace: the speed-memory design space of post-quantum signatures.

    import sigspace
    v = sigspace.variant("ML-DSA-65/reference")
    pk, sk = v.keygen(seed)
    sig = v.sign(sk, message, context=b"", rnd=None)   # rnd None: deterministic (LESS: salt drawn)
    sig = v.sign(sk, message, hedged=True)             # rnd drawn through the policy
    ok = v.verify(pk, message, sig, context=b"")
"""
from .registry import Variant, ablations, random_policy, random_sources, variant, variants

__all__ = ["Variant", "ablations", "random_policy", "random_sources", "variant", "variants"]
__version__ = "0.1.0"
