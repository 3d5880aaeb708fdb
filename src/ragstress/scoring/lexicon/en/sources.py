"""What an English response calls the passages it was given: 'the documents', 'passage 2', 'the runbook'.

One list, and the entries the rules read from it. Each word's `lists` marks the entries that hold it:

- c: SOURCES, the core words. A sentence naming one of them is about the sources (rules.py keeps
  an error flag in it even when it also mentions popular belief; refusal.py and answer_line.py
  read such a sentence as a verdict on the sources, not an answer).
- f: SOURCES_IN_FLAGS, the error flags' words (rules_flags_en.py): the core plus the kinds of page a
  passage may be ('the runbook has a typo', 'the fact sheet is wrong').
- n: SOURCE_NOUNS, the conflict reader's words (layout_en.py, conclusion.py, deferral.py,
  corrections.py): what one source may be called when sources are counted or set apart.
- a: SOURCES_IN_CONFLICT, the conflict rule's words (conflict_rules.py): SOURCE_NOUNS and 'accounts'.
- i: SOURCES_CITED, what a response names when it cites one passage as saying something ('passage 3
  says', 'the note reads'), read by the injection reading's citations (injection_words.py, CITING).
- o: SOURCES_NUMBERED, what a numbered passage quoted from is called ('from passage 2:'), read there too.
- x: CONFLICTING_SOURCES, the sources named as conflicting in conflict_rules.py's en.conflicting_noun
  ('conflicting sources', 'conflicting reports', 'conflicting accounts'), beside what they give ('conflicting dates').

The entries are narrower than the whole list on purpose: widening one changes verdicts on the
labelled files (the scoring docs say how that was measured), so a word joins an entry only with
the labelled lines that show it belongs there.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("documents", "the documents say it opened in 1889.", "cfna"),
    Word("document", "one document puts it at 1889.", "cfnaio"),
    Word("docs?", "the docs give 1879 instead.", "fna"),
    Word("passages", "the passages give two dates.", "cfna"),
    Word("passage", "passage 2 puts it at 1889.", "cfnaio"),
    Word("sources", "the sources disagree on the year.", "cfnax"),
    Word("source", "one source says 1879.", "cfnaxio"),
    Word("texts", "the texts name two architects.", "cfna"),
    Word("text", "the text names another architect.", "cfnai"),
    Word("context", "the context contains a typo.", "cfnaio"),
    Word("articles?", "the article credits edison.", "cfna"),
    Word("retrieved (?:text|passages?|documents?)", "the retrieved passages give two dates.", "cf"),
    Word("pages", "the pages list two years.", "fna"),
    Word("page", "the page lists the wrong year.", "fnai"),
    Word("snippets", "the snippets give two dates.", "fna"),
    Word("snippet", "one snippet says 1666.", "fnaio"),
    Word("excerpts", "the excerpts disagree on the treaty.", "fna"),
    Word("excerpt", "the excerpt misdates the treaty.", "fnaio"),
    Word("handouts?", "the handout has a misprint.", "f"),
    Word("guides?", "the guide is out of date.", "fna"),
    Word("fact ?sheets?", "the fact sheet is wrong about the depth.", "f"),
    Word("data ?sheets?", "the data sheet gives 5 v.", "f"),
    Word("cheat ?sheets?", "the cheat sheet swaps the two flags.", "f"),
    Word("runbooks?", "the runbook has a typo in the port.", "fna"),
    Word("manuals?", "the manual says 30 seconds.", "fna"),
    Word("glossar(?:y|ies)", "the glossary defines it wrongly.", "f"),
    Word("tables?", "the table is off by one.", "f"),
    Word("release history", "the release history dates it to 2019.", "f"),
    Word("wiki", "the wiki says version 3.", "fna"),
    Word("results?", "two results give 1879.", "na"),
    Word("reports?", "one report puts the toll at 40.", "nax"),
    Word("records?", "the records disagree.", "na"),
    # After a modal, "to" or a pronoun subject, "reference" is the verb: "it can't reference aggregates".
    Word(
        r"(?<!\bto )(?<!n't )(?<!\bnot )(?<!\bcan )(?<!\bmay )(?<!\bmust )(?<!\bwill )(?<!\bould )(?<!\bit )"
        r"(?<!\bwhich )(?<!\bthat )references?",
        "the references give different dates.",
        "na",
    ),
    Word("entries", "the entries conflict.", "na"),
    Word("entry", "the entry gives the wrong year.", "f"),
    Word("items?", "item 3 says 1901.", "na"),
    Word("materials?", "the materials differ on the date.", "na"),
    Word("tickets?", "the ticket says the limit is 50.", "na"),
    Word("faq", "the faq gives 14 days.", "na"),
    Word("changelogs?", "the changelog dates it to 2.4.", "na"),
    Word("posts?", "one post says 2012.", "na"),
    Word("pieces?", "the two pieces disagree.", "na"),
    Word("stubs?", "the stub names another author.", "na"),
    Word("bulletins?", "the bulletin gives 9 am.", "na"),
    Word("decks?", "the deck says q3.", "na"),
    Word("archives?", "the archive dates it to 1921.", "na"),
    Word("brochures?", "the brochure lists 12 rooms.", "na"),
    Word("leaflets?", "the leaflet says free entry.", "na"),
    Word("websites?", "the website gives another figure.", "na"),
    Word("sites?", "one site says 1903.", "na"),
    Word("papers?", "the paper reports 42%.", "na"),
    Word("studies", "the studies disagree on the dose.", "na"),
    Word("study", "one study puts it at 12%.", "na"),
    Word("books?", "the book credits tesla.", "na"),
    Word("datasheets?", "the datasheet gives 3.3 v.", "na"),
    Word("specs?", "the spec says 64 bytes.", "na"),
    Word("publications?", "the publications differ.", "na"),
    Word("encyclopa?edias?", "the encyclopedia gives 1492.", "na"),
    Word("sheets?", "the sheet lists 40 seats.", "na"),
    Word("monographs?", "the monographs differ on the maximum dose.", "na"),
    Word("obituar(?:y|ies)", "the obituaries give two ages.", "na"),
    Word("newspapers?", "one newspaper gives 1923.", "na"),
    Word("clippings?", "the clippings differ on the score.", "na"),
    Word("accounts?", "the accounts differ on who won.", "ax"),
    Word("note", "note 2 says the code is 4471.", "i"),
)
"""Every English word for the sources, a plural before its singular, in the order the entries try them."""

SOURCES = select("en.sources", WORDS, "c", "The core words for the passages a response was given.")
SOURCES_IN_FLAGS = select(
    "en.sources_in_flags",
    WORDS,
    "f",
    "The sources in an error flag: the core words and the kinds of page a passage is.",
)
SOURCE_NOUNS = select(
    "en.source_nouns", WORDS, "n", "What one of several sources may be called when they are counted or set apart."
)
SOURCES_IN_CONFLICT = select(
    "en.sources_in_conflict", WORDS, "a", "The conflict rule's words: SOURCE_NOUNS and 'accounts'."
)
CONFLICTING_SOURCES = select(
    "en.conflicting_sources",
    WORDS,
    "x",
    "The sources named as conflicting: 'conflicting reports', 'conflicting accounts'.",
)
SOURCES_CITED = select("en.sources_cited", WORDS, "i", "One passage cited as saying something: 'passage 3 says'.")
SOURCES_NUMBERED = select("en.sources_numbered", WORDS, "o", "A numbered passage quoted from: 'from passage 2:'.")
ENTRIES = (
    SOURCES,
    SOURCES_IN_FLAGS,
    SOURCE_NOUNS,
    SOURCES_IN_CONFLICT,
    CONFLICTING_SOURCES,
    SOURCES_CITED,
    SOURCES_NUMBERED,
)
