"""English questions on definition entries: the term is the answer, its description the question.

"-i, --ignore-case / Ignore case distinctions in patterns" in grep's page gives "Which option
of grep ignores case distinctions in patterns?" (answer `-i`, or `--ignore-case`); the
signature "os.getcwd()" above "Return a string representing the current working directory."
gives "Which function of the os module returns a string representing the current working
directory?". A description is used only when its first sentence opens with a verb this
module can put in the third person (a closed list, so a noun such as "Number of ..." is never
mistaken for one), with "Raised when ..." (exceptions) or with a noun phrase (classes,
attributes, variables), and when it is short and names no spelling of the answer.

The values stated in an entry's own text make two more templates: the version it was added
or deprecated in ("Added in version 3.8.") and a parameter's default ("maxsize defaults to
128"), each asked only when the value occurs once in the chunk.
"""

from __future__ import annotations

import re

from ragstress.generators.questions.techdoc import Entry, Subject, occurrences, typed_spellings
from ragstress.generators.questions.techdoc_defaults import default_question
from ragstress.generators.questions.techdoc_parse import (
    conjugate,
    last_is_verb,
    opening,
    placeholders,
    word_placeholders,
)
from ragstress.generators.questions.techdoc_useful import first_clause, guessable, short_spellings

_VERBS = frozenset(
    """accept access add adjust allocate allow append apply arrange ask assign attempt avoid block break build call cancel
    cause change check clear close combine compare compile compute concatenate configure construct control
    convert copy count create feed decode define delete describe detect determine disable discard display do dump
    emit empty enable encode ensure enter evaluate execute exit expand export extract fail fetch fill filter find fire
    finish flush follow force format generate get give handle hide ignore implement import include indicate
    initialize insert inspect install interpret invoke join keep kill limit list load lock log look make map
    mark match merge modify move normalize note open output overwrite pack parse pass pause perform place pop prefer
    prepend preserve prevent print process produce prompt provide put raise read receive record reduce
    register reject release reload remove rename reorder repeat replace report represent request reset
    resolve restore restrict retrieve return reverse run save scan search select send separate serialize set
    show shut signal skip sleep sort specify split start stop store strip submit subtract supply suppress
    swap switch take tell terminate test throw toggle trace transform translate treat trigger truncate try turn
    unlock unpack update use validate verify wait walk warn wrap write yield""".split()
)
_NOUN_OPENING = re.compile(r"(?:The|A|An)\s+[a-z]")
_SKIP_OPENING = re.compile(
    r"(?:See|Same|Like|Alias|Deprecated|Changed|Added|New in|This|These|Note|Equivalent|Synonym|Identical|"
    r"Please|Example|Availability|If|When|For|In|On|As|Unlike|Similar|Also|Only|Obsolete)\b"
)
_KIND_WORD = {
    "option": "option",
    "function": "function",
    "cfunction": "C function",
    "method": "method",
    "class": "class",
    "exception": "exception",
    "attribute": "attribute",
    "constant": "constant",
    "envvar": "environment variable",
    "error_code": "error code",
    "path": "file",
}
_VERSION = re.compile(
    r"\b(Added|Deprecated since|New) in version (\d+(?:\.\d+){1,2})\b|\bDeprecated since version (\d+(?:\.\d+){1,2})\b"
)
_VALUE = r"(-?\d+(?:\.\d+)?|'[^'\s]{1,20}'|\"[^\"\s]{1,20}\")(?=[\s,;)]|\.(?:\s|$)|$)"
_ATTRIBUTE_DEFAULT = re.compile(r"\b(?:[Tt]he default(?: value)? is|[Ii]t defaults to|[Dd]efaults to) " + _VALUE)
# "This method is called when ...", "This marker indicates ...", "This is a read-only attribute that returns ...":
# what follows says of the term what a question can ask ("Which ... is called when ...").
_TERM_NOUNS = (
    r"(?:method|function|class|attribute|option|variable|exception|marker|probe point|probe|constant|macro|"
    r"decorator|constructor|property|hook|callback|flag|event|type|object|setting)"
)
_THIS_TERM = re.compile(
    rf"(?:This|The) {_TERM_NOUNS} (?=[a-z]+ )|This is an? [\w -]{{1,40}}? (?:that|which) (?=[a-z]+ )"
)
_MAX_WORDS = 40
# What an option does, as a person asks it, fits in a short clause; a longer one is its description copied.
_MAX_ASKED_WORDS = 16
_PREPOSITION_AFTER = re.compile(r"(?:of|on|for|in|to|with|that|which)\b")
_DEFAULT = re.compile(
    rf"\b([a-z_]\w*) defaults to {_VALUE}|\b[Tt]he default (?:value )?(?:of|for) ([a-z_]\w*) is {_VALUE}"
)

# (question, answer spellings, span kind, template, content): the content is what sets the question apart
# from others of its template, and is what the near-duplicate gate compares.
Question = tuple[str, list[str], str, str, str]


def _base(word: str) -> str | None:
    """The imperative a third-person form comes from: `returns` -> `return`, `tries` -> `try`."""
    for base in (word[:-3] + "y" if word.endswith("ies") else None, word[:-2], word[:-1]):
        if base and word.endswith("s") and base in _VERBS and third_person(base) == word:
            return base
    return None


def third_person(verb: str) -> str | None:
    """`Return` -> `returns`, `Do` -> `does`; None unless `verb` is a known imperative."""
    word = verb.lower()
    if word not in _VERBS:
        return None
    if word == "do":
        return "does"
    if re.search(r"(?:s|sh|ch|x|z)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "cf.", "approx.")


def first_sentence(text: str) -> str:
    """The description's first sentence, without its full stop.

    Manuals often start a sentence with a lower-case name ("ob must not be NULL."), so any full
    stop followed by a space ends the sentence, except after an abbreviation."""
    text = text.strip()
    for m in re.finditer(r"[.!?](?=\s)", text):
        if not text[: m.end()].endswith(_ABBREVIATIONS):
            text = text[: m.start()]
            break
    return text.rstrip(" .:;")


def predicate(entry: Entry) -> str | None:
    """What the question says of the unknown term: "returns ...", "is raised when ...", "is a ..."."""
    if entry.kind == "option":
        return option_predicate(entry)
    sentence = first_sentence(entry.description)
    if entry.kind == "envvar":
        sentence = first_clause(sentence)  # "Sets the color mode (since dpkg 1.18.5)": the note is no part of it
    sentence = re.sub(r"^(?:Method|Function) (?=called )", "This method is ", sentence)
    this = _THIS_TERM.match(sentence)
    if this:
        rest = sentence[this.end() :]
        verb = rest.split(" ", 1)[0]
        if verb in ("is", "was", "can", "may", "will", "does") or _base(verb):
            return rest if 3 <= len(rest.split()) <= _MAX_WORDS and ":" not in rest else None
    words = sentence.split()
    if not 3 <= len(words) <= _MAX_WORDS or ":" in sentence or _SKIP_OPENING.match(sentence):
        return None
    rest = " ".join(words[1:])
    if words[:2] == ["Do", "not"] or words[0] == "Don't":
        return "does not " + " ".join(words[2:]) if words[0] == "Do" else "does not " + rest
    if _PREPOSITION_AFTER.match(words[1]):
        return None  # "Limit on the number ...": a noun, not a verb
    verb = third_person(words[0])
    if verb:
        # "Take a pointer ..., and return its size": the second verb agrees too.
        rest = re.sub(r", (and|or) ([a-z]+)\b", lambda m: f", {m[1]} {third_person(m[2]) or m[2]}", rest)
        # "Write data and return the number of bytes": a verb after "and" followed by its object agrees too.
        rest = re.sub(
            r"\b(and) ([a-z]+)(?= (?:the|a|an|its|it|their|them|this|that|all|any|true|false|None|NULL)\b)",
            lambda m: f"{m[1]} {third_person(m[2]) or m[2]}",
            rest,
        )
        return f"{verb} {rest}"
    if _base(words[0].lower()) or words[0] in ("Does", "Is"):
        return f"{words[0].lower()} {rest}"
    if words[0] == "Raised" and entry.kind == "exception":
        return f"is raised {rest}"
    if _NOUN_OPENING.match(sentence) and entry.kind != "option":
        return f"is {sentence[0].lower()}{sentence[1:]}"
    return None


def option_predicate(entry: Entry) -> str | None:
    """What a question says of an option: its description with its placeholders in words, an imperative
    in the third person ("lists ..."), a noun phrase naming its value as what it sets ("sets the display
    name ..."); None for any other shape (see `techdoc_parse`)."""
    # "...; the default is screen.dump", "(since dpkg 1.18.5)", ", e.g. …": only what the option does is asked.
    sentence = first_clause(first_sentence(entry.description))
    sentence = sentence[:1].upper() + sentence[1:]
    if ":" in sentence or _SKIP_OPENING.match(sentence) or sentence.startswith(("Like ", "Same ")):
        return None
    if sentence.count("(") != sentence.count(")"):
        return None  # "(see user_caps(5)": a sentence the page left unclosed
    if re.search(r"\b(?:this|these)\b", re.sub(r"\([^()]*\)", "", sentence)):
        return None  # "List only channels of this type": the question would point at a page it does not show
    worded = word_placeholders(sentence, placeholders(entry.term, sentence, entry.names))
    words = worded.split() if worded else []
    if not 2 <= len(words) <= _MAX_WORDS:
        return None
    if words[:2] == ["Do", "not"] or words[0] in ("Don't", "Don’t"):
        rest = words[2:] if words[0] == "Do" else words[1:]
        # "don't output anything, just set exit status": what it prevents ends at the comma.
        rest = " ".join(rest).split(",")[0].split()
        # "don't output anything, status code shows success": the rest must read as a task too.
        if not rest or (opening(" ".join(rest), set()) or ("",))[0] != "verb":
            return None
        # "Which option does not print a header?" reads as any option that leaves it alone: ask what it prevents.
        gerund = _gerund(rest[0])
        if len(rest) > 2 and rest[1] in ("or", "and"):
            rest[2] = _gerund(rest[2]) or rest[2]  # "fetch or index the pages" → "fetching or indexing …"
        return "prevents " + " ".join([gerund, *rest[1:]]) if gerund else None
    if words[0] == "Whether":
        return "controls whether " + " ".join(words[1:])
    if words[0] in ("How", "What", "Where", "When", "Which") and _takes_argument(entry.term):
        return "sets " + " ".join([words[0].lower(), *words[1:]])  # "How often to upload audit logs"
    if _base(words[0].lower()):
        return " ".join([_lowered(words[0]), *words[1:]])
    option_words = {w for name in entry.names for w in name.lstrip("-").lower().split("-")}
    # "-p port / Port to connect to on the remote host": a description opening with the option's own
    # argument names that value, whatever else its first word could be.
    arguments = {w.lower() for w in placeholders(entry.term, "")}
    # "CEL filter expression for the trigger": an acronym opens a name, never a task; so does a word no list
    # knows as a verb before "to" ("Argument to append to the entrypoint").
    acronym = len(words[0]) > 1 and words[0].isupper()
    purpose = len(words) > 2 and words[1] == "to" and not third_person(words[0])
    named = words[0].lower() in arguments or acronym or purpose
    shape = ("noun", []) if named else opening(worded, option_words)
    if shape is None:
        return None
    kind, verbs = shape
    if kind == "verb":
        if len(words) > 2 and words[1] in ("or", "and") and re.fullmatch(r"[a-z]+", words[2]):
            verbs = [*verbs, 2]  # "Set or clear securebits"
        if len(words) > 2 and words[-2] in ("and", "or") and last_is_verb(words[-1]):
            verbs = [*verbs, len(words) - 1]  # "Display the licence and quit"
        listed = re.match(r"[A-Za-z]+, ([a-z]+,? )+(?:or|and) [a-z]+ ", worded)
        if listed:  # "Keep, clear or set the signal": every verb of the opening list agrees
            verbs = [*verbs, *(n for n in range(1, len(listed[0].split())) if words[n] not in ("or", "and"))]
        return " ".join(conjugate(w) if n in verbs else _lowered(w) if n == 0 else w for n, w in enumerate(words))
    if not _takes_argument(entry.term) or words[0] in ("This", "These", "It"):
        return None  # a noun phrase says what an option sets; an option without a value sets nothing
    if words[0].lower() in ("the", "a", "an"):
        return "sets " + " ".join([words[0].lower(), *words[1:]])
    first = words[0] if words[1][:1].isupper() else _lowered(words[0])  # "Google Cloud project" keeps its capital
    return "sets the " + " ".join([first, *words[1:]])


def _gerund(verb: str) -> str | None:
    """ "print" → "printing"; None for a word that is no plain verb ("print," keeps its comma)."""
    from lemminflect import getInflection

    bare = verb.rstrip(",;")
    if not bare.isalpha():
        return None
    forms = getInflection(bare.lower(), "VBG")
    return forms[0] + verb[len(bare) :] if forms else None


def _lowered(word: str) -> str:
    """A sentence's first word as it reads inside one: "Display" → "display", but "URI" and "SELinux" stay."""
    return word if re.search(r"[A-Z]", word[1:]) else word[:1].lower() + word[1:]


def _takes_argument(term: str) -> bool:
    """ "--region=REGION", "-o FILE", "--color[=WHEN]" take a value; "-q, --quiet" does not."""
    return bool(re.search(r"[=\[ <]", term.replace(", ", ",")))


def _subject_phrase(entry: Entry, about: Subject | None) -> str | None:
    """ "option of grep", "function of the os module", "str method" ..."""
    kind = _KIND_WORD[entry.kind]
    subject = about.name if about else None
    main = entry.names[0].removesuffix("()")
    owner = main.rsplit(".", 1)[0] if "." in main else None
    if entry.kind == "option":
        return f"option of {subject}" if subject else None  # "which command-line option" of what?
    if entry.kind == "envvar" and about is not None and about.kind == "command":
        return f"environment variable of {subject}"
    if entry.kind in ("envvar", "cfunction"):
        return kind
    if about is not None and about.kind == "command":
        return f"{kind} in the {subject} manual page"
    if entry.kind == "method" and owner:
        return f"{owner} method"
    if owner and owner == subject:
        return f"{kind} of the {owner} module"
    if owner and entry.kind != "method":
        return f"{kind} of {owner}"
    if subject:
        return f"{kind} of the {subject} module"
    # No module to name ("Built-in Exceptions"): the term's kind alone still asks one thing.
    return kind if entry.kind in ("function", "class", "exception", "constant") else None


def definition_question(entry: Entry, subject: Subject | None) -> Question | None:
    """ "Which <kind> <predicate>?" whose answer is the entry's term, or None."""
    if entry.kind in ("error_code", "path"):
        return _documented_as(entry, subject)
    said = predicate(entry)
    phrase = _subject_phrase(entry, subject)
    if said is None or phrase is None:
        return None
    question = f"Which {phrase} {said}?"
    if any(occurrences(question, name) for name in entry.names) or len(said.split()) > _MAX_ASKED_WORDS:
        return None  # a description copied whole ("... 'ilp32' or 'lp64', optionally followed by ...")
    answers = typed_spellings(entry) if entry.kind == "option" else list(entry.names)
    if entry.kind == "option" and guessable(answers, said):
        # "Which option of grep ignores case distinctions?" gives --ignore-case away; its short spelling it does not.
        answers = short_spellings(answers, said)
        if not answers:
            return None
        phrase = phrase.replace("option of", "short option of", 1)
        question = f"Which {phrase} {said}?"
    return question, answers, entry.kind, "definition", f"{phrase}: {said}"


def _documented_as(entry: Entry, subject: Subject | None) -> Question | None:
    """An error code's or a file's description is a sentence or a phrase of any shape, so it is quoted:
    "Which error code of open is documented as “Permission denied”?"."""
    description = first_sentence(entry.description)
    if subject is None or not 2 <= len(description.split()) <= _MAX_WORDS or ":" in description:
        return None
    if entry.kind == "path" and not _documents_a_file(entry.names[0], description):
        return None
    phrase = "error code of" if entry.kind == "error_code" else "file used by"
    question = f"Which {phrase} {subject.name} is documented as “{description}”?"
    if any(occurrences(question, name) for name in entry.names):
        return None
    return question, list(entry.names), entry.kind, "definition", f"{subject.name}: {description}"


def _documents_a_file(path: str, description: str) -> bool:
    """A file's own description: a sentence, not a list of more paths ("/run/a /run/b"), a clause cut
    mid-sentence ("which contains ...") or a pointer elsewhere; and a path with a folder, not "/nodecode"."""
    if not re.match(r"[A-Z][a-z]", description) or re.search(r"/|\b(?:see|above|below)\b", description):
        return False
    if _SKIP_OPENING.match(description):
        return False
    return path.startswith(("~", "$")) or path.count("/") >= 2


def _display(entry: Entry, subject: Subject | None) -> str:
    main = entry.names[0]
    if entry.kind in ("function", "class", "exception", "attribute", "constant") and "." not in main and subject:
        return f"{main} in the {subject.name} module"
    return main


def value_questions(entry: Entry, subject: Subject | None, chunk_text: str) -> list[Question]:
    """Questions on the versions and defaults stated in the entry's own text."""
    questions: list[Question] = []
    if entry.kind == "option":
        asked = default_question(entry, subject, chunk_text)
        return [asked] if asked else []
    shown = _display(entry, subject)
    for m in _VERSION.finditer(entry.region):
        version = m[2] or m[3]
        if occurrences(chunk_text, version) != 1:
            continue
        if m[1] in ("Added", "New"):
            question = f"In which version was {shown} added?"
            questions.append((question, [version], "version", "version_added", question))
        else:
            question = f"Since which version has {shown} been deprecated?"
            questions.append((question, [version], "version", "version_deprecated", question))
    for m in _DEFAULT.finditer(entry.region):
        param, value = (m[1], m[2]) if m[1] else (m[3], m[4])
        if param not in entry.params or occurrences(chunk_text, value) != 1:
            continue
        aliases = [value, value.strip("'\"")] if value[0] in "'\"" else [value]
        question = f"What is the default value of the {param} parameter of {shown}?"
        questions.append((question, list(dict.fromkeys(aliases)), "default", "default_value", question))
    m = _ATTRIBUTE_DEFAULT.search(entry.region) if entry.kind == "attribute" else None
    if m and occurrences(chunk_text, m[1]) == 1:
        aliases = list(dict.fromkeys([m[1], m[1].strip("'\"")]))
        question = f"What is the default value of {shown}?"
        questions.append((question, aliases, "default", "default_value", question))
    return questions
