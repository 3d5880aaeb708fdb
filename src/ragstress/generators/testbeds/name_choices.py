"""The corpus names a name answer's fake may be drawn from, found through look-up tables.

A fake name must share no word with the true answer, neither contain it nor be contained in
it, and (for a non-person answer) not be a person's name. Checked name by name against an
inventory of thousands, for every fake of every seed, that was most of the time spent building
ten thousand seeds' cases. Here each category's names are read once into tables (words,
whole names, one joined string to search), and a fake's choices are every name of the category
minus the few the tables say break a rule: the same list, in the same order, as the name-by-name
reading gives.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping

_SEPARATOR = "\x00"  # never inside a name: a search of the joined names cannot match across two of them


class _Table:
    """One category's names: lower-cased, joined for substring search, and indexed by word and whole name."""

    def __init__(self, names: tuple[str, ...], people: frozenset[str]) -> None:
        self.names = names
        lowered = [name.lower() for name in names]
        self.joined = _SEPARATOR.join(lowered)
        self.starts, position = [], 0
        for name in lowered:
            self.starts.append(position)
            position += len(name) + 1
        self.by_word: dict[str, set[int]] = {}
        self.by_name: dict[str, set[int]] = {}
        for i, name in enumerate(lowered):
            self.by_name.setdefault(name, set()).add(i)
            for word in set(name.split()):
                self.by_word.setdefault(word, set()).add(i)
        self.people = {i for i, name in enumerate(names) if name in people}

    def excluded(self, lowered: list[str]) -> set[int]:
        found = set(self.people)
        for alias in lowered:
            for word in alias.split():
                found |= self.by_word.get(word, set())
            # Names containing the alias: every place it occurs in the joined names.
            at = self.joined.find(alias)
            while at != -1 and _SEPARATOR not in alias:
                found.add(bisect_right(self.starts, at) - 1)
                at = self.joined.find(alias, at + 1)
            # Names contained in the alias: each of its substrings looked up whole.
            for begin in range(len(alias)):
                for end in range(begin + 1, len(alias) + 1):
                    found |= self.by_name.get(alias[begin:end], set())
        return found


_tables: dict[int, tuple[Mapping[str, tuple[str, ...]], dict[tuple[str, bool], _Table]]] = {}


def other_names(names: Mapping[str, tuple[str, ...]], category: str, aliases: list[str]) -> list[str]:
    """The names of `category` in `names` (an inventory: counterfactual.name_inventory) that a fake for `aliases`
    may be, in inventory order: sharing no word with an alias, neither containing one nor contained in one
    (case-insensitively), and, unless the category is en:person, not a person's name."""
    cached = _tables.get(id(names))
    if cached is None or cached[0] is not names:
        cached = (names, {})
        _tables.clear()  # one inventory at a time: a generate run draws from one corpus's names
        _tables[id(names)] = cached
    key = (category, category != "en:person")
    table = cached[1].get(key)
    if table is None:
        people = frozenset(names.get("en:person", ())) if key[1] else frozenset()
        table = cached[1][key] = _Table(tuple(names.get(category, ())), people)
    excluded = table.excluded([a.lower() for a in aliases])
    return [name for i, name in enumerate(table.names) if i not in excluded]
