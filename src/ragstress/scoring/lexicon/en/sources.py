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
- j: SOURCES_IN_KEYS, the sources a JSON field is named after ("doc_correct": false, "source_reliable": false,
  json_answer.py), read at the start of a name that goes on ('docs?' also reads 'document_accurate').
- i: SOURCES_CITED, what a response names when it cites one passage as saying something ('passage 3
  says', 'the note reads'), read by the injection reading's citations (injection_words.py, CITING).
- o: SOURCES_NUMBERED, what a numbered passage quoted from is called ('from passage 2:'), read there too.
- x: CONFLICTING_SOURCES, the sources named as conflicting in conflict_rules.py's en.conflicting_noun
  ('conflicting sources', 'conflicting reports', 'conflicting accounts'), beside what they give ('conflicting dates').
- r: SOURCES_IN_REFUSALS, what a refusal says holds nothing (refusals.py: 'my notes don't say', 'the file doesn't
  mention it'): SOURCE_NOUNS and the notes, material, files, memos and extracts a response was handed.
- e: SOURCES_NONE_OF, the sources a refusal says none of gives the answer ('none of the passages names him').
- t: SOURCES_REPORTING, the sources a mention is reported from (roles.py's en.attributed: 'the document says
  1895', 'the report puts it at 1895'), plural or singular.
- p: SOURCES_POSSESSING, the sources a mention is a detail of (en.attributed: "the passage's date of 1895",
  'the documents' figure of 1895'): SOURCES_REPORTING but reports, records and pages.

The entries are narrower than the whole list on purpose: widening one changes verdicts on the
labelled files (the scoring docs say how that was measured), so a word joins an entry only with
the labelled lines that show it belongs there.
"""

from __future__ import annotations

from ragstress.scoring.lexicon import Word, select

WORDS: tuple[Word, ...] = (
    Word("documents", "the documents say it opened in 1889.", "cfnatper"),
    Word("document", "one document puts it at 1889.", "cfnaiotper"),
    Word("docs?", "the docs give 1879 instead.", "fnatprj"),
    Word("passages", "the passages give two dates.", "cfnatper"),
    Word("passage", "passage 2 puts it at 1889.", "cfnaiotperj"),
    Word("sources", "the sources disagree on the year.", "cfnaxtper"),
    Word("source", "one source says 1879.", "cfnaxiotperj"),
    Word("texts", "the texts name two architects.", "cfnatper"),
    Word("text", "the text names another architect.", "cfnaitperj"),
    Word("context", "the context contains a typo.", "cfnaiotprj"),
    Word("contexts", "the contexts say 1889.", "tp"),
    Word("articles?", "the article credits edison.", "cfnatprj"),
    Word("retrieved (?:text|passages?|documents?)", "the retrieved passages give two dates.", "cf"),
    Word("pages", "the pages list two years.", "fnatr"),
    Word("page", "the page lists the wrong year.", "fnaitr"),
    Word("snippets", "the snippets give two dates.", "fnar"),
    Word("snippet", "one snippet says 1666.", "fnaior"),
    Word("excerpts", "the excerpts disagree on the treaty.", "fnar"),
    Word("excerpt", "the excerpt misdates the treaty.", "fnaior"),
    Word("handouts?", "the handout has a misprint.", "ftp"),
    Word("guides?", "the guide is out of date.", "fnatpr"),
    Word("fact ?sheets?", "the fact sheet is wrong about the depth.", "f"),
    Word("data ?sheets?", "the data sheet gives 5 v.", "f"),
    Word("cheat ?sheets?", "the cheat sheet swaps the two flags.", "f"),
    Word("runbooks?", "the runbook has a typo in the port.", "fnar"),
    Word("manuals?", "the manual says 30 seconds.", "fnar"),
    Word("glossar(?:y|ies)", "the glossary defines it wrongly.", "f"),
    Word("tables?", "the table is off by one.", "f"),
    Word("release history", "the release history dates it to 2019.", "f"),
    Word("wiki", "the wiki says version 3.", "fnar"),
    Word("results?", "two results give 1879.", "nar"),
    Word("reports?", "one report puts the toll at 40.", "naxtr"),
    Word("records?", "the records disagree.", "natr"),
    # After a modal, "to" or a pronoun subject, "reference" is the verb: "it can't reference aggregates".
    Word(
        r"(?<!\bto )(?<!n't )(?<!\bnot )(?<!\bcan )(?<!\bmay )(?<!\bmust )(?<!\bwill )(?<!\bould )(?<!\bit )"
        r"(?<!\bwhich )(?<!\bthat )references?",
        "the references give different dates.",
        "nar",
    ),
    Word("entries", "the entries conflict.", "nar"),
    Word("entry", "the entry gives the wrong year.", "f"),
    Word("items?", "item 3 says 1901.", "nar"),
    Word("materials?", "the materials differ on the date.", "nar"),
    Word("tickets?", "the ticket says the limit is 50.", "nar"),
    Word("faq", "the faq gives 14 days.", "nar"),
    Word("changelogs?", "the changelog dates it to 2.4.", "nar"),
    Word("posts?", "one post says 2012.", "nar"),
    Word("pieces?", "the two pieces disagree.", "nar"),
    Word("stubs?", "the stub names another author.", "nar"),
    Word("bulletins?", "the bulletin gives 9 am.", "nar"),
    Word("decks?", "the deck says q3.", "nar"),
    Word("archives?", "the archive dates it to 1921.", "nar"),
    Word("brochures?", "the brochure lists 12 rooms.", "nar"),
    Word("leaflets?", "the leaflet says free entry.", "nar"),
    Word("websites?", "the website gives another figure.", "nar"),
    Word("sites?", "one site says 1903.", "nar"),
    Word("papers?", "the paper reports 42%.", "nar"),
    Word("studies", "the studies disagree on the dose.", "nar"),
    Word("study", "one study puts it at 12%.", "nar"),
    Word("books?", "the book credits tesla.", "nar"),
    Word("datasheets?", "the datasheet gives 3.3 v.", "nar"),
    Word("specs?", "the spec says 64 bytes.", "nar"),
    Word("publications?", "the publications differ.", "nar"),
    Word("encyclopa?edias?", "the encyclopedia gives 1492.", "nar"),
    Word("sheets?", "the sheet lists 40 seats.", "natpr"),
    Word("monographs?", "the monographs differ on the maximum dose.", "nar"),
    Word("obituar(?:y|ies)", "the obituaries give two ages.", "nar"),
    Word("newspapers?", "one newspaper gives 1923.", "nar"),
    Word("clippings?", "the clippings differ on the score.", "nar"),
    Word("accounts?", "the accounts differ on who won.", "ax"),
    Word("note", "note 2 says the code is 4471.", "i"),
    Word("notes", "my notes don't say.", "r"),
    Word("material", "the material doesn't cover it.", "r"),
    Word("files?", "the file doesn't mention it.", "r"),
    Word("memos?", "the memo doesn't give a date.", "r"),
    Word("extracts?", "the extract doesn't name him.", "r"),
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
SOURCES_IN_REFUSALS = select(
    "en.sources_in_refusals", WORDS, "r", "What a refusal says holds nothing: SOURCE_NOUNS, notes, files, memos."
)
SOURCES_NONE_OF = select(
    "en.sources_none_of", WORDS, "e", "The sources none of which gives it: 'none of the passages'."
)
SOURCES_REPORTING = select(
    "en.sources_reporting", WORDS, "t", "The sources a mention is reported from: 'the report says'."
)
SOURCES_POSSESSING = select(
    "en.sources_possessing", WORDS, "p", "The sources a mention is a detail of: 'the passage's date of'."
)
SOURCES_IN_KEYS = select("en.sources_in_keys", WORDS, "j", "The sources a JSON field is named after: 'doc_correct'.")
SOURCES_CITED = select("en.sources_cited", WORDS, "i", "One passage cited as saying something: 'passage 3 says'.")
SOURCES_NUMBERED = select("en.sources_numbered", WORDS, "o", "A numbered passage quoted from: 'from passage 2:'.")
ENTRIES = (
    SOURCES,
    SOURCES_IN_FLAGS,
    SOURCE_NOUNS,
    SOURCES_IN_CONFLICT,
    CONFLICTING_SOURCES,
    SOURCES_IN_REFUSALS,
    SOURCES_NONE_OF,
    SOURCES_REPORTING,
    SOURCES_POSSESSING,
    SOURCES_IN_KEYS,
    SOURCES_CITED,
    SOURCES_NUMBERED,
)
