"""English questions on a code name, from its role in the parse of a product doc's sentence.

Docs say what their API does in ordinary clauses; the code name's role in its clause decides the
question, and the code name is the answer:

| the code name is | the sentence | the question |
|---|---|---|
| the subject | "brew() returns the cup that was filled" | Which function returns the cup that was filled in Kettle? |
| the subject of a passive | "onPour is called when the cup is full" | Which hook is called when the cup is full in Kettle? |
| the object of use/call, with a purpose | "To warm the pot first, call kettle.$warm()" | Which method do you call to warm the pot first in Kettle? |
| the means of a verb (with, via, through, using) | "Lids are attached to the pot with attachLid()" | With which function are lids attached to the pot in Kettle? |

Code names are replaced by plain words before parsing (the parser splits `$patch()` apart) and put
back in the question. A negated clause, a subject that is one of a list, a clause that points outside
itself (it, this, above) or a copula ("X is a function", many right answers) is not asked.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ragstress.generators.questions.english_parse import parse
from ragstress.generators.questions.mddocs_code import KIND_NOUNS_EN, CodeName, answer_spellings, code_names
from ragstress.generators.questions.mddocs_entry_lines import POINTS_OUT_EN, entry_line_question
from ragstress.generators.questions.mddocs_terms import Question, in_product

if TYPE_CHECKING:
    from spacy.tokens import Token

_USE_VERBS = frozenset("use call pass invoke run".split())
_MEANS = frozenset("with via through using".split())
_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}
_PLACEHOLDER = "Zqx{}"
# What a product does when it gives its users a named thing for a task (`mddocs_provided`), and the subjects
# a guide names the product by: its writers speak for it ("we provide …"), or it is "the framework".
PROVIDING_EN = frozenset("provide offer expose ship supply".split())
PROVIDERS_EN = frozenset({"the framework", "framework", "we", "the library", "the plugin system"})
# "app/router.js used to configure …" (`mddocs_paths`): what a project's path is said to be for.
USED_FOR_EN = re.compile(r"(?:is |are )?(?:mainly |usually )?(?P<how>used (?:to|for))\s+")


def role_questions(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """The questions whose answer is a code name of `sentence`, one at most per name."""
    sentence = sentence.rstrip(".!:; ")
    names = code_names(sentence, kinds, product)
    if not names or len(sentence.split()) > 45:
        return []
    if re.search(r"\brespectively\b", sentence):
        return []  # "a() and b() were replaced with c() and d() respectively": pairs, no one name answers either
    other = re.match(r"(?:In|For|With) ([A-Z][\w.]*)\b", sentence)
    if (
        other
        and product
        and other[1] not in product.split()
        and other[1] not in ("This", "These", "Some", "Most", "Order")
    ):
        return []  # "In Koa, we use app.env to …": a statement about another product
    entry = entry_line_question(sentence, names[0], product)
    if entry:
        return [entry]
    text, written = with_placeholders(sentence, names)
    doc = parse(text)
    if _of_the_example(doc):
        return []
    made: list[Question] = []
    for n, name in enumerate(names):
        token = next((t for t in doc if t.text == _PLACEHOLDER.format(n)), None)
        if token is None or token.dep_ == "conj" or any(c.dep_ in ("conj", "cc") for c in token.children):
            continue  # one item of a list
        if any(t.lower_ == "that" and t.dep_ == "det" for t in doc):
            break  # "that object": the page says which
        shaped = (
            _as_subject(token, name) or _as_relative(token, name) or _as_used(token, name) or _as_means(token, name)
        )
        if not shaped:
            continue
        question = _restore(shaped, written).strip()
        question = re.sub(r"\s+([,.;:?)])", r"\1", re.sub(r"\(\s+", "(", question))
        question = re.sub(r"(?<=\w )You\b", "you", question)
        # Symbols outside a code name are an expression the sentence wrote out ("+ detached", "= true").
        if re.search(r"[+={}\[\]|]|=>", _restore(shaped, {w: "" for w in written})):
            continue
        if question.count('"') % 2 or question.count("(") != question.count(")"):
            continue  # a quotation or an aside cut by the clause's end
        if POINTS_OUT_EN.search(question) or not 6 <= len(question.split()) <= 30:
            continue
        question = f"{question}{in_product(product, question)}?"
        content = f"{name.kind}: {question}"
        made.append((question, answer_spellings(name.name), name.kind, "doc_identifier", content))
    return made


def _of_the_example(doc) -> bool:
    """ "In the example above, you can get the string 'hello world' through this.props.test": an opening phrase
    that points at the page sets the sentence in what the page shows; the fact holds of that example only, and a
    question cut from the rest of the sentence asks it of the product."""
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) if root is not None else None
    if subject is None:
        return False
    opening = [c for c in root.children if c.dep_ in ("prep", "advcl", "advmod", "npadvmod") and c.i < subject.i]
    return any(POINTS_OUT_EN.search(" ".join(t.text for t in c.subtree)) for c in opening)


def with_placeholders(sentence: str, names: list[CodeName]) -> tuple[str, dict[str, str]]:
    """The sentence with each code name (and its kind noun) as one plain word the parser reads as a name."""
    parts, written, at = [], {}, 0
    for n, name in enumerate(names):
        word = _PLACEHOLDER.format(n)
        parts += [sentence[at : name.start], word]
        written[word] = sentence[name.start : name.end]
        at = name.end
    return "".join(parts) + sentence[at:], written


def _restore(text: str, written: dict[str, str]) -> str:
    for word, name in written.items():
        text = text.replace(word, name)
    return text


def _words(tokens: list[Token]) -> str:
    return "".join(t.text_with_ws for t in tokens).strip()


def _clause_rest(verb: Token, after: int, leave_out: set[int]) -> list[Token] | None:
    """The verb's clause from token `after` on, up to a comma, a semicolon or a joined clause; None when the
    clause is negated or cut by a dash or parenthesis the parse leaves open."""
    if any(c.dep_ == "neg" for c in verb.children):
        return None
    joined = {t.i for c in verb.children if c.dep_ in ("conj", "cc", "parataxis") for t in c.subtree}
    rest = []
    for t in verb.doc[after : verb.right_edge.i + 1]:
        # "TypeScript-powered": a hyphen inside a word joins it, where a spaced one sets off an aside.
        inner_hyphen = t.text == "-" and not t.whitespace_ and t.i > 0 and not verb.doc[t.i - 1].whitespace_
        if (t.text in (",", ";", ":", "-", "—") and not inner_hyphen) or t.i in joined:
            break
        if t.i not in leave_out:
            rest.append(t)
    return rest


def _as_subject(token: Token, name: CodeName) -> str | None:
    """ "X returns …", "X is called when …", "X allows you to …": "Which <kind> returns …"."""
    verb = token.head
    if token.dep_ not in ("nsubj", "nsubjpass") or verb.pos_ not in ("VERB", "AUX"):
        return None
    if verb.lemma_ == "be" and not any(c.dep_ in ("acomp", "prep") or _restricted(c) for c in verb.children):
        return None  # "X is a function": a bare copula has many right answers
    rest = _clause_rest(verb, token.right_edge.i + 1, set())
    if not rest or verb not in rest or len(rest) < 3:
        return None
    if verb.lemma_ == "be" and not _narrowed_within(verb, rest):
        return None  # "X is a build hook, called when …": the comma cut off what made the hook this one
    words = [t.text_with_ws for t in rest]
    if verb.tag_ == "VBP" and verb == rest[0]:  # "X and Y return": plural; the question asks for one
        return None
    setting = _setting(verb, token)
    return f"{setting}{'which' if setting else 'Which'} {name.kind} {''.join(words)}".strip()


def _narrowed_within(verb: Token, rest: list[Token]) -> bool:
    """Does the asked clause keep what narrows a copula down (its complement, preposition or the clause on its
    noun), not only the bare noun?"""
    kept = {t.i for t in rest}
    narrowing = [c for c in verb.children if c.dep_ in ("acomp", "prep")]
    narrowing += [c for a in verb.children if a.dep_ == "attr" for c in a.children if c.dep_ in ("relcl", "acl")]
    return any(c.i in kept for c in narrowing)


def _restricted(attribute: Token) -> bool:
    """ "the ideal spot to fetch data", "a composable that returns the router": a noun the sentence narrows down
    with a clause of its own, so that one name fits it."""
    return attribute.dep_ == "attr" and any(c.dep_ in ("relcl", "acl") for c in attribute.children)


def _setting(verb: Token, subject: Token) -> str:
    """A "when …" or "if …" clause before the subject, kept: what happens when is half the fact ("When the pot
    is empty, onEmpty() is called" → "When the pot is empty, which hook is called?")."""
    for child in verb.children:
        if child.dep_ == "advcl" and child.i < subject.i:
            mark = next((c for c in child.children if c.dep_ in ("mark", "advmod") and c.i == child.left_edge.i), None)
            if mark is None or mark.lower_ not in ("when", "if", "once", "after", "before", "whenever"):
                return ""
            words = _words(list(child.subtree))
            return f"{words[0].upper()}{words[1:]}, " if 3 <= len(words.split()) <= 14 else ""
    return ""


def _as_relative(token: Token, name: CodeName) -> str | None:
    """ "… with createKettle(), which returns a kettle ready to brew": "Which function returns a kettle …"."""
    clause = next((c for c in token.children if c.dep_ == "relcl"), None)
    if clause is None or clause.i < token.i:
        return None
    subject = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.lower_ not in ("which", "that") or subject.i > clause.i:
        return None
    if clause.lemma_ == "be" and not any(c.dep_ in ("acomp", "prep") for c in clause.children):
        return None
    rest = _clause_rest(clause, subject.i + 1, set())
    if not rest or len(rest) < 3 or clause.tag_ == "VBP" and rest[0] == clause:
        return None
    return f"Which {name.kind} {_words(rest)}"


def _purpose(verb: Token) -> Token | None:
    """The "to …" clause saying what a verb, or the verb governing it ("need to use"), is done for."""
    for head in (verb, verb.head):
        for child in head.children:
            if child.dep_ in ("advcl", "xcomp", "acl") and any(
                c.dep_ == "aux" and c.lower_ == "to" for c in child.children
            ):
                if child.i != verb.i:
                    return child
            if child.dep_ == "prep" and child.lower_ == "in":  # "In order to …"
                order = next((c for c in child.children if c.lower_ == "order"), None)
                task = next((c for c in order.children if c.dep_ == "acl"), None) if order else None
                if task is not None:
                    return task
        if head.dep_ != "xcomp":
            break
    return None


def _by_the_reader(verb: Token) -> bool:
    """Is the verb the reader's to do: an imperative, "you …", or "you need to …" (not "brew() calls X")?"""
    for head in (verb, verb.head):
        subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")), None)
        if subject is not None:
            return subject.lower_ in ("you", "we")  # a guide's "we" is its reader and its writer at work
        if head.dep_ not in ("xcomp", "pcomp"):
            return True
    return True


def _as_used(token: Token, name: CodeName) -> str | None:
    """ "To warm the pot, call warm()", "you need to use X to …" or "you can … by calling X":
    "Which <kind> do you call to …"."""
    noun = token.doc[token.i - 1] if token.i else token
    if token.dep_ in ("appos", "oprd") and noun.dep_ == "dobj" and noun.lower_ in KIND_NOUNS_EN:
        token = noun  # "call the function createKettle()": the kind noun is the object
    verb = token.head
    if token.dep_ != "dobj" or verb.lemma_ not in _USE_VERBS or any(c.dep_ == "neg" for c in verb.children):
        return None
    if any(a.lemma_ in ("avoid", "refrain") for a in verb.ancestors) or verb.head.lower_ in ("of", "than"):
        return None  # "Avoid using path.join() to …", "instead of calling X": what not to use for the task
    if not _by_the_reader(verb):
        return None
    if verb.dep_ == "pcomp" and verb.head.lower_ == "by" and verb.head.head.pos_ == "VERB":
        main = verb.head.head  # "reset the state by calling X": what is done is the main verb's clause
        if any(c.dep_ == "neg" for c in main.children):
            return None
        leave_out = {t.i for t in verb.head.subtree}
        rest = _clause_rest(main, main.i + 1, leave_out) or []
        passive = next((c for c in main.children if c.dep_ == "nsubjpass" and c.pos_ != "PRON"), None)
        if passive is not None:  # "The kettle is created by calling X": what you do is create the kettle
            thing = _words(list(passive.subtree))
            thing = thing[0].lower() + thing[1:] if re.match(r"(?:The|A|An)\b", thing) else thing
            return f"Which {name.kind} do you {verb.lemma_} to {main.lemma_} {thing} {_words(rest)}".strip()
        if not _by_the_reader(main):
            return None
        return f"Which {name.kind} do you {verb.lemma_} to {main.lemma_} {_words(rest)}".strip()
    task = _purpose(verb)
    if task is None:
        return None
    words = [t for t in task.subtree if t.dep_ != "aux" or t.head != task]
    words = [t for t in words if t.i >= task.i]
    # The task ends at a comma or at a second task joined to it ("to change the location and overwrite …").
    cut = next(
        (k for k, t in enumerate(words) if t.text in (",", ";", ":") or t.dep_ == "cc" and t.head == task), len(words)
    )
    words = words[:cut]
    if len(words) < 2 or words[-1].pos_ in ("VERB", "ADP", "DET", "CCONJ"):
        return None
    return f"Which {name.kind} do you {verb.lemma_} to {_words(words)}"


def _as_means(token: Token, name: CodeName) -> str | None:
    """ "Lids are attached to the pot with attachLid()": "With which <kind> are lids attached to the pot"."""
    prep = token.head
    # "defined using X": "using" is read as a verb taking X, of the verb it follows.
    using = token.dep_ == "dobj" and prep.lower_ == "using" and prep.dep_ in ("advcl", "xcomp", "prep", "acl")
    if not (token.dep_ == "pobj" or using) or prep.lower_ not in _MEANS or prep.head.pos_ != "VERB":
        return None
    verb = prep.head
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ == "PRON" and subject.lower_ not in ("you", "we") or subject.i > verb.i:
        return None
    auxiliaries = [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.i < verb.i]
    leave_out = {t.i for t in prep.subtree} | {a.i for a in auxiliaries}
    rest = _clause_rest(verb, verb.i + 1, leave_out)
    if rest is None:
        return None
    subject_words = "you" if subject.lower_ == "we" else _words(list(subject.subtree))
    if subject.lower_ not in ("you", "we") and subject_words[:1].isupper() and subject.pos_ != "PROPN":
        subject_words = subject_words[0].lower() + subject_words[1:]
    if auxiliaries:
        head = f"{auxiliaries[0].text} {subject_words} {_words(auxiliaries[1:] + [verb])}"
    elif verb.tag_ in _DO:
        head = f"{_DO[verb.tag_]} {subject_words} {verb.lemma_}"
    else:
        return None
    lead = "With" if prep.lower_ == "using" else prep.text.capitalize()
    return f"{lead} which {name.kind} {head} {_words(rest)}".strip()
