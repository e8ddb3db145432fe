"""Text reports of the reference layer for the console and the CLI: the seed's 40-digit
table, a limb run with its division steps and carry ripples, the carry survey by base."""

from __future__ import annotations

from dataclasses import dataclass

from bignum.limbs import BASE, LimbStats, limbs_to_digits
from bignum.pc1_e import napier_run
from bignum.pc1_machin import machin_run, ripple_survey
from bignum.seed_walkthrough import format_row, walkthrough


def table_report(digits: int = 40) -> list[str]:
    """The seed's printout of ss and ts for `digits` digits, then the n each loop returned."""
    rows, returned = walkthrough(digits)
    width = digits + 2
    lines = [f"ss {80 * 10**digits:>{width}}"]
    for i, row in enumerate(rows):
        if i and rows[i - 1].z != row.z:
            lines.append(_returned(rows[i - 1].z, returned))
            lines.append(f"ss {956 * 10**digits:>{width}}")
        lines.extend(format_row(row, width).splitlines())
    lines.append(_returned(rows[-1].z, returned))
    return lines


def _returned(z: int, returned: dict[int, int]) -> str:
    """The seed prints the bare n its do-loop returned; we say what that number is."""
    n = returned[z]
    return f"{n}  (the loop for arctan 1/{z} returned n = {n}: {(n - 1) // 2} terms, ss = 0)"


def _stats_lines(stats: LimbStats) -> list[str]:
    lines = [f"division steps      {stats.divide_steps:,}"]
    if stats.addsub_steps:
        ripples = ", ".join(f"{k}: {v}" for k, v in sorted(stats.ripples.items())) or "none"
        lines += [
            f"  in ldiv+-         {stats.addsub_steps:,}",
            f"non-zero adds       {stats.nonzero_adds:,}",
            f"carries that left their limb  {stats.carries:,}",
            f"ripple lengths      {ripples}  (1 = stopped in the next limb up)",
        ]
    return lines


def run_report(constant: str, limbs: int, start_index: bool = True,
               show_limbs: bool = False) -> list[str]:
    """A reference run of pi (Machin) or e (four terms a step): statistics and leading digits."""
    if constant == "pi":
        run = machin_run(limbs, start_index=start_index)
        title = f"pi by Machin, {limbs} limbs of 35 bits, " + (
            "division from the start index b" if start_index else "division always from the top"
        )
    else:
        run = napier_run(limbs)
        title = f"e four terms a step, {limbs} limbs of 35 bits"
    digits = limbs_to_digits(run.limbs)
    lines = [title, *_stats_lines(run.stats),
             f"decimals resolved   {len(digits)}",
             f"value               {run.limbs[0]}.{digits[:50]}..."]
    if show_limbs:
        lines.append("limbs (octal, limb 0 = integer part):")
        lines.extend(f"  {i:3d}  {limb:012o}" for i, limb in enumerate(run.limbs))
    return lines


def ripple_report() -> list[str]:
    """How far carries travel in the Machin run, for 35-bit, 4-decimal and 1-decimal limbs."""
    lines = [f"{'base':>12} {'limbs':>6} {'adds':>8} {'carries':>8}  ripple lengths"]
    for base, n, stats in ripple_survey():
        name = "2**35" if base == BASE else f"{base}"
        ripples = ", ".join(f"{k}: {v}" for k, v in sorted(stats.ripples.items()))
        lines.append(f"{name:>12} {n:>6} {stats.nonzero_adds:>8,} {stats.carries:>8,}  {ripples}")
    return lines


@dataclass(frozen=True)
class Instrumentation:
    """The seed program's counters for one constant, as the console charts them."""

    constant: str
    limbs: int
    steps: dict[str, int]  # division steps by way of dividing, e.g. "start index b"
    ripples: dict[str, dict[int, int]]  # limb base -> {ripple length: carries}; empty for e


def instrumentation(constant: str) -> Instrumentation:
    """Division steps (pi: with and without the start index) and how far carries rippled."""
    if constant == "e":
        run = napier_run(100)
        return Instrumentation("e", 100, {"four terms a step": run.stats.divide_steps}, {})
    if constant != "pi":
        raise ValueError(f"unknown constant {constant!r} (choose pi or e)")
    steps = {
        "start index b": machin_run(97).stats.divide_steps,
        "from the top": machin_run(97, start_index=False).stats.divide_steps,
    }
    ripples = {("2**35" if base == BASE else str(base)): dict(sorted(stats.ripples.items()))
               for base, _, stats in ripple_survey()}
    return Instrumentation("pi", 97, steps, ripples)
