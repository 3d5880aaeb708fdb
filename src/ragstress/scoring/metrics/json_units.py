"""Answers a JSON response states through a unit in a field's key.

A structured answer such as `{"return_window_days": 60}` or `{"answer": {"cabin_bag_kg": 7}}` gives the number in
the value and its unit in the key (`lexicon.en.json_units`). Read as text, '60' alone does not state '60 days', so
every numeric field whose key ends in a unit is read as the number written with that unit, and a required fact
or planted value that matches it is mentioned there, as asserted (a JSON field commits to its value). The object
is the one the response consists of (`Reading.json`, parsed once); the walk is over its fields, so it costs
as much as the object is long.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ragstress.scoring.lexicon.en.json_units import KEY_UNITS
from ragstress.values.matching import alias_patterns, comparable
from ragstress.values.reading import Reading


def _key_words(key: str) -> list[str]:
    """The words of a field's key, split at '_', '-' and spaces (plain string work: no pattern to compile)."""
    return [word for word in str(key).strip().lower().replace("-", "_").replace(" ", "_").split("_") if word]


def with_unit(key: str, value: object) -> str | None:
    """The value of a numeric field written with the unit its key ends in ('60 days'), or None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    words = _key_words(key)
    form = KEY_UNITS.get(words[-1]) if len(words) >= 2 else None
    if form is None:
        return None
    number = int(value) if isinstance(value, float) and value.is_integer() else value
    return form.format(number)


def _fields(data: object) -> Iterator[tuple[str, object]]:
    """Every (key, value) of the object and of the objects and lists inside it."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key), value
            yield from _fields(value)
    elif isinstance(data, list):
        for item in data:
            yield from _fields(item)


def unit_mentions(reading: Reading, aliases: Sequence[str]) -> list[tuple[int, int, str]]:
    """(start, end, what the field states) of every unit-keyed field of the response's JSON object that states
    one of `aliases`; start and end are the key's place in the comparable form, where the statement is made."""
    if reading.json is None:
        return []
    found = []
    for key, value in _fields(reading.json):
        stated = with_unit(key, value)
        if stated is None:
            continue
        form = comparable(stated)
        if not any(p.search(form) for alias in aliases for p in alias_patterns(alias)):
            continue
        start = reading.comparable.find(comparable(key))
        if start >= 0:
            found.append((start, start + len(comparable(key)), stated))
    return found
