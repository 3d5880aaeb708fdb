"""What an English response calls the values it counts when it says several were given: 'two different figures
appear', 'there are two dates', 'two different prices appear'.

One list, and the entries the rules read from it. Each word's `lists` marks the entries that hold it:

- g: VALUES_COUNTED, the plural nouns of conflict_patterns.py's en.values_given: the values a response counts
  ('three numbers are listed', 'I see two different fares') when it says its sources give more than one.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("numbers", "two numbers are given.", "g"),
    Word("values", "two values show up.", "g"),
    Word("figures", "two different figures appear.", "g"),
    Word("dates", "there are two dates.", "g"),
    Word("years", "two years are mentioned.", "g"),
    Word("answers", "two answers come up.", "g"),
    Word("names", "two names are listed.", "g"),
    Word("versions", "two versions are reported.", "g"),
    Word("amounts", "two amounts are stated.", "g"),
    Word("totals", "two totals turn up.", "g"),
    Word("limits", "two limits are given.", "g"),
    # what a price is called, counted: 'two different prices appear', 'I see two fares'
    Word("prices", "two different prices appear.", "g"),
    Word("fares", "I see two fares for the same route.", "g"),
    Word("fees", "two fees are listed.", "g"),
    Word("rates", "two rates are given.", "g"),
    Word("tariffs", "two tariffs show up.", "g"),
)
"""Every English word for the kinds of value a response counts, in the order the entries try them."""

VALUES_COUNTED = select(
    "en.values_counted", WORDS, "g", "The values a response counts when it says more than one was given."
)
ENTRIES = (VALUES_COUNTED,)
