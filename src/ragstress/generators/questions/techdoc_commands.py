"""Which command does a task: a man page's NAME line read as a question, in English and Chinese.

A command's page opens with the line a person would search for: "msgcat - combines several message
catalogs", "chgrp - 修改文件所属组". Read backwards it is a question whose answer is the command:
"Which command combines several message catalogs?", "哪个命令可以修改文件所属组？". Only user commands
and administration commands (sections 1 and 8) are asked this way; a library call or a file format is
not something a person runs.

- English: a description opening with a verb is put in the third person (`techdoc_parse.opening`,
  `techdoc_options_en.task_predicate`); one that is a noun phrase with an article is what the command is
  ("Which command is the portable GNU assembler?"). A command of a family (`gcloud alpha bms networks
  list`) is asked as a command of that family ("Which gcloud command lists …?").
- Chinese: a description that names what the command is (…的守护程序, …编辑器, …服务器, …语言) is asked
  as "…是哪个命令？"; one saying what it is for (用于…) as "哪个命令用于…？"; any other as what the
  command can do ("哪个命令可以…？").

A question two pages of the corpus would both answer (gcloud's alpha, beta and general commands share
their NAME line) is not asked: its answer would not be one command. A command of a release track is asked
with its track ("Which gcloud alpha command …?"), and a general one whose task a track's command shares is
not asked. A family of many commands has many that "delete a service" or "list private connections": a
task whose object is a bare common noun phrase ("a queue", "private connections") or ends in "the X" with
nothing saying which X is not asked of one. A command of a suite ("git-credential", one of many git-…
pages) is asked as that suite's command ("Which git command …?").
"""

from __future__ import annotations

import re
from collections import Counter

from ragstress.core.types import Chunk
from ragstress.generators.questions.techdoc import Subject, occurrences
from ragstress.generators.questions.techdoc_options_en import task_predicate
from ragstress.generators.questions.techdoc_parse import opening
from ragstress.generators.questions.techdoc_useful import first_clause, guessable

Question = tuple[str, list[str], str, str, str]  # as in techdoc_en

_SECTION = re.compile(r"\.([18])[a-z]*(?:\.gz)?$")
# "NAME", "名称", "NAME(名称)", "NAME [名字]": the heading; then "cal, ncal - 显示一个日历" and its indented lines.
_NAME_LINE = re.compile(
    r"^(?:NAME|名称|名字)\s*(?:[(（\[]\s*(?:名称|名字|NAME)\s*[)）\]])?[ \t]*\n\s*"
    r"(?P<names>[\w.+-]+(?: [a-z0-9][\w.+-]*)*(?:\s*,\s*[\w.+-]+)*)\s+[-—–]+\s+(?P<said>\S[^\n]*(?:\n[ \t]+\S[^\n]*)*)",
    re.MULTILINE,
)
# What a command is, named by its last word: 守护程序, 编辑器, 服务器, 过滤器, 语言, 工具软件 ...
_ZH_IS_A = re.compile(r"(?:程序|进程|器|工具|软件|语言)$")
_ZH_MAX = 30
_EN_MAX_WORDS = 14
_TRACKS = {"alpha", "beta", "preview"}
# "deletes a queue", "lists private connections", "describes the node group": a verb, an optional article
# and one or two lower-case nouns; or a task ending "for the table", whose "the" points at nothing.
_GENERIC_TASK = re.compile(r"^\S+ (?:(?:a|an|the) )?[a-z][\w-]*(?: [a-z][\w-]*)?$|\bthe [a-z][\w-]*$")
_SUITE_SIZE = 3
_GROUP_WORDS = {"command", "commands", "tool", "tools", "utility", "utilities", "group", "groups"}


def _name_line(text: str) -> tuple[list[str], str] | None:
    """The commands a page's NAME line names and what it says they do, or None."""
    m = _NAME_LINE.search(text)
    if m is None:
        return None
    names = [n.strip() for n in m["names"].split(",") if n.strip()]
    said = re.sub(r"\s+", " ", m["said"]).strip()
    return names, said


def purpose_question(names: list[str], said: str, suite: str | None = None) -> Question | None:
    """The question whose answer is one of `names`, from what their NAME line `said` they do, or None.
    `suite`: the suite the command belongs to ("git" for git-credential), named in an English question."""
    zh = bool(re.search(r"[\u4e00-\u9fff]", said))
    question = _question_zh(said) if zh else _question_en(said, names[0], suite)
    if question is None or any(occurrences(question, name) for name in names):
        return None
    # "pagesort - sort pages": a one-word name the question spells is read as an option's long name would be.
    if guessable(["--" + name for name in names if " " not in name], question):
        return None
    return question, names, "command", "command_purpose", question


def _question_en(said: str, command: str, suite: str | None = None) -> str | None:
    clause = first_clause(said).rstrip(".")
    words = clause.split()
    if not 2 <= len(words) <= _EN_MAX_WORDS or re.search(r"\b(?:this|these|it)\b", clause, re.I):
        return None
    if words[0].lower() in _GROUP_WORDS:
        return None  # "commands for managing Rollouts": a group of commands, whose first word no verb
    parts = command.split()
    family = ""
    if len(parts) > 1:
        if _GENERIC_TASK.search(clause):
            return None
        family = " ".join(parts[:2] if parts[1] in _TRACKS else parts[:1]) + " "
    elif suite and not re.search(rf"\b{re.escape(suite)}\b", clause, re.I):
        family = suite + " "
    sentence = clause[:1].upper() + clause[1:]
    if words[0].lower() in ("a", "an", "the"):
        return f"Which {family}command is {clause[:1].lower()}{clause[1:]}?"
    shape = opening(sentence, set())
    if shape is None or shape[0] != "verb":
        return None
    return f"Which {family}command {task_predicate(sentence, shape[1])}?"


def _question_zh(said: str) -> str | None:
    # "（失败地）什么都不做", "(Vixie Cron)": an aside says no more than the line around it.
    clause = re.sub(r"\s*(?:（[^（）]*）|\([^()]*\))\s*", "", said)
    clause = re.split(r"[。；;，,]", clause, maxsplit=1)[0].strip().rstrip(".．")
    clause = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "", clause)
    if not 3 <= len(clause) <= _ZH_MAX or not re.search(r"[\u4e00-\u9fff]{2}", clause):
        return None
    if re.match(r"(?:什么|一个|这|该|此)", clause):
        return None  # "什么都不做": no task a person would ask a command for
    if _ZH_IS_A.search(clause):
        return f"{clause}是哪个命令？"
    if clause.startswith(("用于", "用来")):
        return f"哪个命令{clause}？"  # "用于管理用户": "可以" would say it twice
    return f"哪个命令可以{clause}？"


class CommandPurposes:
    """The NAME-line question of each man page of sections 1 and 8 in a corpus, asked on the chunk holding it."""

    def __init__(self, chunks: list[Chunk], subjects: dict[str, Subject]):
        self._by_chunk: dict[str, Question] = {}
        made: list[tuple[str, Question]] = []
        seen: set[str] = set()
        lines: list[tuple[str, list[str], str]] = []
        for chunk in sorted(chunks, key=lambda c: (c.doc_id, c.start)):
            subject = subjects.get(chunk.doc_id)
            if chunk.doc_id in seen or subject is None or subject.kind != "command":
                continue
            if not _SECTION.search(chunk.doc_id):
                continue
            line = _name_line(chunk.text)
            if line is None:
                continue
            seen.add(chunk.doc_id)
            lines.append((chunk.id, *line))
        prefixes = Counter(names[0].split("-")[0] for _, names, _ in lines if "-" in names[0])
        # "gcloud alpha memcache instances delete" and "gcloud memcache …" share a line: the general one is not asked.
        tracked = {(names[0].split()[0], said) for _, names, said in lines if _track(names[0])}
        for chunk_id, names, said in lines:
            command = names[0]
            if " " in command and not _track(command) and (command.split()[0], said) in tracked:
                continue
            prefix = command.split("-")[0]
            suite = prefix if "-" in command and prefixes[prefix] >= _SUITE_SIZE else None
            question = purpose_question(names, said, suite)
            if question is not None:
                made.append((chunk_id, question))
        asked = Counter(question[0] for _, question in made)
        self._by_chunk = {chunk_id: q for chunk_id, q in made if asked[q[0]] == 1}

    def questions(self, chunk: Chunk) -> list[Question]:
        """The NAME-line question asked on `chunk`, if it holds one."""
        return [self._by_chunk[chunk.id]] if chunk.id in self._by_chunk else []


def _track(command: str) -> str | None:
    """The release track a family's command belongs to ("alpha" of "gcloud alpha bms networks list"), or None."""
    parts = command.split()
    return parts[1] if len(parts) > 1 and parts[1] in _TRACKS else None
