"""`pc1 run` (the headless operator) and `pc1 orders` (the order table)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pc1.base import (
    InputError,
    Output,
    Reporter,
    check_input,
    check_output,
    escape,
    say,
)
from pc1.cli.arguments import (
    DEFAULT_MAX_ORDERS,
    MAX_ORDERS_LIMIT,
    TIME_LIMIT_MAX,
    bounded_int,
    bounded_seconds,
    clock_type,
)
from pc1.devices import refuse_ours
from pc1.machine import format_duration
from pc1.operator import Operator, PunchWriter, describe

if TYPE_CHECKING:
    from pc1.devices import WavStream
    from pc1.machine import Machine, Profile

WAV_LIMIT = 900.0  # seconds of sound in --wav (88.2 kB a second)
WAV_LIMIT_MAX = 3 * 3600.0  # about 1 GB
START_ACTIONS = ("clear-start", "initial-start", "restart")


class _ActionArg(argparse.Action):
    """Records operator options in the order they are given."""

    def __call__(self, parser, namespace, values, option_string=None):  # noqa: D102
        from pc1.devices import find_file
        from pc1.operator import Action

        kind = self.dest.replace("_", "-")
        actions = list(getattr(namespace, "actions", None) or [])
        if kind in ("initial-load", "tape"):
            # "-" is standard input; a bare name we ship (r0.ptw) is found from any folder
            actions.append(Action(kind, values if values == "-" else find_file(values)))
        else:
            actions.append(Action(kind))
        namespace.actions = actions


def _run(args: argparse.Namespace) -> int:
    from pc1.machine import Machine
    from pc1.operator import recipe

    actions = list(args.actions or [])
    if args.recipe:
        actions = recipe(args.recipe, args.operands) + actions
    elif args.operands:
        raise InputError(f"operands without a recipe: {' '.join(args.operands)}")
    if not actions and not args.script and not args.restore:
        raise InputError("nothing to do: name a recipe or give operator actions "
                         "(--initial-load, --tape, --clear-start, ...)")
    if not any(a.kind in START_ACTIONS for a in actions) and not (
            args.dump_state or args.script or args.restore):
        raise InputError("no start press: the machine would be loaded but never run "
                         "(add --clear-start, --initial-start or --restart)")
    # every file is checked before the run: a bad one is one line, not a report and a line
    for action in actions:
        if isinstance(action.tape, (str, Path)) and str(action.tape) != "-":  # "-": stdin
            check_input(action.tape, "a tape file")
    if args.script:
        from pc1.devices import find_file

        args.script = find_file(args.script)  # ours by bare name (e1000.pc1s) from any folder
        check_input(args.script, "a monitor script")
    for path in (args.punch, args.wav, args.dump_state):
        if path:
            refuse_ours(path)
            check_output(path)
    machine = Machine(clock_hz=args.clock)
    if args.restore:  # the saved machine first; the actions go on from it
        from pc1.machine import apply_state, read_state

        apply_state(machine, read_state(args.restore))
    sound = None
    if args.wav:  # opened now: a file that cannot be written is said before the run
        from pc1.devices import WavStream

        sound = WavStream(args.wav, args.clock, max_seconds=args.wav_limit)
    try:
        operator, script_status, wall = _perform(args, actions, machine, sound)
    finally:
        if sound is not None:  # what the script's run left; an error still leaves a whole WAV
            sound.feed(machine.speaker_events)
            sound.close(machine.cycles)
    if args.stats:
        sim = machine.simulated_seconds
        rate = machine.orders / wall if wall > 0 else 0.0
        print(f"pc1 run: {machine.orders:,} orders, {machine.cycles:,} cycles, "
              f"{format_duration(sim)} simulated at {args.clock:g} Hz, "
              f"{wall:.3f} s wall, {rate:,.0f} orders/s", file=sys.stderr)
    if args.dump_state:
        from pc1.machine import write_state

        write_state(machine, args.dump_state)
    _say_what_was_heard(args, operator, sound)
    if script_status is not None:
        return script_status
    if not operator.presses:
        print("pc1 run: no start press: the machine was loaded but not run", file=sys.stderr)
        return 0
    if operator.interrupted:
        return 130  # the shell's status for Ctrl-C
    return 0 if operator.presses[-1].by_itself else 3


def _say_what_was_heard(args: argparse.Namespace, operator: Operator,
                        sound: WavStream | None) -> None:
    """Name the WAV written, or, when the speaker played without --wav, how to hear it."""
    if sound is not None:
        seconds = sound.samples / sound.rate
        cut = (f": the first {format_duration(args.wav_limit)} of the run's "
               f"{format_duration(operator.machine.simulated_seconds)} (--wav-limit)"
               if sound.cut else "")
        print(f"pc1 run: wrote {escape(str(args.wav))}: {seconds:.1f} s of sound (mono, 16-bit, "
              f"{sound.rate} Hz){cut}", file=sys.stderr)
    elif operator.speaker_changes or operator.machine.speaker_events:
        print("pc1 run: the program played the speaker (flip-flop 31); --wav FILE.wav saves "
              "the sound", file=sys.stderr)


def _perform(args: argparse.Namespace, actions: list, machine: Machine,
             sound: WavStream | None) -> tuple[Operator, int | None, float]:
    """The actions, then the script: (the operator, the script's status, wall seconds)."""

    def write(text: str) -> None:
        sys.stdout.write(text)
        sys.stdout.flush()  # the text appears as the teleprinter prints it

    script_status = None
    # the teleprinter's text goes out in pieces of lines: no bar over it on one terminal
    progress = Reporter("pc1 run", quiet=args.quiet, whole_lines=False)
    with _punch_file(args.punch) as punch, progress:
        if punch is not None:
            machine.teleprinter.punch_on = True

        def show(orders: int, simulated: float) -> None:
            progress.count(orders, unit="orders", note=f"{format_duration(simulated)} simulated")

        operator = Operator(machine, write, max_orders=args.max_orders,
                            time_limit=args.time_limit, punch=punch, sound=sound,
                            progress=show)
        wall = time.perf_counter()
        with operator.catching_interrupts():
            for action in actions:
                if args.profile and action.kind in START_ACTIONS:
                    from pc1.machine import Profile  # its module only for --profile

                    operator.profile = Profile(machine)
                press = operator.perform(action)
                if press is None:
                    continue
                operator.end_line()
                report = describe(press, max_orders=args.max_orders, time_limit=args.time_limit)
                say("run", report)
                if operator.profile is not None:
                    _print_profile(operator.profile, machine, args.clock)
                if not press.by_itself:
                    break
        if args.script and not operator.interrupted and all(p.by_itself for p in operator.presses):
            from pc1.cli.script import perform_script

            script_status = perform_script(Path(args.script), machine,
                                           max_orders=args.max_orders,
                                           time_limit=args.time_limit, command="run",
                                           progress=progress)
        wall = time.perf_counter() - wall
    return operator, script_status, wall


def _print_profile(profile: Profile, machine: Machine, clock: float) -> None:
    """The press's profile on stderr (stdout carries the paper), by the tape's routines."""
    from pc1.asm import routines_for_tape
    from pc1.machine import profile_table

    routines = routines_for_tape(machine.tape.name if machine.tape else None)
    for line in profile_table(profile, routines, clock_hz=clock):
        print(f"pc1 run: {line}" if line else "", file=sys.stderr)


@contextmanager
def _punch_file(path: str | None) -> Iterator[PunchWriter | None]:
    """The --punch file, written as the machine punches (a punching loop costs no memory) and
    put in place when the run ends (also by Ctrl-C); a reel of the reader's limit."""
    if not path:
        yield None
        return
    from pc1.devices import tape_format

    kind = tape_format(Path(path))
    out = Output(path, "wb")
    writer = PunchWriter(out.stream, kind)
    try:
        yield writer
        writer.close()
    except BaseException:
        out.abort()
        raise
    out.commit()
    if writer.overrun:
        say("run", f"{path}: the reel is full at {writer.frames:,} frames (what the reader "
                   f"takes back); {writer.overrun:,} more were not punched")


def _orders(args: argparse.Namespace) -> int:
    from pc1.machine import order_forms

    print(f"{'order':<6}{'code':>5}  {'cycles':>6}  semantics")
    for row in order_forms():
        print(f"{row.name:<6}{row.order.code:>5}  {row.form.cycles:>6}  {row.form.summary}")
    return 0


class _RecipeNames:
    """The recipe names as argparse's choices, read from the tape manifest only when they are
    listed: a name we ship a script for is a recipe without it (pc1/operator/procedures.py),
    so `pc1 run e1000` does not parse the manifest to check its argument."""

    def __contains__(self, name: object) -> bool:
        from pc1.operator import is_recipe

        return isinstance(name, str) and is_recipe(name)

    def __iter__(self) -> Iterator[str]:
        from pc1.operator import recipes

        return iter(sorted(recipes()))


def _help_naming_recipes(parser: argparse.ArgumentParser) -> str:
    """`pc1 run --help`, its description ending with the recipes (read from the manifest
    now, not when the parser is made for a run)."""
    from pc1.operator import recipes

    parser.description = RUN_DESCRIPTION + "; ".join(
        f"{k}: {p.title}" for k, p in recipes().items())
    return type(parser).format_help(parser)


RUN_DESCRIPTION = ("Performs operator actions in the order given. Printed text goes to stdout; "
                   "each start press is reported on stderr. Recipes: ")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the machine's subcommands to the `pc1` parser."""
    p = sub.add_parser(
        "run", help="run the machine headless: operator actions in order, or a recipe",
        description=RUN_DESCRIPTION + "see pc1 run --help",
    )
    p.format_help = lambda run=p: _help_naming_recipes(run)  # the manifest: for --help only
    p.add_argument("recipe", nargs="?", choices=_RecipeNames(), metavar="RECIPE",
                   help="a named procedure (the recipes are listed above)")
    from pc1.operator import OPERANDS

    p.add_argument("operands", nargs="*", metavar="OPERAND",
                   help="what the recipe reads: "
                   + ", ".join(f"{k} {o.usage}" for k, o in OPERANDS.items()))
    p.add_argument("--initial-load", metavar="FILE", action=_ActionArg, dest="initial_load",
                   help="press INITIAL LOAD with this binary tape in the reader (our tapes "
                   "by bare name, e.g. r0.ptw: see `pc1 tapes`; - reads standard input)")
    p.add_argument("--tape", metavar="FILE", action=_ActionArg,
                   help="place a tape in the reader (e.g. e1000.ptr; - reads standard input)")
    for name, what in (("clear-start", "A=R=M=0, start at 0"),
                       ("initial-start", "start at 0 keeping A and R"),
                       ("restart", "continue at K")):
        p.add_argument(f"--{name}", nargs=0, action=_ActionArg,
                       help=f"press {name.upper()}: {what}")
    p.add_argument("--clock", type=clock_type, default=15_000.0, metavar="HZ",
                   help="clock for simulated time (default 15000; PC-1 on Unity: 10k)")
    p.add_argument("--max-orders", type=bounded_int(1, MAX_ORDERS_LIMIT),
                   default=DEFAULT_MAX_ORDERS, metavar="N",
                   help=f"stop after N orders in all (default {DEFAULT_MAX_ORDERS:,})")
    p.add_argument("--time-limit", type=bounded_seconds(0, TIME_LIMIT_MAX), metavar="SECONDS",
                   help="stop after this many seconds of wall-clock time (default: none)")
    p.add_argument("--stats", action="store_true", help="orders, cycles and time on stderr")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no progress on stderr during a long run (a bar on a terminal after a "
                   "second unless the text is printed there too, else a line every 10 s); the "
                   "stops are still reported")
    p.add_argument("--profile", action="store_true",
                   help="after each start press, where its time went on stderr: orders, "
                   "cycles and share of simulated time by routine, by order and by address "
                   "(pc1 docs profile)")
    p.add_argument("--dump-state", metavar="FILE.json", help="write the final machine state "
                   "(registers, store, counters, the tape in the reader; pc1 docs monitor)")
    p.add_argument("--restore", metavar="FILE.json", help="first put the machine in a state "
                   "saved by --dump-state or the monitor's save-state (then e.g. --restart)")
    p.add_argument("--wav", metavar="FILE.wav",
                   help="write the speaker's sound (flip-flop 31) at the --clock rate, as the "
                   "run goes")
    p.add_argument("--wav-limit", type=bounded_seconds(0, WAV_LIMIT_MAX), metavar="SECONDS",
                   default=WAV_LIMIT, help=f"the WAV holds at most this much sound (default "
                   f"{WAV_LIMIT:g}: {WAV_LIMIT * 88_200 / 1e6:.0f} MB; a run stopped by "
                   "--max-orders can last a day of simulated time)")
    p.add_argument("--punch", metavar="FILE", help="punch on; save the punched tape here")
    p.add_argument("--script", metavar="FILE", help="then carry out a monitor script "
                   "(as `pc1 script FILE` does, on this machine; see `pc1 docs monitor`)")
    p.set_defaults(func=_run, actions=[])

    p = sub.add_parser(
        "orders", help="print the PC-1 order table",
        description="Every order of the PC-1 in its short and long form: letter, 5-bit code, "
        "cycles and what it does (the table of `pc1 docs machine`).")
    p.set_defaults(func=_orders)
