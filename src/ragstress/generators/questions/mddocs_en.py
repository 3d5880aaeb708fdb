"""English questions on what product docs state (see `ragstress.generators.questions.mddocs` for the shapes)."""

from __future__ import annotations

import re

from ragstress.generators.questions.mddocs_terms import (
    BY_DEFAULT,
    EXCEPTION,
    IDENT,
    NOT_REASONS,
    NOT_VERBS,
    POINTS_OUT,
    REASONS,
    STATUS_NAME,
    VERSION,
    Question,
    code_kind,
    in_product,
    telling_type,
    value_aliases,
)
from ragstress.generators.questions.techdoc import Entry, term_spellings
from ragstress.generators.questions.techdoc_en import predicate
from ragstress.generators.questions.techdoc_sentences_en import base_form, third_person

_UNITS_EN = (
    r"(?:milliseconds|seconds|minutes|hours|days|bytes|kilobytes|megabytes|gigabytes|KB|MB|GB|characters|"
    r"items|requests|connections|workers|retries|times|lines|digits|files|entries|levels)"
)

_VALUE_EN = (
    rf"(?P<val>-?\d+(?:\.\d+)?(?: {_UNITS_EN})?|None|True|False|null|true|false|\"[^\"\s]{{1,20}}\"|'[^'\s]{{1,20}}')"
)

_USE = re.compile(
    rf"\b[Uu]se (?:the |[A-Z]\w+'s )?(?P<term>{IDENT}) (?P<prep>to|for) (?P<task>[a-z][^.;:!?,()]*)"
    rf"|(?P<term2>{IDENT}) (?:is used (?P<prep2>to|for)|lets you|allows you to|can be used (?P<prep3>to|for)) "
    rf"(?P<task2>[a-z][^.;:!?,()]*)"
)

_DEFAULT_NAMED = re.compile(
    rf"\b(?:the )?(?P<param>[a-z_]\w*)(?: parameter| argument| option| setting)? defaults to {_VALUE_EN}"
    rf"|\b[Tt]he default(?: value)? (?:of|for) (?:the )?(?P<param2>[a-z_]\w*)(?: parameter| argument| option| setting)? is {_VALUE_EN.replace('val', 'val2')}"
)

_DEFAULT_BARE = re.compile(rf"\b[Tt]he default(?: value)? is {_VALUE_EN}")

_PARAMETER = re.compile(rf"\b(?:[Tt]he )?(?P<param>[a-z_]\w*) (?:parameter|argument)(?: of (?P<owner>{IDENT}))?")

_WHEN = r"(?:[Ww]hen|[Ii]f) (?P<cond>[^,]{5,80})"

_SUBJ = r"(?P<subj>[A-Z][\w.()]*|[Tt]he [a-z]+)"

_STATUS_AFTER = re.compile(
    rf"{_WHEN}, {_SUBJ} (?:will )?(?:returns?|responds? with|sends?) (?:back )?(?:an? |the )?(?:HTTP )?"
    rf"(?:status code |status )?(?P<code>[1-5]\d\d)\b"
)

_STATUS_BEFORE = re.compile(
    rf"^{_SUBJ} (?:will )?(?:returns?|responds? with|sends?) (?:back )?(?:an? |the )?(?:HTTP )?(?:status code |status )?"
    rf"(?P<code>[1-5]\d\d)\b(?: status code| status| error| response)? (?:when|if) (?P<cond>[^,]{{5,80}})$"
)

_RAISE_AFTER = re.compile(rf"{_WHEN}, {_SUBJ} (?:will )?(?:[^,]*? and )?raises? (?:an? |the )?(?P<exc>{EXCEPTION})\b")

_RAISED = re.compile(rf"^(?:An? |The )?(?P<exc>{EXCEPTION}) (?:is|will be) raised (?:when|if) (?P<cond>[^,]{{5,80}})$")

_ADDED = re.compile(
    rf"^(?P<subj>[A-Z][^,;]{{2,60}}?) (?:was|were) (?P<verb>added|introduced|deprecated|removed) in "
    rf"(?:version |[A-Z]\w+ )?{VERSION}"
)

_SUPPORT = re.compile(
    rf"^(?P<prod>[A-Z]\w+) added support for (?P<thing>[^(,]{{2,40}}?)(?: \([^)]*\))? in version {VERSION}"
)

_LIMIT = re.compile(
    rf"^(?P<head>[A-Z][^,;:]*?\b(?:may|can|must|should|will) (?:be|have|contain|hold|take|accept|use) "
    rf"(?:at most|up to|no more than|a maximum of|at least|a minimum of)) (?P<n>\d+) (?P<unit>{_UNITS_EN})$"
)

# The kinds a name may have: from its spelling (class, function …) or the section documenting it (option, hook …).
_KIND_EN = {
    k: k
    for k in "class function exception parameter option setting hook method property prop event attribute component".split()
}

# Words before "parameter" that say what kind of parameter it is, not its name.
_PARAMETER_KINDS = frozenset(
    "query path body header cookie form file optional required default keyword positional extra additional "
    "first second last same other new function type given a an the this that each any".split()
)

_TYPES = r"(?:int|str|float|bool|bytes|list|dict|set|tuple|datetime|date|time|UUID|Decimal|[A-Z]\w+)"

_WHERE = r"(?P<where>query |path |body |header |cookie |form )?"

_INHERITS = re.compile(
    rf"^(?:Because |Then |And )?(?P<a>{IDENT}) (?:is an? (?:class|subclass)(?: that)? inherits(?: directly)? from|"
    rf"is a subclass of|inherits(?: directly)? from) (?P<b>{IDENT})\b(?!')"
)
_DEFAULT_STATUS = re.compile(r"^(?P<code>[1-5]\d\d) is the default status code\b")

_IMPORT = re.compile(
    rf"\b[Ii]mport (?P<x>{IDENT})(?: and {IDENT})? from (?P<m>[a-z_][\w.]*)|\bfrom (?P<m2>[a-z_][\w.]*) import (?P<x2>{IDENT})"
)

_STATUS_FOR = re.compile(r"^(?P<code>[1-5]\d\d) is the status code for \"?(?P<name>[A-Z][\w ]{2,30}?)\"?$")

_IS_A = re.compile(
    rf"^(?P<term>{IDENT}) is an? (?P<noun>(?:[a-z]+ )?(?:class|function|exception|decorator|dependency|subclass|"
    rf"method|attribute|model|type)) (?:that|which) (?P<rest>[a-z][^.;:]{{5,100}})$"
)

_WITH = re.compile(
    rf"^With (?P<term>{IDENT}),? you can (?P<task>[a-z][^.;:]{{5,80}})$"
    rf"|^[Yy]ou can (?P<task2>[a-z][^.;:,]{{5,80}}?) (?:using|with|by using) (?P<term2>{IDENT})$"
)

_TYPE = re.compile(
    rf"\b{_WHERE}(?:parameter|field|argument) (?P<param>[a-z_]\w*) (?:is|will be|must be) (?:a required |an optional )?"
    rf"(?:[a-z]+ parameter )?(?:of type|an?) (?P<type>{_TYPES})\b"
    rf"|\b(?:[Aa]n? |[Tt]he )?(?:optional |required )?(?P<param2>[a-z_]\w*) (?P<where2>query |path |body )?"
    rf"(?:parameter|field|argument) (?:that is|of type) (?:an? )?(?P<type2>{_TYPES})\b"
    rf"|\b(?:[Aa]n? )?(?:optional |required )?(?P<where3>query |path |body )?parameter (?P<param3>[a-z_]\w*) "
    rf"that is (?:an? )?(?P<type3>{_TYPES})\b"
)

_EXAMPLE_DEFAULT = re.compile(
    rf"\b(?P<param>[a-z_]\w*) {_WHERE}parameter [^.]*?(?:with a default(?: value)? of|and by default is|"
    rf"defaults to) {_VALUE_EN}"
    rf"|\bparameter (?P<param2>[a-z_]\w*) that is [^.]*?(?:with a default(?: value)? of|and by default is) "
    + _VALUE_EN.replace("val", "val2")
)

_ENTRY = re.compile(rf"^(?P<term>{IDENT})(?: -| —| –| ?:) (?P<desc>[A-Z][^:]{{8,200}})$")

_SAYS = re.compile(
    rf"^(?P<term>{IDENT}) (?P<pred>(?:also |actually |automatically |only |still )?(?P<verb>[a-z]+) [^;:]{{5,120}})$"
)

_CALLED = re.compile(
    r"^(?P<x>(?:That |This |The |Each |An? )?[^,;:\"“]{4,60}?) (?:is|are) (?:also |often |usually )?(?:called|known as) "
    r"(?:an? )?[\"“](?P<y>[^\"”]{2,30})[\"”]$"
)

_FROM_LINE = re.compile(rf"^(?P<x>{IDENT}) from (?P<m>[a-z_][\w.]*)$")

_NEED_TO = re.compile(
    rf"^(?:To (?P<task>[a-z][^,]{{3,60}}), you (?:need to|have to|can|should|must) use (?:the )?(?P<term>{IDENT})"
    rf"|If you (?:need|want) to (?P<task2>[a-z][^,]{{3,60}}), use (?:the )?(?P<term2>{IDENT}))"
    r"(?: parameter| class| function)?\b"
)

_OPENERS = re.compile(r"^(?:So, |And |Then |Also, |Now, |By default, |So, by default, )+")

_SET_TO = re.compile(
    r"\b[Yy]ou can (?:also )?(?:set|pass|use) (?P<p>[a-z_]\w*)=(?P<v>[\w\"']+) to (?P<task>[a-z][^.;:,]{5,80})$"
)

# "Avoid using path.join() to construct glob patterns": the page names what not to use for the task.
_ADVISED_AGAINST = re.compile(r"\b(?:[Aa]void|[Dd]on't|[Dd]o not|[Nn]ever|[Ii]nstead of|[Rr]ather than)\b")

_AUXILIARY_VERBS = frozenset("is has can will does may must should".split())


def english_questions(sentence: str, product: str | None, kinds: dict[str, str], before: str = "") -> list[Question]:
    """The questions one English sentence states (`before`: the sentence before it, for a bare default)."""
    made: list[Question] = []
    sentence = sentence.rstrip(".!:; ")
    for m in _USE.finditer(sentence):
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        to = (m["prep"] or m["prep2"] or m["prep3"] or "to") == "to"
        task = _bare_verb_first(task) if to else task  # "for builds" is a noun, not a verb to mend
        kind = code_kind(term, kinds)
        task = re.split(r" (?:and|but|so|because|which|that is|as) ", task)[0].strip()
        if kind is None or term.removesuffix("()") == product or not 3 <= len(task.split()) <= 14:
            continue
        if POINTS_OUT.search(task) or task.split()[0] in NOT_VERBS or _ADVISED_AGAINST.search(sentence[: m.start()]):
            continue
        prep = m["prep"] or m["prep2"] or m["prep3"] or "to"
        question = f"Which {_KIND_EN[kind]} do you use {prep} {task}{in_product(product, task)}?"
        made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    for m in _DEFAULT_NAMED.finditer(sentence):
        param, value = (m["param"], m["val"]) if m["param"] else (m["param2"], m["val2"])
        if param in _PARAMETER_KINDS or (
            "_" not in param and param not in kinds and not re.search(rf"\b{param} (?:parameter|argument)", sentence)
        ):
            continue
        question = f"What is the default value of the {param} parameter{in_product(product, param)}?"
        made.append((question, value_aliases(value), "default", "default_value", question))
    bare = _DEFAULT_BARE.search(sentence)
    named = _PARAMETER.search(sentence) or (_PARAMETER.search(before) if bare and bare.start() == 0 else None)
    if bare and named and named["param"] not in _PARAMETER_KINDS and not _DEFAULT_NAMED.search(sentence):
        owner = f" of {named['owner']}" if named["owner"] else in_product(product, named["param"])
        question = f"What is the default value of the {named['param']} parameter{owner}?"
        made.append((question, value_aliases(bare["val"]), "default", "default_value", question))
    for pattern in (_STATUS_AFTER, _STATUS_BEFORE):
        m = pattern.search(sentence)
        if m and not POINTS_OUT.search(m["cond"]):
            subj = m["subj"] if not re.match(r"(?:It|This|That|They)\b", m["subj"]) else product
            if subj:
                question = f"Which status code does {subj} return when {m['cond']}?"
                made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _RAISE_AFTER.search(sentence)
    if m and not POINTS_OUT.search(m["cond"]):
        question = f"Which exception does {m['subj']} raise when {m['cond']}?"
        made.append((question, list(term_spellings(m["exc"])), "exception", "doc_status", question))
    m = _RAISED.search(sentence)
    if m and not POINTS_OUT.search(m["cond"]):
        question = f"Which exception is raised{in_product(product, m['cond'])} when {m['cond']}?"
        made.append((question, list(term_spellings(m["exc"])), "exception", "doc_status", question))
    m = _ADDED.search(sentence)
    if m and not POINTS_OUT.search(m["subj"]):
        subj = m["subj"][0].lower() + m["subj"][1:] if re.match(r"(?:The|A|An|Support)\b", m["subj"]) else m["subj"]
        of = f" of {product}" if product and product not in subj else ""
        question = f"In which version{of} was {subj} {m['verb']}?"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _SUPPORT.search(sentence)
    if m and not POINTS_OUT.search(m["thing"]):
        question = f"In which version did {m['prod']} add support for {m['thing']}?"
        made.append((question, [m["v"]], "version", "version_added", question))
    m = _LIMIT.search(sentence)
    if m and not POINTS_OUT.search(m["head"]) and len(m["head"].split()) <= 16:
        head = m["head"]
        head = head[0].lower() + head[1:] if re.match(r"(?:The|A|An|Each|Every)\b", head) else head
        lead = f"In {product}, " if product and product not in head else ""
        question = f"{lead}{head} how many {m['unit']}?"
        question = question[0].upper() + question[1:]
        made.append((question, [f"{m['n']} {m['unit']}", m["n"]], "number", "doc_limit", question))
    return made + _en_more(sentence, product, kinds) + _en_says(sentence, product, kinds)


def _en_says(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """A sentence about a code name: "max_age - Sets a maximum time ...", "jsonable_encoder is used by ... to ..."."""
    made: list[Question] = []
    m = _ENTRY.search(sentence)
    kind = code_kind(m["term"], kinds) if m else None
    if m and not kind and m["desc"].startswith("Whether ") and re.fullmatch(r"[a-z]+[A-Z]\w*", m["term"]):
        kind = "option"  # "failFast: Whether to stop …": a camelCase name said to switch something is a flag
    if m and kind and m["term"] != product:
        said = predicate(Entry(m["term"], term_spellings(m["term"]), "attribute", m["desc"], m["desc"]))
        if not said and m["desc"].startswith("Whether "):  # "failFast: Whether to stop at the first error, …"
            said = "controls w" + re.split(r"[,;]| \(", m["desc"])[0][1:]
        if said and not POINTS_OUT.search(said):
            question = f"Which {_KIND_EN[kind]} {said}{in_product(product, said)}?"
            made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {said}"))
        return made
    m = _CALLED.search(sentence)
    if m:
        x = re.sub(r"^(?:That|This) ", "The ", m["x"])
        x = x[0].lower() + x[1:] if re.match(r"(?:The|Each|An?)\b", x) else x
        if not POINTS_OUT.search(x) and len(x.split()) >= 2:
            question = f"What is {x} called{in_product(product, x)}?"
            made.append((question, [m["y"]], "name", "doc_term", question))
    m = _SET_TO.search(sentence)
    if m and not POINTS_OUT.search(m["task"]):
        question = f"Which parameter do you set to {m['v']} to {m['task']}{in_product(product, m['task'])}?"
        made.append((question, [m["p"]], "parameter", "doc_identifier", question))
    m = _FROM_LINE.search(sentence)
    if m and code_kind(m["x"], kinds) and m["x"] != product:
        lead = f"In a {product} app, which" if product and product.lower() != m["m"].split(".")[0] else "Which"
        question = f"{lead} module do you import {m['x']} from?"
        made.append((question, [m["m"]], "path", "doc_identifier", question))
    m = BY_DEFAULT.search(sentence)
    if m and m["owner"]:
        question = f"What is the default value of the {m['p']} parameter of {m['owner']}?"
        made.append((question, value_aliases(m["v"]), "default", "default_value", question))
    m = _NEED_TO.search(sentence)
    if m:
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        task = _bare_verb_first(task)
        kind = code_kind(term, kinds)
        if kind and term != product and not POINTS_OUT.search(task):
            question = f"Which {_KIND_EN[kind]} do you use to {task}{in_product(product, task)}?"
            made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    m = _SAYS.search(_OPENERS.sub("", re.sub(r"^(?:And |So, )?[A-Z]\w+'s (?=[A-Z])", "", sentence)))
    kind = code_kind(m["term"], kinds) if m else None
    if not m or not kind or m["term"] == product or POINTS_OUT.search(m["pred"]) or re.match(r"is an? ", m["pred"]):
        return made
    verb = m["verb"]
    if verb not in _AUXILIARY_VERBS and not any(
        third_person(b) == verb for b in (verb[:-1], verb[:-2], verb[:-3] + "y")
    ):
        return made  # "Path parameters with types": a heading, not a statement
    if re.search(rf"(?<![\w.]){re.escape(m['term'].removesuffix('()'))}(?![\w(])", m["pred"]):
        return made
    question = f"Which {_KIND_EN[kind]} {m['pred']}{in_product(product, m['pred'])}?"
    made.append((question, list(term_spellings(m["term"])), kind, "doc_identifier", f"{kind}: {m['pred']}"))
    return made


def _bare_verb_first(task: str) -> str:
    """A task after "to" with its verb bare: "replaces variables" -> "replace variables"."""
    first, _, rest = task.partition(" ")
    base = base_form(first)
    return f"{base} {rest}" if base and rest else task


def _en_more(sentence: str, product: str | None, kinds: dict[str, str]) -> list[Question]:
    """Inheritance, imports, status code names, "X is a class that ...", "with X you can ...", example types."""
    made: list[Question] = []
    m = _DEFAULT_STATUS.search(sentence)
    if m and product:
        question = f"What is the default status code in {product}?"
        made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _INHERITS.search(sentence)
    if m and m["a"] != product:
        question = f"Which class does {m['a']} inherit from{in_product(product, m['a'])}?"
        made.append((question, list(term_spellings(m["b"])), "class", "doc_identifier", question))
    for m in _IMPORT.finditer(sentence):
        name, module = (m["x"], m["m"]) if m["x"] else (m["x2"], m["m2"])
        if name.removesuffix("()") != module and name != product and code_kind(name, kinds):
            lead = f"In a {product} app, which" if product and product.lower() != module.split(".")[0] else "Which"
            question = f"{lead} module do you import {name} from?"
            made.append((question, [module], "path", "doc_identifier", question))
    for m in [_STATUS_FOR.search(sentence), *STATUS_NAME.finditer(sentence)]:
        if m and (len(m["name"].split()) >= 2 or m["name"] in REASONS) and m["name"].split()[0] not in NOT_REASONS:
            question = f"Which HTTP status code means {m['name']}?"
            made.append((question, [m["code"]], "error_code", "doc_status", question))
    m = _IS_A.search(sentence)
    if m and code_kind(m["term"], kinds) and m["term"] != product and not POINTS_OUT.search(m["rest"]):
        question = f"Which {m['noun']} {m['rest']}{in_product(product, m['rest'])}?"
        made.append(
            (question, list(term_spellings(m["term"])), code_kind(m["term"], kinds), "doc_identifier", question)
        )
    m = _WITH.search(sentence)
    if m:
        term, task = (m["term"], m["task"]) if m["term"] else (m["term2"], m["task2"])
        task = _bare_verb_first(task)
        kind = code_kind(term, kinds)
        if kind and term != product and not POINTS_OUT.search(task) and task.split()[0] not in NOT_VERBS:
            question = f"Which {_KIND_EN[kind]} lets you {task}{in_product(product, task)}?"
            made.append((question, list(term_spellings(term)), kind, "doc_identifier", f"{kind}: {task}"))
    example = f"the {product} example" if product else "the example"
    for m in _TYPE.finditer(sentence):
        param = m["param"] or m["param2"] or m["param3"]
        where = (m["where"] or m["where2"] or m["where3"] or "").strip()
        kind = m["type"] or m["type2"] or m["type3"]
        if param not in _PARAMETER_KINDS and telling_type(kind):
            question = f"What type does {example} declare for the {param} {where + ' ' if where else ''}parameter?"
            made.append((question, [kind], "name", "doc_type", question))
    m = _EXAMPLE_DEFAULT.search(sentence)
    if m:
        param, value = (m["param"], m["val"]) if m["param"] else (m["param2"], m["val2"])
        if param not in _PARAMETER_KINDS:
            question = f"What default value does {example} give the {param} parameter?"
            made.append((question, value_aliases(value), "default", "default_value", question))
    return made
