"""Shared test data: the R0 compatibility cases T01-T36 and the corpus of whole tapes.

Transcribed from reference/r0-language.md §6 (the cases, established on the real R0) and
§6.2 (the corpus image hashes).  Tape text uses the reference's notation ({CR}, {LF}, {SP},
{FS}, {LS}, {BEL}, {ER}, {BL}), which pc1.asm.r0text reads directly.  Other tests (our own R0 in
the simulator) import these tables, so they hold only data.

`words` lists every word that differs from the store as a freshly loaded R0 leaves it,
except R0's transient internal words (TRANSIENT).  `load` and `r` are L and the whole
slot 66 at the end (None where R0 has handed over or hangs).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tests.shared_data import THIRD_PARTY

TRANSIENT = frozenset({3, 12, 18, 24, 28, 29, 57, 64})


@dataclass(frozen=True)
class R0Case:
    """One compatibility case: tape text in, the words R0 leaves out."""

    name: str
    category: str  # A: language (must match); B: quirk of the original R0
    what: str
    tape: str
    words: dict[int, int]
    load: int | None = None
    r: int | None = None
    entry: int | None = None  # where a `.` jumped (the program took over)
    A: int | None = None  # A at that moment
    loops: bool = False  # R0 hangs in its loop at 18
    prefill: tuple[int, int, int] | None = None  # (start, stop, value) garbage before loading
    reenters: bool = False  # the program returns to R0 at 40 and reading goes on


CASES: tuple[R0Case, ...] = (
    R0Case(
        "T01",
        "A",
        "orders, decimal addresses",
        "{CR}{LF}100:a40,x106,pl150,i6,zl6,",
        {66: 0o000144, 100: 0o300050, 101: 0o270152, 102: 0o154226, 103: 0o140006, 104: 0o214006},
        load=105,
        r=100,
    ),
    R0Case(
        "T02",
        "A",
        "data words, 18-bit wrap",
        "{CR}{LF}100:0,1,262143,262144,262145,68719476735,",
        {66: 0o000144, 101: 0o000001, 102: 0o777777, 104: 0o000001, 105: 0o777777},
        load=106,
        r=100,
    ),
    R0Case(
        "T03",
        "A",
        "l is +2048 (carries)",
        "{CR}{LF}100:a2047,a2048,al40,all40,ll2037,l1,r12,",
        {
            66: 0o000144,
            100: 0o303777,
            101: 0o304000,
            102: 0o304050,
            103: 0o310050,
            104: 0o117765,
            105: 0o110001,
            106: 0o120014,
        },
        load=107,
        r=100,
    ),
    R0Case(
        "T04",
        "A",
        "letter alone = code·4096",
        "{CR}{LF}100:a,o,t,z,",
        {66: 0o000144, 100: 0o300000, 101: 0o030000, 102: 0o010000, 103: 0o210000},
        load=104,
        r=100,
    ),
    R0Case(
        "T05",
        "A",
        "space word (mandelblot's o, ,2)",
        "{CR}{LF}100:o,{SP},2,",
        {66: 0o000144, 100: 0o030000, 101: 0o040000, 102: 0o000002},
        load=103,
        r=100,
    ),
    R0Case(
        "T06",
        "A",
        "empty word",
        "{CR}{LF}100:a1,,a2,",
        {66: 0o000144, 100: 0o300001, 102: 0o300002},
        load=103,
        r=100,
    ),
    R0Case(
        "T07",
        "A",
        "presets o g l h n m r",
        "{CR}{LF}100:0o,0g,0l,0h,0n,0m,0r,",
        {66: 0o000144, 100: 0o000034, 101: 0o000104, 102: 0o004000, 106: 0o000144},
        load=107,
        r=100,
    ),
    R0Case(
        "T08",
        "A",
        "r from N:",
        "{CR}{LF}100:a1r,jl0r,200:jlr,5r,",
        {66: 0o000310, 100: 0o300145, 101: 0o324144, 200: 0o324310, 201: 0o000315},
        load=202,
        r=200,
    ),
    R0Case(
        "T09",
        "A",
        "t = 4096+L (it, tllt)",
        "{CR}{LF}100:it,jl5,tllt,0t,1t,",
        {66: 0o000144, 100: 0o150144, 101: 0o324005, 102: 0o030146, 103: 0o010147, 104: 0o010151},
        load=105,
        r=100,
    ),
    R0Case(
        "T10",
        "A",
        "0x=N sets slot, then L = slot+1",
        "{CR}{LF}100:0a=120,0b=7,a1,",
        {66: 0o000144, 75: 0o000007, 76: 0o300001, 80: 0o000170},
        load=77,
        r=100,
    ),
    R0Case(
        "T11",
        "A",
        "parameters add (any order, repeats)",
        "{CR}{LF}0a=120,0b=7,100:pa,p1a,0ab,ab,ba,1a2,aa,",
        {
            66: 0o000144,
            75: 0o000007,
            80: 0o000170,
            100: 0o150170,
            101: 0o150171,
            102: 0o000177,
            103: 0o300007,
            104: 0o230170,
            105: 0o000204,
            106: 0o300170,
        },
        load=107,
        r=100,
    ),
    R0Case(
        "T12",
        "A",
        "number+parameter data",
        "{CR}{LF}0n=324,0m=352,0s=80,0c=88,100:229378n,0ms,0mss,16c,",
        {
            62: 0o000504,
            63: 0o000540,
            66: 0o000144,
            70: 0o000130,
            76: 0o000120,
            100: 0o700506,
            101: 0o000660,
            102: 0o001000,
            103: 0o000150,
        },
        load=104,
        r=100,
    ),
    R0Case(
        "T13",
        "A",
        "0x: sets L and r",
        "{CR}{LF}0a=120,0b=20,0ab:p1r,pr,3a:q,",
        {66: 0o000173, 75: 0o000024, 80: 0o000170, 123: 0o350000, 140: 0o150215, 141: 0o150214},
        load=124,
        r=123,
    ),
    R0Case(
        "T14",
        "A",
        "Example.ptr idiom 0t:0a=0r",
        "{CR}{LF}116:0c=0r,0c:0,1,0t:0a=0r,0a:p2,alc,jl1a,",
        {
            66: 0o000166,
            70: 0o000164,
            80: 0o000166,
            117: 0o000001,
            118: 0o150002,
            119: 0o304164,
            120: 0o324167,
        },
        load=121,
        r=118,
    ),
    R0Case(
        "T15",
        "A",
        "0a=0t pitfall",
        "{CR}{LF}100:0a=0t,",
        {66: 0o000144, 80: 0o010120},
        load=81,
        r=100,
    ),
    R0Case(
        "T16",
        "A/B",
        "= uses the last parameter letter; with none in the word (a1=6) the previous one",
        "{CR}{LF}7ab=5,a1=6,",
        {75: 0o000006},
        load=76,
        r=0,
    ),
    R0Case(
        "T17",
        "A",
        "digits concatenate across letters",
        "{CR}{LF}0a=100,100:1a2,a1r2,ar12,",
        {66: 0o000144, 80: 0o000144, 100: 0o000160, 101: 0o300160, 102: 0o300160},
        load=103,
        r=100,
    ),
    R0Case(
        "T18",
        "B",
        "start of tape is state I; L starts at 67",
        "a1,a2,",
        {67: 0o000001, 68: 0o300002},
        load=69,
        r=0,
    ),
    R0Case(
        "T19",
        "A",
        "0p=200, as the very first word",
        "0p=200,p5,",
        {69: 0o000310, 70: 0o150005},
        load=71,
        r=0,
    ),
    R0Case(
        "T20",
        "A",
        ". jumps",
        "{CR}{LF}100:a1,jl100.",
        {66: 0o000144, 100: 0o300001},
        load=None,
        r=None,
        entry=100,
        A=0o324144000000,
    ),
    R0Case(
        "T21",
        "B",
        ". with a non-jump sets L",
        "{CR}{LF}100:a1,z200.a2,",
        {66: 0o000144, 100: 0o300001, 200: 0o300002},
        load=201,
        r=100,
    ),
    R0Case(
        "T22",
        "A",
        "CR LF inside a word discards it",
        "{CR}{LF}100:a1,a2{CR}{LF}a3,",
        {66: 0o000144, 100: 0o300001, 101: 0o300003},
        load=102,
        r=100,
    ),
    R0Case(
        "T23",
        "B",
        "LF alone after ,",
        "{CR}{LF}100:a1,{LF}a2,",
        {66: 0o000144, 100: 0o300001, 101: 0o100002},
        load=102,
        r=100,
    ),
    R0Case(
        "T24",
        "B",
        "CR alone after ,",
        "{CR}{LF}100:a1,{CR}a2,",
        {66: 0o000144, 100: 0o300001, 101: 0o020002},
        load=102,
        r=100,
    ),
    R0Case(
        "T25",
        "B",
        "CR inside a word, no LF",
        "{CR}{LF}100:a1{CR},",
        {66: 0o000144, 100: 0o624066},
        load=101,
        r=100,
    ),
    R0Case(
        "T26",
        "B",
        "SP inside = nothing, SP first = op 4",
        "{CR}{LF}100:a{SP}1{SP},{SP}a1,",
        {66: 0o000144, 100: 0o300001, 101: 0o040001},
        load=102,
        r=100,
    ),
    R0Case(
        "T27",
        "A",
        "blank ignored anywhere",
        "{CR}{LF}1{BL}00:{BL}a{BL}1{BL},{BL}a2,",
        {66: 0o000144, 100: 0o300001, 101: 0o300002},
        load=102,
        r=100,
    ),
    R0Case(
        "T28",
        "B",
        "FIGS/LTRS",
        "{CR}{LF}100:{FS}a1,a{FS}1{LS},",
        {66: 0o000144, 100: 0o330001, 101: 0o300001},
        load=102,
        r=100,
    ),
    R0Case(
        "T29",
        "B",
        "rubout = digit 57",
        "{CR}{LF}100:a1{ER},{ER}1,",
        {66: 0o000144, 100: 0o300103, 101: 0o001073},
        load=102,
        r=100,
    ),
    R0Case(
        "T30",
        "B",
        "BELL = digit P",
        "{CR}{LF}100:ab{BEL},",
        {66: 0o000144, 100: 0o300113},
        load=101,
        r=100,
    ),
    R0Case(
        "T31",
        "B",
        "+",
        "{CR}{LF}100:a1,5+3,a2,",
        {66: 0o000144, 100: 0o300001},
        load=None,
        r=None,
        loops=True,
    ),
    R0Case(
        "T32",
        "B",
        "-",
        "{CR}{LF}100:a1,-3,a2,",
        {66: 0o000144, 100: 0o300001},
        load=None,
        r=None,
        loops=True,
    ),
    R0Case(
        "T33",
        "B",
        "addresses ≥ 512 alias",
        "{CR}{LF}600:a1,it,",
        {66: 0o001130, 88: 0o300001, 89: 0o151131},
        load=602,
        r=600,
    ),
    R0Case(
        "T34",
        "A",
        "Wada's interlude (§7), with 300–499 pre-filled with garbage",
        "{CR}{LF}0p=200,{CR}{LF}0p=196,0p:p2,tl300,p1r,a40,x1r,s8r,z40,jlr,500,jlp.{CR}{LF}0q=7,",
        {
            66: 0o000304,
            69: 0o000304,
            85: 0o000007,
            196: 0o150002,
            197: 0o014764,
            198: 0o150305,
            199: 0o300050,
            200: 0o270305,
            201: 0o240314,
            202: 0o210050,
            203: 0o324304,
            204: 0o000764,
        }
        | dict.fromkeys(range(300, 500), 0),  # the interlude cleared the garbage
        load=86,
        r=196,
        prefill=(300, 500, 0o525252),
        reenters=True,
    ),
    R0Case(
        "T35",
        "A",
        ": ignores the op letter",
        "{CR}{LF}p100:a1,",
        {66: 0o000144, 100: 0o300001},
        load=101,
        r=100,
    ),
    R0Case(
        "T36",
        "A",
        "0r=N writes all 18 bits; : only the low 11",
        "{CR}{LF}0r=5000,100:1r,",
        {66: 0o010144, 100: 0o010145},
        load=101,
        r=4196,
    ),
)

BY_NAME: dict[str, R0Case] = {c.name: c for c in CASES}


@dataclass(frozen=True)
class CorpusTape:
    """A whole historic tape (or two read in turn) and the image R0 leaves at hand-over."""

    files: tuple[str, ...]
    final: str  # the `.` word that hands over
    nonzero: int  # words in 68-511 that are not 0 ("Loaded" in the reference)
    lowest: int  # the first and last of them
    highest: int
    params: dict[int, int]
    load: int
    r: int
    hash: str  # pc1.asm.assembler.image_hash of words 68-511
    A: int
    paths: tuple[Path, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "paths", tuple(THIRD_PARTY / f for f in self.files))

    @property
    def name(self) -> str:
        """A short name for test ids."""
        return "+".join(Path(f).stem for f in self.files)


CORPUS: tuple[CorpusTape, ...] = (
    CorpusTape(
        ("napier.ptr",),
        "jl70",
        173,
        68,
        291,
        {61: 80, 62: 272, 63: 300, 66: 272},
        292,
        272,
        "bac5e63990ac4335",
        0o324106000000,
    ),
    CorpusTape(
        ("pi_400.ptr",),
        "jl110",
        252,
        68,
        339,
        {62: 324, 63: 352, 66: 110},
        142,
        110,
        "c0f9b6072fc22290",
        0o324156000000,
    ),
    CorpusTape(
        ("Example.ptr",),
        "jl118",
        6,
        70,
        120,
        {66: 118},
        121,
        118,
        "ab99c87cb3470c32",
        0o324166000000,
    ),
    CorpusTape(
        ("soundtest.ptr",),
        "jl116",
        26,
        70,
        164,
        {62: 156, 63: 116, 66: 160},
        166,
        160,
        "999f4b31f9ea0b74",
        0o324164000000,
    ),
    CorpusTape(
        ("mandelblot.ptr",),
        "jl116",
        80,
        70,
        213,
        {62: 150, 63: 116, 66: 200},
        214,
        200,
        "f577a057817f95f2",
        0o324164000000,
    ),
    CorpusTape(
        ("AsciiArt.ptr",),
        "jl116",
        111,
        68,
        224,
        {63: 116, 66: 208},
        225,
        208,
        "c8cec988036e760d",
        0o324164000000,
    ),
    CorpusTape(
        ("musicplayer.ptr", "sakura.ptr"),
        "jl116",
        227,
        70,
        369,
        {62: 300, 63: 216, 66: 310},
        370,
        310,
        "aa52044e685b5ba7",
        0o324164000000,
    ),
)


def changed_words(after: list[int], before: list[int]) -> dict[int, int]:
    """The words of `after` that differ from `before`, R0's transient words left out."""
    return {a: w for a, (w, b) in enumerate(zip(after, before, strict=True))
            if w != b and a not in TRANSIENT}


def prefilled(case: R0Case) -> list[int]:
    """The store before R0 reads the case's tape: 0, or the case's garbage."""
    mem = [0] * 512
    if case.prefill:
        start, stop, value = case.prefill
        mem[start:stop] = [value] * (stop - start)
    return mem
