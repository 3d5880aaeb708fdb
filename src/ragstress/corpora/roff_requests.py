"""Which roff requests a man page may make: an allowed list, not a blocked one.

Before a page reaches groff (or mandoc), every control line is checked: a line whose request or
macro is not on the list below, nor a macro the page itself defines, is taken out. A request groff
adds in a later release (1.23 brought `soquiet`, `msoquiet`, `pso` with `pipe`) is then refused
before anyone has listed it. The list holds formatting requests only; requests that read or write a
file, run a command, change the control or escape characters (which would hide later requests from
this check), or build a request's name from strings are not on it. The renderer's own lockdown
(`ragstress.corpora.roff_render`) stays as a second wall.

Lines taken out change nothing that groff prints: the requests left off the list produce no text
of their own, and a macro nobody defined prints nothing in groff either.
"""

from __future__ import annotations

import re

# Formatting requests of groff 1.22/1.23 (groff(7)) that neither read, write, run, nor re-lex input.
# Traps (wh, ch, it, itc, blm, lsm, em) call a name when they spring: they are allowed only with a
# name no request has (`.it 1 an-trap`), see `_TRAPS`.
_ROFF = """
ad af am am1 as as1 bd bp br brp break ce cflags char chop class color composite continue cs cu de
de1 defcolor ds ds1 el ev evc fam fc fchar fcolor fi fl fp fschar fspecial ft ftr fzoom gcolor hc
hcode hla hlm hw hy hym hys ie if ig in kern lc length lf lg linetabs ll ls lt mc mk na ne nf nh nm
nn nop nr nroff ns os pc pl pn po ps ptr pvs rchar return rfschar rj rm rnn rr rs rt schar shc shift
sizes sp spacewidth special spreadwarn ss sty substring sv ta tc ti tkf tl tm tm1 tmc tr trin trnt
troff uf ul unformat vpt vs warn warnscale while
"""
# man(7), groff_man(7) extensions, and the www.tmac link macros man pages use.
_MAN = """
TH SH SS SB SM B I BI BR IB IR RB RI R P PP LP IP TP TQ HP RS RE PD DT UC AT OP SY YS EX EE UR UE MT
ME MR URL MTO FTP LINKSTYLE
"""
# mdoc(7).
_MDOC = """
Dd Dt Os Sh Ss Pp Lp D1 Dl Bd Ed Bl El It Nm Nd Ar Cm Fl Op Oo Oc Xr Pa Va Vt Fn Fa Fd Fo Fc Ft Ev
Er Ex Rv In Lb Li Ms Mt Lk Sy Sx Em No Ns Pf Ql Dq Do Dc Sq So Sc Pq Po Pc Bq Bo Bc Brq Bro Brc Aq
Ao Ac Eo Ec Qq Qo Qc Ux Bx Bsx Fx Nx Ox At St Dv An Cd Ic Ad Tn Sm Bk Ek Bf Ef Ud Xo Xc Rs Re %A %B
%C %D %I %J %N %O %P %Q %R %T %U %V Ap Hf Db Fr Ot En Es Tg Dx Bt
"""
# tbl and eqn blocks.
_PREPROCESSORS = "TS TE T& EQ EN"
ALLOWED: frozenset[str] = frozenset((_ROFF + _MAN + _MDOC + _PREPROCESSORS).split())

_DEFINES = frozenset({"de", "de1", "am", "am1"})
_CONDITIONALS = frozenset({"if", "ie", "while"})
_RUNS_REST = frozenset({"el", "nop"})  # the rest of the line is read as input
_TRAPS = {"wh": 1, "it": 1, "itc": 1, "ch": 0, "blm": 0, "lsm": 0, "em": 0}  # where the called name is
# A request's name ends at a blank or an escape (`.br\\}` is `br` and the end of a block).
_CONTROL = re.compile(r"^([.'])[ \t]*([^\s\\]*)[ \t]*(.*)$")
_HARMLESS_ESCAPE = re.compile(r'^(?:\\"|\\#|(?:\\\})+[ \t]*(?:\\".*)?$)')
# A condition with an argument (d name, r name, m name, c glyph, F font, S style) or a single letter.
_NAMED_CONDITION = re.compile(r"^!?[drmcFS][ \t]+\S+[ \t]*")
_LETTER_CONDITION = re.compile(r"^!?[ntoev](?=[ \t]|\\\{)[ \t]*")
_COMPARISON = re.compile(r"""^!?(['"|/])(?:(?!\1).)*\1(?:(?!\1).)*\1[ \t]*""")
_NUMERIC = re.compile(r"^!?\S+[ \t]*")
_OPEN_BLOCK = re.compile(r"^\\\{\\?[ \t]*")
_REQUEST_SHAPED = re.compile(r"[a-z0-9]+")


def allowed_source(source: str) -> tuple[str, list[str]]:
    """`source` with every control line whose request is not allowed taken out, and those requests' names.

    Allowed: the names in `ALLOWED`, and macros the page defines with `.de`/`.am`/`.als` whose names could
    not be a request's (every roff request is named in lower-case letters and digits; a page's own
    `.de soquiet` inside a condition that never holds must not let `.soquiet` through).
    """
    defined: set[str] = set()
    removed: list[str] = []
    kept: list[str] = []
    for line in source.split("\n"):
        refused = _refused(line, defined)
        if refused is not None:
            removed.append(refused)
            continue
        kept.append(line)
        match = _CONTROL.match(line)
        if match is not None and match[2] in (*_DEFINES, "als") and match[3].split():
            name = match[3].split()[0]
            if not _REQUEST_SHAPED.fullmatch(name):
                defined.add(name)
    return "\n".join(kept), removed


def _refused(line: str, defined: set[str]) -> str | None:
    """The name of the request `line` makes that is not allowed, or None when the line may stay."""
    match = _CONTROL.match(line)
    if match is None:
        return None  # a text line
    name, rest = match[2], match[3]
    if not name:
        # An empty request, a comment or the end of a block; any other escape could build a name.
        return None if not rest or _HARMLESS_ESCAPE.match(rest) else rest.split()[0]
    if name == ".":
        return None  # the end of a definition
    if name == "do":
        return _refused(match[1] + rest, defined)
    if name in _TRAPS:
        called = rest.split()[_TRAPS[name] : _TRAPS[name] + 1]
        return name if called and _REQUEST_SHAPED.fullmatch(called[0]) else None
    if name not in ALLOWED and name not in defined:
        return None if name == "als" and _safe_alias(rest, defined) else name
    if name in _CONDITIONALS or name in _RUNS_REST:
        body = rest if name in _RUNS_REST else _after_condition(rest)
        if body is None:
            return name  # a condition this check cannot read is not trusted
        body = _OPEN_BLOCK.sub("", body)
        if body[:1] in (".", "'"):
            return _refused(body, defined)
    return None


def _after_condition(rest: str) -> str | None:
    for pattern in (_COMPARISON, _NAMED_CONDITION, _LETTER_CONDITION, _NUMERIC):
        found = pattern.match(rest)
        if found is not None:
            return rest[found.end() :]
    return "" if not rest.strip() else None


def _safe_alias(rest: str, defined: set[str]) -> bool:
    # `.als NEW OLD` gives an allowed macro a second name; aliasing a request that is not allowed
    # (`.als include so`) is refused, and so is a new name shaped like a request.
    names = rest.split()
    return len(names) == 2 and not _REQUEST_SHAPED.fullmatch(names[0]) and (names[1] in ALLOWED or names[1] in defined)
