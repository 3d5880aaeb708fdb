"""Putting an option's placeholders into words, as a person would ask about the option.

A man page writes an option's argument as a placeholder (`-r, --role=ROLE` "set role ROLE in the
target security context", `--homedir dir` "set the home directory to dir"). A question that copies
it reads as no person would ask, so each placeholder is put into words or dropped:

- after a noun it names, it is dropped, and the noun gets an article if it has none ("set role ROLE
  in ..." → "set the role in ..."; "apply a Boolean filter EXPRESSION" → "apply a Boolean filter");
- after an article it becomes its noun ("each FILE" → "each file"), elsewhere a noun with "a"
  ("separate columns with STR" → "separate columns with a string"; "FILEs" → "files");
- a number before a noun becomes "a given number of" ("after COLS characters" → "after a given number
  of characters");
- a placeholder that cannot be put into words (WHEN, a bare letter) leaves the description unasked.

Placeholders are told from ordinary words by spaCy's part-of-speech tags (`_tags`): a lower-case
argument word is one only after a verb or a preposition.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.english_parse import english_pipeline

# What a placeholder names, when its spelling does not say it in plain words.
_NOUNS = {
    "n": "number",
    "num": "number",
    "int": "number",
    "integer": "number",
    "k": "number",
    "count": "number",
    "cols": "number",
    "str": "string",
    "dir": "directory",
    "rfile": "reference file",
    "dest": "destination",
    "src": "source",
    "re": "regular expression",
    "regex": "regular expression",
    "regexp": "regular expression",
    "expr": "expression",
    "prog": "program",
    "cmd": "command",
    "delim": "delimiter",
    "suff": "suffix",
    "sep": "separator",
    "arg": "argument",
    "args": "arguments",
    "val": "value",
    "attr": "attribute",
    "dev": "device",
    "sig": "signal",
    "fd": "file descriptor",
    "uid": "user ID",
    "gid": "group ID",
    "pid": "process ID",
    "secs": "number of seconds",
    "seconds": "number of seconds",
    "sec": "number of seconds",
    "ms": "number of milliseconds",
    "msecs": "number of milliseconds",
    "milliseconds": "number of milliseconds",
    "bytes": "number of bytes",
    "lines": "number of lines",
    "filename": "file name",
    "fname": "file name",
    "pathname": "path",
    "hostname": "host name",
    "username": "user name",
}
# Placeholders that stand for no noun: "--color[=WHEN]" is "always", "never" or "auto".
_UNWORDABLE = {"when", "if", "what", "how", "which", "where", "x", "y", "z"}
# Upper-case words that are placeholders on any man page, whether or not the option at hand takes them.
_COMMON = {
    "FILE", "FILES", "DIR", "DIRECTORY", "NUM", "NUMBER", "N", "K", "SIZE", "MODE", "STYLE", "FORMAT", "STRING",
    "STR", "TEXT", "USER", "GROUP", "ROLE", "TYPE", "RANGE", "LEVEL", "WHEN", "CONTEXT", "PATTERN", "REGEX",
    "EXPRESSION", "EXPR", "COMMAND", "CMD", "NAME", "VALUE", "KEY", "LIST", "PATH", "PROG", "PROGRAM", "ARG",
    "ARGS", "SECONDS", "SECS", "DELIM", "SEP", "SUFFIX", "PREFIX", "OWNER", "COLS", "WIDTH", "COUNT", "LIMIT",
    "INTERVAL", "DEVICE", "SIGNAL", "CHARSET", "ENCODING", "RFILE", "TEMPLATE", "DEST", "SOURCE", "TARGET",
    "FILENAME",
}  # fmt: skip
_DETERMINERS = {
    "a", "an", "the", "each", "every", "any", "all", "this", "that", "its", "their", "your", "his", "her", "one",
    "no", "some", "another", "given", "specified", "these", "those", "which", "what", "first", "last",
}  # fmt: skip
_NUMBERISH = ("number", "number of ")
# "by SIZE bytes": a placeholder before a unit counts it, whatever it is called.
_UNITS = {
    "bytes", "kilobytes", "megabytes", "blocks", "seconds", "minutes", "milliseconds", "characters", "chars", "lines",
    "columns", "pages", "times", "bits", "entries", "items", "digits", "spaces",
}  # fmt: skip
_WORD = re.compile(r"[A-Za-z][\w-]*(?:'s)?|\.\.\.|\S")


def placeholders(term: str, text: str, names: tuple[str, ...] = ()) -> set[str]:
    """The placeholders `text` may hold: the argument words of the option `term` ("--role=ROLE" → ROLE,
    "--homedir dir" → dir, and "-Mdir" read as `-M` with `dir` glued on: `names` ("-M", "-Mdir")), and the
    upper-case words any man page uses for one (FILE, NUM ...)."""
    own = {glued[len(n) :] for n in names for glued in names if glued != n and glued.startswith(n) and len(n) == 2}
    for part in term.split(", "):
        rest = re.sub(r"^-{1,2}[A-Za-z0-9?][\w.-]*", "", part.strip()).split(";")[0]  # "; default=20" is no argument
        own |= set(re.findall(r"(?<![\w-])[A-Za-z_]\w*", rest))  # not "--license" of "-L --license"
    # FILE, and OLDFILE or MYFILE beside it: names a synopsis gives its operands.
    caps = {w for w in re.findall(r"\b([A-Z][A-Z0-9_]*)s?\b", text) if w in _COMMON or _compound(w)}  # FILE, FILEs
    # "DIR-FILE", "INFO-FILE": a compound placeholder, which has no plain wording of its own.
    caps |= {w for w in re.findall(r"(?<![\w-])[A-Z]+(?:-[A-Z]+)+(?![\w-])", text) if w.rsplit("-", 1)[1] in _COMMON}
    return own | caps


def _compound(word: str) -> bool:
    """OLDFILE, MYFILE, INFODIR: a common placeholder with a prefix run into it."""
    return any(word.endswith(common) and len(word) > len(common) + 1 for common in ("FILE", "DIR", "NAME", "PATH"))


def noun_for(placeholder: str) -> str | None:
    """The plain words for a placeholder (NUM → number, RFILE → reference file), or None when there are none."""
    word = placeholder.lower()
    if word in _NOUNS:
        return _NOUNS[word]
    if placeholder.isupper() and _compound(placeholder):
        return None  # "OLDFILE to YOURFILE": which file is which is all the sentence says
    if placeholder.islower() and re.fullmatch(r"[a-z]{3,}(?:-[a-z]{3,})+", placeholder):
        return placeholder.replace("-", " ")  # "-Tsubstvars-file": "a substvars file"
    if word in _UNWORDABLE or len(word) < 3 or not re.search(r"[aeiouy]", word) or "-" in word:
        return None
    return word.replace("_", " ").replace("-", " ")


def _article(noun: str) -> str:
    return "an" if re.match(r"[aeiou]", noun) and not re.match(r"u(?:s|ni|ti|ma|ri|rl|id)|one", noun) else "a"


def word_placeholders(sentence: str, names: set[str]) -> str | None:
    """`sentence` with each placeholder in `names` put into words (see the module docstring), or None.

    An upper-case placeholder is one wherever it stands; a lower-case argument word ("--homedir dir")
    is one only where an ordinary word could not stand bare: after a verb or a preposition."""
    # "KEY=VALUE pairs" are key-value pairs; a placeholder tied to anything else by "=" has no plain wording.
    sentence = re.sub(
        r"\b([A-Z][A-Z_]*)=([A-Z][A-Z_]*)\b",
        lambda m: f"{m[1].lower()}-{m[2].lower()}" if {m[1], m[2]} <= names else m[0],
        sentence,
    )
    if any(re.search(rf"(?<![\w-]){re.escape(n)}=|=\[?{re.escape(n)}\b", sentence) for n in names):
        return None
    found = [(m[1], m[2]) for m in re.finditer(r"(\s*)(" + _WORD.pattern + ")", sentence)]
    tokens = [t for _, t in found]
    if not any(t.removesuffix("'s") in names or t.removesuffix("s") in names for t in tokens):
        return sentence
    tags = _tags(tokens)
    out: list[list[str]] = []  # [the space before it, the word]
    i = 0
    while i < len(tokens):
        space, token = found[i]
        possessive = token.endswith("'s")
        bare = token.removesuffix("'s")
        plural = False
        if bare not in names and bare.endswith("s") and bare[:-1] in names and bare[:-1].isupper():
            bare, plural = bare[:-1], True  # "FILEs"
        prev_tag = tags[i - 1] if i > 0 else ""
        # "at which to start reading" (--start=start): a verb after "to", with its own object, is no placeholder.
        verb = prev_tag == "TO" and tags[i] == "VB" and (i + 1 == len(tokens) or tags[i + 1] in ("VBG", "DT", "PRP"))
        # "remove an installed package", "an installed or already removed package": a participle in a noun
        # phrase opened by a determiner describes the ordinary word after it.
        described = prev_tag == "VBN" and any(t.lower() in _DETERMINERS for t in tokens[max(0, i - 5) : i - 1])
        ordinary = bare.islower() and (i == 0 or not re.match(r"VB|IN|TO", prev_tag) or verb or described)
        if bare not in names or ordinary:
            out.append([space, token])  # "the file", "a single command": the ordinary word
            i += 1
            continue
        if i + 1 < len(tokens) and tokens[i + 1] == "...":
            plural = True
            i += 1
        noun = noun_for(bare)
        if noun is None:
            return None
        prev = out[-1][1] if out else ""
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        before_noun = i + 1 < len(tokens) and tags[i + 1] in ("NN", "NNS") and following.islower()
        if (
            prev.lower() == noun.split()[-1]
            or following.lower().startswith(noun)
            or (prev_tag.startswith("NN") and (prev.islower() or bare.isupper()) and not possessive)
        ):
            # "role ROLE", "a Boolean filter EXPRESSION", "SIG signal": a noun beside it names it.
            if prev.lower() == noun.split()[-1]:
                _give_article(out, "the")
            i += 1
            continue
        if (noun.startswith(_NUMBERISH) or following in _UNITS) and before_noun:
            if prev.lower() in _DETERMINERS or prev_tag.startswith("JJ"):
                return None  # "the first NUM lines": no plain wording keeps its sense
            plural_noun = following if following.endswith("s") else following + "s"
            out += [[space, "a"], *([" ", w] for w in ("given", "number", "of", plural_noun))]
            i += 2
            continue
        if noun.startswith("number of "):
            words = ["a", "given", *noun.split()]
        elif noun in _UNITS or noun in ("days", "hours", "weeks", "months", "years"):
            words = ["a", "given", "number", "of", noun]  # "older than DAYS": a count of them, not "a days"
        elif plural:
            words = [noun if noun.endswith("s") else noun + "s"]
        elif prev.lower() in _DETERMINERS or prev_tag.startswith("JJ") or (before_noun and not possessive):
            words = noun.split()  # "each FILE", "minimum SIZE", "MODE values"
        elif noun in (w.lower() for _, w in out) and re.match(r"IN|TO", prev_tag):
            words = ["a", "given", *noun.split()]  # "change the directory to DIR": the noun was said already
        else:
            words = [_article(noun), *noun.split()]
        if possessive:
            words[-1] += "'s"
        out += [[space if n == 0 else " ", w] for n, w in enumerate(words)]
        i += 1
    return "".join(space + word for space, word in out).strip()


def _tags(tokens: list[str]) -> list[str]:
    """spaCy's part-of-speech tag of each token, tagged as one sentence."""
    from spacy.tokens import Doc

    nlp = english_pipeline()
    return [t.tag_ for t in nlp(Doc(nlp.vocab, words=tokens))]


def _give_article(out: list[list[str]], article: str) -> None:
    """Put an article before the noun phrase `out` ends with, unless it has a determiner already."""
    start = len(out) - 1
    while start > 1 and re.fullmatch(r"[A-Za-z][\w-]*", out[start - 1][1]):
        if out[start - 1][1].lower() in _DETERMINERS or _is_function_word(out[start - 1][1]):
            break
        start -= 1
    before = out[start - 1][1].lower() if start > 0 else ""
    if before in _DETERMINERS or before.endswith("'s") or start == 0:
        return
    out.insert(start, [out[start][0], article])
    out[start + 1][0] = " "


_FUNCTION_WORDS = {
    "to", "of", "for", "in", "on", "with", "from", "by", "as", "into", "under", "after", "before", "against",
    "within", "over", "at", "via", "than", "per", "using", "and", "or", "but", "not", "instead", "rather", "is",
    "are", "be",
}  # fmt: skip


def _is_function_word(word: str) -> bool:
    return word.lower() in _FUNCTION_WORDS
