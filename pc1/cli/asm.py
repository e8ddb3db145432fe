"""`pc1 asm`, `pc1 listing` and `pc1 disasm`: the assembler's commands."""

from __future__ import annotations

import argparse
import sys

from pc1.asm import Assembly
from pc1.base import InputError, say
from pc1.cli.arguments import bounded_int
from pc1.devices import find_file

ADDRESS = bounded_int(0, 511)
IMAGE_HELP = ("a binary tape (.ptw), an R0 tape (.ptr, assembled first), a machine state "
              "(.json, as pc1 run --dump-state and the monitor's save-state write) or a memory "
              "image (text: octal words "
              "from address 0, whitespace-separated)")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the asm, listing and disasm subcommands."""
    p = subparsers.add_parser(
        "asm", help="punch annotated sources (.pc1) into .ptr, .ptw and .lst",
        description="Assemble annotated R0-language sources (`pc1 docs annotated-source`) and "
                    "write SOURCE.ptr (R0 tape), SOURCE.ptw (binary tape), SOURCE.lst.")
    p.add_argument("sources", nargs="+", metavar="SOURCE.pc1")
    p.add_argument("-o", "--out-dir", metavar="DIR", help="write there, not next to the source")
    p.add_argument("--check", action="store_true",
                   help="write nothing; fail (exit 1) if a punched file is missing or stale")
    p.add_argument("--follow", action="store_true",
                   help="run programs that re-enter R0 at 40 in the simulator and read on")
    p.set_defaults(func=_asm)

    p = subparsers.add_parser(
        "listing", help="print the listing of a .pc1 source or .ptr tape",
        description="For each word R0 would store: address, octal word, order and the word as "
        "written. FILE is an annotated source (.pc1), an R0 tape (.ptr) or a binary tape (.ptw, "
        "listed as the words INITIAL LOAD stores); our tapes by bare name (e1000.ptr).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--follow", action="store_true",
                   help="run programs that re-enter R0 at 40 in the simulator and read on")
    p.set_defaults(func=_listing)

    p = subparsers.add_parser("disasm", help="memory image or tape -> R0-language text",
                              description=f"FILE is {IMAGE_HELP}.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--entry", type=ADDRESS, help="end with `jl ENTRY.` (default: a .ptr's entry)")
    p.add_argument("--from", dest="first", type=ADDRESS, metavar="ADDR",
                   help="first address to write (default: 0; 68 for a .ptr)")
    p.add_argument("--to", dest="last", type=ADDRESS, metavar="ADDR",
                   help="last address to write (default: the last word)")
    p.add_argument("--records", action="store_true",
                   help="print address, octal word and text for each word instead")
    p.add_argument("--annotated", action="store_true",
                   help="print an annotated source (.pc1) instead: one word a line, its "
                        "address, octal word and order as comment (as the console's "
                        "assembler bench opens it)")
    p.set_defaults(func=_disasm)


def _runner(args: argparse.Namespace):
    if not args.follow:
        return None
    from pc1.asm import machine_runner

    return machine_runner()


def _report(result: Assembly, source: str) -> None:
    for d in result.diagnostics:
        if d.severity != "error":
            print(d.format(source), file=sys.stderr)


def _asm(args: argparse.Namespace) -> int:
    from pc1 import asm

    status = 0
    for source in args.sources:
        if args.check:
            for path in asm.stale_outputs(source, args.out_dir):
                say("asm", f"{path}: stale or missing (run: pc1 asm {source})")
                status = 1
            continue
        punched = asm.punch_outputs(source, args.out_dir, _runner(args))
        _report(punched.assembly, source)
    return status


def _listing(args: argparse.Namespace) -> int:
    path = find_file(args.file)  # our tapes by bare name, from any folder
    if path.suffix.lower() == ".pc1":
        from pc1.asm import assemble_file, listing

        # --follow follows any program back into R0; without it, as the source says
        src, result = assemble_file(path, follow=True if args.follow else None)
        result.raise_errors(str(path))
        text = listing(src, result)
    elif path.suffix.lower() == ".ptw":
        # a binary tape holds words, not R0 text: list what INITIAL LOAD puts in the store
        from pc1.asm import binary_words, disassemble

        for rec in disassemble(binary_words(path), 0):
            print(f"{rec.address:4d}  {rec.word:06o}  {rec.text}")
        return 0
    else:
        from pc1.asm import assemble_tape

        result = assemble_tape(path, _runner(args))
        text = result.listing()
    _report(result, str(path))
    sys.stdout.write(text)
    return 0


def _disasm(args: argparse.Namespace) -> int:
    from pc1.asm import disassemble, r0_text, read_store_image, source_text

    path = find_file(args.file)  # our tapes by bare name, from any folder
    image = read_store_image(path)
    if image.assembly is not None:
        _report(image.assembly, str(path))
    entry = image.entry if args.entry is None else args.entry
    addresses = image.addresses
    first = addresses.start if args.first is None else args.first
    last = addresses.stop - 1 if args.last is None else args.last
    if not 0 <= first <= last < 512:
        raise InputError(f"--from {first} --to {last}: not a range of addresses 0-511")
    addresses = range(first, last + 1)
    if args.records:
        for rec in disassemble([image.words[a] for a in addresses], addresses.start):
            print(f"{rec.address:4d}  {rec.word:06o}  {rec.text}")
        return 0
    if args.annotated:
        sys.stdout.write(source_text(image.words, addresses, entry=entry,
                                     title=f"{path.name}, disassembled"))
        return 0
    sys.stdout.write(r0_text(image.words, addresses, entry=entry))
    return 0
