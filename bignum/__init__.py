"""Multi-limb arithmetic of the PC-1 kind (Machin, e) and a modern digits workbench.

- bignum.reference: the seed's PC-1 programs in Python (35-bit limbs, top-down division,
  immediate carries): machin(97), napier(100), limbs_to_digits, machin_run(...).stats.
- bignum.digits: compute_digits("pi", 10**6, "chudnovsky"), verify_digits(d, "machin").
- pc1.cli.digits: `pc1 digits` and `pc1 seed`.
"""
