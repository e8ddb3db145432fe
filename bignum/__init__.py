"""Multi-limb arithmetic of the PC-1 kind (Machin, e) and a modern digits workbench.

bignum.reference is the seed's PC-1 programs in Python (35-bit limbs, top-down carries);
bignum.digits computes pi and e to millions of digits and cross-checks the methods.
"""
