"""`pc1 run` (the headless operator) and `pc1 orders` (the order table)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from pc1.clock import format_duration, parse_clock
from pc1.errors import InputError

DEFAULT_MAX_ORDERS = 500_000_000


class _ActionArg(argparse.Action):
    """Records operator options in the order they are given."""

    def __call__(self, parser, namespace, values, option_string=None):  # noqa: D102
        from pc1.session import Action

        kind = self.dest.replace("_", "-")
        actions = list(getattr(namespace, "actions", None) or [])
        actions.append(Action(kind, values) if kind in ("initial-load", "tape") else Action(kind))
        namespace.actions = actions


def _positive_int(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def clock_type(text: str) -> float:
    """argparse type for a clock rate: '15000', '15k', '10kHz'."""
    try:
        return parse_clock(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a clock rate: {text!r} (e.g. 15000 or 10k)") from None


def _run(args: argparse.Namespace) -> int:
    from pc1.machine import Machine
    from pc1.recipes import recipe
    from pc1.session import Session

    actions = list(args.actions or [])
    if args.recipe:
        actions = recipe(args.recipe) + actions
    if not actions:
        raise InputError("nothing to do: name a recipe or give operator actions "
                         "(--initial-load, --tape, --clear-start, ...)")
    machine = Machine(clock_hz=args.clock)
    if args.punch:
        machine.teleprinter.punch_on = True

    def report(result) -> None:
        # end the printed line first, so the stop report never lands in the middle of it
        sys.stdout.write(result.text + ("\n" if result.text and result.text[-1] != "\n" else ""))
        sys.stdout.flush()
        stop = result.stop
        print(f"pc1 run: {result.action.label()}: {stop.describe()} after {stop.orders:,} "
              f"orders", file=sys.stderr)

    session = Session(machine, max_orders=args.max_orders, on_press=report)
    wall = time.perf_counter()
    for action in actions:
        session.perform(action)
        if session.results and not session.results[-1].stop.by_itself:
            break
    wall = time.perf_counter() - wall
    if args.stats:
        sim = machine.simulated_seconds
        rate = machine.orders / wall if wall > 0 else 0.0
        print(f"pc1 run: {machine.orders:,} orders, {machine.cycles:,} cycles, "
              f"{format_duration(sim)} simulated at {args.clock:g} Hz, "
              f"{wall:.3f} s wall, {rate:,.0f} orders/s", file=sys.stderr)
    if args.punch:
        from pc1.tape import write_tape

        write_tape(args.punch, machine.teleprinter.punched)
    if args.dump_state:
        Path(args.dump_state).write_text(json.dumps(machine.state(), indent=1) + "\n")
    last = machine.last_stop
    if last is None:
        return 0
    return 0 if last.by_itself else 3


def _orders(args: argparse.Namespace) -> int:
    from pc1.orders import ORDERS

    print(f"{'order':<6}{'code':>5}  {'cycles':>6}  semantics")
    for o in ORDERS:
        for long, form in ((False, o.short), (True, o.long)):
            if long and form is o.short:
                continue
            name = o.letter + ("l" if long else "")
            print(f"{name:<6}{o.code:>5}  {form.cycles:>6}  {form.summary}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:
    """Add the machine's subcommands to the `pc1` parser."""
    from pc1.recipes import recipes

    p = sub.add_parser(
        "run", help="run the machine headless: operator actions in order, or a recipe",
        description="Performs operator actions in the order given. Printed text goes to "
        "stdout; each start press is reported on stderr. Recipes: "
        + "; ".join(f"{k}: {p.title}" for k, p in recipes().items()),
    )
    p.add_argument("recipe", nargs="?", choices=sorted(recipes()), help="a named procedure")
    p.add_argument("--initial-load", metavar="FILE", action=_ActionArg, dest="initial_load",
                   help="press INITIAL LOAD with this binary tape in the reader")
    p.add_argument("--tape", metavar="FILE", action=_ActionArg, help="place a tape in the reader")
    for name, what in (("clear-start", "A=R=M=0, start at 0"),
                       ("initial-start", "start at 0 keeping A and R"),
                       ("restart", "continue at K")):
        p.add_argument(f"--{name}", nargs=0, action=_ActionArg,
                       help=f"press {name.upper()}: {what}")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock for simulated time (default 15000; PC-1 on Unity: 10k)")
    p.add_argument("--max-orders", type=_positive_int, default=DEFAULT_MAX_ORDERS, metavar="N",
                   help=f"stop after N orders in all (default {DEFAULT_MAX_ORDERS:,})")
    p.add_argument("--stats", action="store_true", help="orders, cycles and time on stderr")
    p.add_argument("--dump-state", metavar="FILE.json", help="write the final machine state")
    p.add_argument("--punch", metavar="FILE", help="punch on; save the punched tape here")
    p.set_defaults(func=_run, actions=[])

    p = sub.add_parser("orders", help="print the PC-1 order table")
    p.set_defaults(func=_orders)
