"""`pc1 verify pi|e`: run a historic computation and check it against independent references."""

from __future__ import annotations

import argparse


def _verify(args: argparse.Namespace) -> int:
    from pc1.devices import find_file
    from pc1.verify import verify_e, verify_pi

    r0 = find_file(args.r0) if args.r0 else None
    report = (verify_pi if args.constant == "pi" else verify_e)(r0)
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def register(sub: argparse._SubParsersAction) -> None:
    """Add `pc1 verify` to the `pc1` parser."""
    p = sub.add_parser(
        "verify", help="run pi-1000 or e-1000 on the PC-1 and check limbs and digits",
        description="pi: runs R0 + tapes/pi1000cmp.ptr, compares the 97 limbs at long words "
        "300..492 bit for bit with the seed's Scheme program (bignum.reference.machin_ints(97), "
        "the steps of its limb-by-limb port on one Python integer), then R0 + "
        "tapes/pi1000prt.ptr and compares the printout with the Chudnovsky series' digits, "
        "truncated. e: the same for tapes/e1000.ptr (100 limbs at 300..498 against "
        "bignum.reference.napier_ints(100); digits from the sum of 1/k!). Exits 1 on any "
        "difference.",
    )
    p.add_argument("constant", choices=("pi", "e"), help="which computation to verify")
    p.add_argument("--r0", metavar="FILE.ptw", default=None,
                   help="the R0 tape to load (default: our own, tapes/r0.ptw)")
    p.set_defaults(func=_verify)
