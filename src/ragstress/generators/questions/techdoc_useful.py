"""Whether an option question is worth asking: its first clause only, and an answer the question does not give away.

A man page's option description often runs on past what the option does: examples, "(since dpkg
1.18.5)", "(see below)", "; the default is …". A person asks about what the option does, so only
the first clause is read, with its asides in parentheses dropped.

An option whose name is the question's own words ("Which option sets the region? --region",
"… ignores case distinctions? --ignore-case") tests nothing: anyone can answer it without the page,
and every alias of an answer counts as right, so one guessable spelling is enough to leave it unasked
as it stands. A person who knows the long name still asks for the short one ("Which short option of grep
ignores case distinctions?" → `-i`), so an option with a one-letter spelling is asked that way, with only its
one-letter spellings accepted (`short_spellings`): a letter is not the question's words.
"""

from __future__ import annotations

import re

# Where what an option does ends and what follows it (an example, a pointer, a note) begins.
_CLAUSE_END = re.compile(
    r"\s*(?:;|:(?=\s|$)|\s[—–]\s|\s-\s|,?\s+(?:e\.g\.|i\.e\.|for example|for instance|see\b|unless\b|"
    r"which is the default|this is the default)|,\s+(?:and\s+)?(?:the default|by default|default)\b)"
)
# "(since dpkg 1.18.5)", "(the default)", "(see below)", "(e.g. …)": asides a question leaves out.
_ASIDE = re.compile(r"\s*\([^()]*\)")


def first_clause(sentence: str) -> str:
    """The sentence up to its first clause boundary, without asides in parentheses."""
    clause = _CLAUSE_END.split(sentence, maxsplit=1)[0]
    clause = _ASIDE.sub("", clause)
    return re.sub(r"\s{2,}", " ", clause).strip(" ,.")


# "(the default)", "; this is the default", "（默认行为）", "这是默认设置": the option restates what the command does
# without it. What it does is then no fact of the option: the command does it anyway.
_RESTATES_DEFAULT = re.compile(
    r"\((?:the |this is the )?default(?: behaviou?r| setting| mode)?\)|[;,.]\s*(?:this|which) is the default\b"
    r"|[（(]\s*(?:这是|此为|即)?(?:默认|缺省)的?(?:行为|设置|值|选项|方式)?\s*[)）]"
    r"|这(?:就)?是\S{0,4}?(?:默认|缺省)的?(?:行为|设置|值|方式)|为(?:默认|缺省)的?(?:行为|设置)"
)


def restates_default(description: str) -> bool:
    """Whether an option's description says it does what the command does by default (see `_RESTATES_DEFAULT`),
    in its first sentence or in a second that says only that ("Follow links. This is the default.")."""
    sentences = re.split(r"。|\.(?=\s|$)", description.strip())
    said_next = len(sentences) > 1 and re.fullmatch(r"\s*(?:This|It) is the default(?: behaviou?r)?\s*", sentences[1])
    return bool(_RESTATES_DEFAULT.search(sentences[0]) or said_next)


# What a whole family of tools calls an option, said in other words: a question using them gives it away.
_CONVENTIONS = {
    "async": ("asynchronous", "without waiting", "immediately"),
    "quiet": ("quiet", "silent", "suppress", " anything", "all output"),
    "silent": ("quiet", "silent", "suppress", " anything", "all output"),
    "verbose": ("verbose", "verbosely", "more detail", "detailed"),
    "recursive": ("recursive", "recursively", "subdirector"),
    "force": ("force",),
    "dry-run": ("trial run", "dry run", "without actually", "don't actually", "do not actually"),
    "yes": ("assume yes", "answer yes", "yes to all"),
    "debug": ("debug",),
}
_STOP = {"no", "with", "without", "the", "a", "an", "of", "to", "for", "and", "or", "is", "in", "on"}


# Short forms option names use for words a question spells out ("-Xmaxwarns": "the maximum number of warnings").
_SHORT_FORMS = {"max": "maxim", "min": "minim", "num": "number", "dir": "director", "dirs": "director"}


def _matches(word: str, text_words: list[str]) -> bool:
    """`word` of an option's name said in the question: "recursive" ~ "recursively", "ignore" ~ "ignores"."""
    if word in _SHORT_FORMS:
        return any(t.startswith(_SHORT_FORMS[word]) or t == word for t in text_words)
    stem = word[: max(4, len(word) - 2)] if len(word) > 4 else word
    return any(t == word or (len(word) > 3 and t.startswith(stem)) for t in text_words)


def guessable(names: tuple[str, ...] | list[str], question: str) -> bool:
    """Whether some spelling of an option can be guessed from the question alone (see the module docstring)."""
    text = question.lower()
    text_words = re.findall(r"[a-z0-9]+", text)
    spellings = list(names)
    for name in names:
        # gcc-style "-mspe", "-mloongson-cam", "-fno-inline": the name after its family letter; "--noplugin".
        if re.fullmatch(r"-[mfWX][a-z0-9][\w-]+", name):
            spellings.append("--" + name[2:])
        if re.fullmatch(r"--?no-?[a-z][\w-]+", name):
            spellings.append("--" + re.sub(r"^--?no-?", "", name))
    for name in spellings:
        bare = name.lstrip("-").lower()
        if name.startswith("--") or (name.startswith("-") and len(bare) > 3) or bare.isdigit():
            if bare in _CONVENTIONS and any(said in text for said in _CONVENTIONS[bare]):
                return True
            words = [w for w in re.split(r"[-_.]", bare) if w and w not in _STOP]
            if words and all(_matches(w, text_words) for w in words):
                return True
            if len(bare) >= 5 and bare.isalpha() and _split_in(bare, text_words):
                return True
    return False


def _split_in(bare: str, text_words: list[str]) -> bool:
    """ "serverlist": two words of the question run together."""
    for cut in range(3, len(bare) - 2):
        if _matches(bare[:cut], text_words) and _matches(bare[cut:], text_words):
            return True
    return False


def short_spellings(names: list[str], question: str) -> list[str]:
    """The one-letter spellings of an option ("-i", "-?" excluded) when its other spellings are given away by
    `question`, or []: accepted alone, they are an answer the question does not hold."""
    short = [n for n in names if re.fullmatch(r"-[A-Za-z0-9]", n)]
    if not short or len(short) == len(names) or guessable(short, question):
        return []
    # "-v" beside "--verbose", "-R" for "recursively": a family's convention covers the letter as well as the name.
    text = question.lower()
    conventional = {n.lstrip("-")[0] for n in names if n.lstrip("-").lower() in _CONVENTIONS}
    conventional |= {key[0] for key, said in _CONVENTIONS.items() if any(word in text for word in said)}
    return [] if any(s[1].lower() in conventional for s in short) else short
