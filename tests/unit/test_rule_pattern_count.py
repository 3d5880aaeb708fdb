"""The scoring rules' compiled regular expressions are counted, and the count may not grow.

Every module of ragstress.scoring.metrics, of the scoring lexicon (ragstress.scoring.lexicon: its phrases are
data the engine compiles, so a pattern compiled there would count too), and the alias matching they use
(ragstress.values.matching), is imported and the compiled patterns it holds at module level are collected: a
compiled `re.Pattern`, the pattern of a `NamedPattern`, or either inside a tuple, list, set, dict or dataclass
instance (a table of patterns, such as one language's role patterns). One pattern object re-exported by several
modules counts once. The bound is the count on 2026-12-05, once the phrases had moved to
the lexicon: 212 for the verdict rules (below the 219 they had reached) and 21 for the injection measure's
placing of a canary (quotation, citation, refusal), 233 in all. On 2026-12-06 the alias matching's unit
spellings became one pattern (four before), 209 and 21, 230 in all. On 2026-12-07 that pattern moved to the
reading of notation (ragstress.values.notation, counted as well), where it also reads powers, digit groups and
time units, 230 in all. Later that day each reading held twice became one pattern: the sentence
break of declines.py and rules.py; refusal.py's hedge, alone and among the answers a clause gives; the two scripts
response_language.py counts; the words and characters of conclusion.py's terse line; values.matching's number, quantity
and Chinese year (a unit's script is read from the unit itself); the injection reading's citation line among its list
items, its kept runs among the characters it squeezes out, and "nothing before" as no word before; and slots.py's
question mark, the full-width one being ASCII after NFKC: 219 in all (2026-12-07). On 2026-12-08 the alias matching's
other spellings of an alias moved to ragstress.values.alias_forms, counted with it. A new wording belongs in a
lexicon entry or an existing pattern, not in one more pattern.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
from collections.abc import Iterator

import ragstress.scoring.lexicon as lexicon
import ragstress.scoring.metrics as metrics
from ragstress.scoring.metrics.rules_base import NamedPattern

MAX_PATTERNS = 219
RULE_MODULES = ("ragstress.values.matching", "ragstress.values.alias_forms", "ragstress.values.notation")


def _patterns_in(value: object, depth: int = 0) -> Iterator[re.Pattern[str]]:
    if isinstance(value, re.Pattern):
        yield value
    elif isinstance(value, NamedPattern):
        yield value.pattern
    elif isinstance(value, (tuple, list, set, frozenset)) and depth < 3:
        for item in value:
            yield from _patterns_in(item, depth + 1)
    elif isinstance(value, dict) and depth < 3:
        for item in value.values():
            yield from _patterns_in(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type) and depth < 3:
        for item in dataclasses.fields(value):  # a table of patterns, such as one language's role patterns
            yield from _patterns_in(getattr(value, item.name), depth + 1)


def rule_patterns() -> dict[int, re.Pattern[str]]:
    """Every distinct compiled pattern the scoring metric modules hold after import, by object id."""
    found: dict[int, re.Pattern[str]] = {}
    names = [f"{metrics.__name__}.{info.name}" for info in pkgutil.iter_modules(metrics.__path__)]
    names += [info.name for info in pkgutil.walk_packages(lexicon.__path__, f"{lexicon.__name__}.")]
    for name in [*names, *RULE_MODULES]:
        module = importlib.import_module(name)
        for value in vars(module).values():
            for pattern in _patterns_in(value):
                found.setdefault(id(pattern), pattern)
    return found


def test_rule_pattern_count_does_not_grow() -> None:
    count = len(rule_patterns())
    assert count <= MAX_PATTERNS, f"{count} compiled rule patterns, more than the bound of {MAX_PATTERNS}"


def test_counter_sees_the_named_pattern_tables() -> None:
    # The count is real only if it reaches the named tables; the refusal and flag tables hold most of them.
    from ragstress.scoring.metrics import refusal_zh, rules_flags_en

    ids = rule_patterns().keys()
    assert all(id(p.pattern) in ids for p in refusal_zh.REFUSAL)
    assert all(id(p.pattern) in ids for p in rules_flags_en.ERROR_FLAG)
    assert len(ids) > 150


def test_counter_reaches_the_role_pattern_tables():
    from ragstress.scoring.metrics import role_patterns

    ids = rule_patterns().keys()
    for table in role_patterns.LANGUAGES:
        assert id(table.dispute_before.pattern) in ids
        assert all(id(p.pattern) in ids for p in table.dispute_after)
        assert id(table.surname.pattern) in ids


def test_counter_reaches_the_patterns_compiled_from_the_lexicon():
    from ragstress.scoring.metrics import refusal_en, refusal_intl

    ids = rule_patterns().keys()
    assert all(id(p.pattern) in ids for p in (*refusal_en.REFUSAL, *refusal_intl.REFUSAL))
