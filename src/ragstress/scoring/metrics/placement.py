"""Where each mention of the true and the planted value stands in a conflict answer (conclusion.py reads what the
answer concludes from it).

Every mention of either value is placed in one role, by its statement and the words before it:
- reported: given as what a source says ("passage 2 says 1879", "Doc B: 1879", a list item or table row that names
  its source), or as hearsay;
- listed: named side by side with the other value ("1912 or 1913", "2015年和2016年");
- aside: in parentheses (a parenthesis may run over several statements of its line), disputed, or in another role;
- asserted: anything else, and a value right after an answer label ("Majority verdict: 1889").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass

from ragstress.scoring.lexicon.zh import sources as zh_sources
from ragstress.scoring.metrics import conflict_rules_intl, layout_en, layout_zh
from ragstress.scoring.metrics.rules import Mention, mentions
from ragstress.values.reading import Reading

TRUTH, FAKE = "truth", "fake"
LINE = "¶"  # a line break kept through `comparable`, which folds whitespace: a line is a statement
# A table row is an item too: "| Passage 3 | 10,500 km |" reports what its source says, as "- Passage 3: 10,500 km".
_LIST_ITEM = re.compile(r"^\s*(?:(?:[-*•>]|\d+[.)])\s|\|)")
SOURCE_WORD = re.compile(
    # a key of a key: value answer names a source too: 'passage_1: 451.9 m'
    rf"\b{layout_en.SOURCE_NOUNS}(?:_\d+)?\b|{zh_sources.SOURCES_NAMED.alternation}|【\d+】|\[\d+\]|{conflict_rules_intl.SOURCE_NOUNS}"
)
_LISTED = re.compile(rf"{layout_en.LISTED}|{layout_zh.LISTED}")
PARENTHESES = re.compile(r"\([^()]*\)")
_ANSWER_LABEL = re.compile(f"{layout_en.ANSWER_LABEL}|{layout_zh.ANSWER_LABEL}")
_LISTED_GAP = 16  # what may stand between two values named side by side (a CJK character counts 3), once
# connectors and parentheses are out: '1912 or 1913', 'v17.5.0 (changelog) or 18.0', '2015年和2016年'.


@dataclass(frozen=True)
class Placed:
    """A mention of the true (`side` "truth") or planted ("fake") value, with its role in the answer."""

    side: str
    mention: Mention
    role: str  # asserted, reported, listed, aside
    statement: int


def _parenthesis_depths(text: str) -> list[int]:
    """How many parentheses are open before `text[i]`, for every i, counted from the start of its line: a
    parenthesis may hold several statements ("Brazil. (One passage says Argentina; Argentina is second.)"), but a
    line break closes what a line left open, and a stray ")" ("1)" of a list) opens nothing."""
    depth, depths = 0, [0]
    for char in text:
        depth = 0 if char == LINE else depth + 1 if char == "(" else max(0, depth - 1) if char == ")" else depth
        depths.append(depth)
    return depths


def place(
    lined: Reading, statements: Sequence[tuple[int, int]], answers: Sequence[Sequence[str]], fake: Sequence[str]
) -> list[Placed]:
    """Every mention of the true values (`answers`) and the planted one (`fake`) in `lined`, whose line breaks are
    kept as LINE, placed in its role (see the module docstring), in the order of the text."""
    norm = lined.comparable
    raw = [(TRUTH, m) for aliases in answers for m in mentions(lined, aliases)] + [
        (FAKE, m) for m in mentions(lined, fake)
    ]
    # A mention inside a longer one is part of it ("20" in "8分20秒"); the same span twice is one mention. In order
    # of start, a mention is inside an earlier one exactly when it ends no later than the furthest end so far, so
    # the ends of the mentions kept rise strictly.
    kept: list[tuple[str, Mention]] = []
    for side, m in sorted(raw, key=lambda sm: (sm[1].start, -(sm[1].end - sm[1].start))):
        if not kept or m.end > kept[-1][1].end:
            kept.append((side, m))
    ends = [k.end for _, k in kept]
    starts = [s for s, _ in statements]
    depths = _parenthesis_depths(norm)
    listed_sources: dict[int, bool] = {}  # per statement: a list item that names its source
    placed = []
    for i, (side, m) in enumerate(kept):
        found = bisect.bisect_right(starts, m.start) - 1
        index = found if found >= 0 and m.start < statements[found][1] else len(statements) - 1
        s_start, s_end = statements[index] if statements else (0, len(norm))
        # The end of the last mention kept before this one that lies wholly in its statement, else the statement's start.
        last = bisect.bisect_right(ends, m.start, 0, i) - 1
        previous = max(s_start, ends[last]) if last >= 0 and kept[last][1].start >= s_start else s_start
        window = norm[previous : m.start]
        inside_parentheses = depths[m.start] > 0
        if index not in listed_sources:
            line = norm[s_start:s_end]
            listed_sources[index] = bool(_LIST_ITEM.match(line) and SOURCE_WORD.search(line))
        reported_after = re.match(layout_en.SOURCE_GIVES_AFTER, norm[m.end :])
        # 'the 24% figure in one passage' names another thing in its clause, but in the layout it is a value given
        named_figure = m.role == "other" and reported_after is not None
        if (m.role in ("disputed", "other") and not named_figure) or inside_parentheses:
            role = "aside"
        elif _ANSWER_LABEL.search(window):
            role = "asserted"
        elif (
            m.role == "hearsay"
            or any(p.pattern.search(window) for p in (layout_en.SOURCE_GIVES, layout_zh.SOURCE_GIVES))
            or reported_after
            or listed_sources[index]
        ):
            role = "reported"
        else:
            role = "asserted"
        placed.append(Placed(side, m, role, index))
    return _mark_listed(norm, placed)


def _mark_listed(norm: str, placed: list[Placed]) -> list[Placed]:
    """Two values of different sides named side by side, in one statement or in two questions ('24? Or 23?'), are
    listed, not asserted."""
    out = list(placed)
    for i in range(len(out) - 1):
        a, b = out[i], out[i + 1]
        gap = PARENTHESES.sub("", norm[a.mention.end : b.mention.start])
        # two questions offer the values side by side as well: '24 weeks? Or 23?'
        offered = b.statement == a.statement + 1 and "?" in gap
        if a.side == b.side or (a.statement != b.statement and not offered) or "aside" in (a.role, b.role):
            continue
        residue = _LISTED.sub("", gap).replace(" ", "")
        joined = _LISTED.search(gap) and len(residue) + 2 * len(re.findall(r"[\u3400-\u9fff]", residue)) <= _LISTED_GAP
        if joined or gap.strip() == ",":  # or an enumeration: "I'll list both: Columbus, Vespucci"
            out[i] = Placed(a.side, a.mention, "listed", a.statement)
            out[i + 1] = Placed(b.side, b.mention, "listed", b.statement)
    return out
