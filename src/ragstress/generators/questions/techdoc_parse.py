"""Reading an English option description as a person would ask about it: its placeholders and its grammar.

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

Whether a description opens with a verb ("List directory contents", an imperative) or is a noun
phrase ("Display name of the cluster") is read from spaCy's part-of-speech tags, not a word list:
the description is tagged after "You can", "You" and "To", where a word that can be a verb is
tagged as one, and most frames must agree; a noun phrase that an option's own name spells
("--display-name") or that opens with its argument ("-p port": "Port to connect to") is a noun
phrase whatever its first word could be, as is a word followed by "of". The pipeline is loaded
once, on first use.
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


def conjugate(verb: str) -> str:
    """The third person singular of an imperative: list → lists, do → does, try → tries, be → is
    (a comma after the verb stays after it: "Keep," → "keeps,")."""
    if verb[-1:] in ",;":
        return conjugate(verb[:-1]) + verb[-1]
    if "/" in verb.strip("/"):
        return "/".join(conjugate(part) for part in verb.split("/"))  # "enable/disable" -> "enables/disables"
    word = verb.lower()
    irregular = {"be": "is", "have": "has", "do": "does", "go": "goes"}
    if word in irregular:
        return irregular[word]
    if re.search(r"(?:s|sh|ch|x|z|o)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def opening(sentence: str, option_words: set[str]) -> tuple[str, list[int]] | None:
    """How `sentence` opens: ("verb", word indexes of the verbs to put in the third person) for an
    imperative, ("noun", []) for a noun phrase, or None when it is neither.

    `option_words` are the words of the option's long names ("--display-name" → display, name): a
    description whose first two words they spell is the noun phrase naming the option's value."""
    words = sentence.split()
    if not words:
        return None
    lowered = words[0].lower() + (" " + " ".join(words[1:]) if len(words) > 1 else "")
    doc = english_pipeline()(_FRAME + lowered)
    first = doc[_FRAMED]
    # One frame can mislead the tagger ("You scale sizes ..." reads "scale" as a noun): the word is a verb
    # when most frames tag it as one.
    votes = [first] + [english_pipeline()(frame + lowered)[len(frame.split())] for frame in ("You ", "To ")]
    verb = sum(t.tag_ in ("VB", "VBP") for t in votes) >= 2
    if words[0].endswith("s") and english_pipeline()("It " + lowered)[1].tag_ == "VBZ":
        return "verb", []  # "Overrides the TERM variable": in the third person already
    second = doc[_FRAMED + 1] if len(doc) > _FRAMED + 1 else None
    # "Display name of the cluster" (--display-name), "Line number increment" (--line-increment): the
    # option's own name opening a singular noun is the name of its value; "Ignore case distinctions" is not.
    named = (
        second is not None
        and words[0].lower() in option_words
        and second.tag_ == "NN"
        and (second.text in option_words or second.dep_ == "compound" and second.head.text in option_words)
    )
    proper = len(words) > 1 and words[1][:1].isupper()  # "Google Cloud location ...": a name, not a verb
    # "Name of an existing bucket": a word followed by "of" is a noun whatever else it could be.
    verb = verb and not (len(words) > 1 and words[1] == "of")
    if verb and not named and not proper:
        # "file descriptor FD is opened on a terminal": a clause with a subject of its own says no task.
        # A subject inside a subordinate clause ("fail if the daemon is not found") is part of the task.
        if any(t.dep_ in ("nsubj", "nsubjpass") and t.i > 0 and t.head.dep_ in _MAIN for t in doc):
            return None
        verbs = [0]
        # "Hide threads and only show processes": verbs joined to the first agree with it too.
        for token in doc[_FRAMED + 1 :]:
            after_and = doc[token.i - 1].text in ("and", "or") and token.tag_ in ("VB", "VBP")
            # "print nothing, only return an exit status": a bare verb the parse makes the root is a second task.
            second_task = (
                token.dep_ in ("ROOT", "dep", "parataxis")
                and token.tag_ == "VB"
                and doc[token.i - 1].text != "to"
                and not any(c.dep_ == "aux" for c in token.children)
            )
            joined = token.dep_ == "conj" and token.tag_ in ("VB", "VBP") and _joined_to(token, first)
            if after_and or second_task or joined:
                index = len(doc.text[len(_FRAME) : token.idx].split())
                if index < len(words) and words[index] == token.text:  # not "do" of "don't"
                    verbs.append(index)
        return "verb", verbs
    if named:
        return "noun", []
    if words[0].lower() in _QUANTIFIERS:
        return None  # "Some services group ...": a clause whose subject is quantified, not a name
    noun = english_pipeline()(sentence)
    root = next((t for t in noun if t.dep_ == "ROOT"), None)
    # A verb of its own makes a clause; one inside a relative clause ("a store that holds pages") does not.
    finite = any(
        t.tag_ in ("VBZ", "VBP", "VBD", "MD") and not any(a.dep_ in ("relcl", "acl") for a in (t, *t.ancestors))
        for t in noun
    )
    if root is not None and root.pos_ in ("NOUN", "PROPN") and not finite:
        return "noun", []
    return None


# The frame a description is tagged in: after "You can" a word that can be a bare verb is tagged as one.
_FRAME = "You can "
_FRAMED = 2
_MAIN = ("ROOT", "conj", "parataxis", "ccomp", "dep")
_QUANTIFIERS = {"some", "all", "each", "every", "any", "no", "most", "many", "several", "few", "both"}


def last_is_verb(word: str) -> bool:
    """Whether a sentence's last word, after "and", is a bare verb ("… and quit") rather than a noun ("… and files")."""
    if not (word.isalpha() and word.islower()):
        return False
    frames = ((_FRAME, _FRAMED), ("To ", 1), ("Please ", 1))  # "You can column" alone tags a noun as a verb
    return all(english_pipeline()(frame + word)[at].tag_ in ("VB", "VBP") for frame, at in frames)


def _joined_to(token, first) -> bool:
    head = token.head
    while head.dep_ == "conj" and head is not head.head:
        head = head.head
    return head == first
