"""Reading the grammar of an English option description: how it opens, and its verbs in the third person.

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

from lemminflect import getAllLemmas

from ragstress.generators.questions.english_parse import english_pipeline


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
    # "Overrides the TERM variable": in the third person already; "Identifiers for the artifact", which the
    # frame tags alike, is a plural no dictionary knows as a verb.
    third = words[0].endswith("s") and english_pipeline()("It " + lowered)[1].tag_ == "VBZ"
    if third and "VERB" in getAllLemmas(words[0].lower()):
        return "verb", []
    # "Identifier for the specific artifact": a word no dictionary knows as a verb is none, however tagged.
    lemmas = getAllLemmas(words[0].lower())
    verb = verb and not third and (not lemmas or "VERB" in lemmas)
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
    # "Target number of physical links": a word the plain parse makes a modifier of the noun after it, that
    # noun followed by "of", opens a noun phrase however the frames tag it.
    plain = english_pipeline()(sentence)
    modifier = (
        len(plain) > 2
        and plain[0].dep_ in ("compound", "amod")
        and plain[1].dep_ == "ROOT"
        and plain[1].pos_ == "NOUN"
        and plain[2].text == "of"
    )
    verb = verb and not (len(words) > 1 and words[1] == "of") and not modifier
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
