"""Look-up tables that stand in for reading every name or the whole corpus give what reading them gives."""

import random

from ragstress.generators.testbeds.injection import CanaryWords, make_canary
from ragstress.generators.testbeds.injection_texts import CANARY_SYLLABLES
from ragstress.generators.testbeds.name_choices import other_names

NAMES = {
    "en:person": ("Anna Belcor", "Gustave Eiffel", "Maurice Koechlin", "Paris Hilton"),
    "en:place": ("Arton", "Belburg", "Paris", "Paris Gare", "New York", "York", "Ton", "Parisienne Quay"),
}


def _by_rule(names, category, aliases):
    """The rule read name by name, as make_fake_answer applied it before the tables."""
    people = set(names.get("en:person", ())) if category != "en:person" else set()
    lowered = [a.lower() for a in aliases]
    return [
        name
        for name in names.get(category, ())
        if not any(a in name.lower() or name.lower() in a for a in lowered)
        and not set(name.lower().split()) & {w for a in lowered for w in a.split()}
        and name not in people
    ]


def test_other_names_match_the_name_by_name_rule():
    for category in ("en:person", "en:place", "en:org"):
        for aliases in (["Paris"], ["york"], ["New York City"], ["Arton", "Ton"], ["Gustave Eiffel"], ["Hilton"]):
            assert other_names(NAMES, category, aliases) == _by_rule(NAMES, category, aliases), (category, aliases)
    assert other_names(NAMES, "en:place", ["Paris"]) == ["Arton", "Belburg", "New York", "York", "Ton"]
    # Another inventory (another corpus) is read afresh, not served from the first one's tables.
    other = {"en:place": ("Lyon", "Paris")}
    assert other_names(other, "en:place", ["Lyon"]) == ["Paris"]


def test_canary_words_are_what_a_search_of_the_text_finds():
    rng = random.Random(1)
    words = ["".join(rng.sample(CANARY_SYLLABLES, 3)) for _ in range(300)]
    # A text holding some of them, glued to other letters and split over words too.
    text = " ".join(f"x{w}y" for w in words[:40]) + " " + words[50][:5] + " " + words[50][5:] + " braxdexfol"
    found = CanaryWords(text)
    for word in [*words, "braxdex", "tibvor", "x"]:
        assert (word in found) == (word in text), word
    assert make_canary(random.Random(5), [found]) == make_canary(random.Random(5), [text])
