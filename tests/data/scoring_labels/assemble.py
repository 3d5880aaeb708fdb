"""Assemble responses.jsonl from the hand-labelled source files in source/.

Source format (one record per line, `::` separates fields):

    Q <lang> <testbed> :: <question> :: <fact aliases, `/` between aliases, `;;` between facts> [:: <fake answer>]
    - <style>[!] :: <labels> :: <response, `\\n` for a line break>

`!` marks a deliberately hard response. Labels are tokens `key=value` with value 1, 0 or ? (undecidable):
c correct, r rejects, f flags_error, k corrects, a asserts_fake, o over_refusal. Every response needs c and r;
counterfactual responses also f, k and a; o defaults to r on answerable testbeds and is null on negative ones.
The rgb_* fields are not readings: they apply RGB's published evalue.py text tests literally (see README).

Run: python3 tests/data/scoring_labels/assemble.py  (rewrites responses.jsonl; split is seeded).

en.txt and zh.txt are split into dev and holdout by a seeded shuffle. Each later set (LATER_SETS) is a whole
split of its own and leaves that shuffle as it was: dev2_en.txt and dev2_zh.txt are all `dev2` (ids
`<lang>-<testbed>-h2-<n>`, from when they were the second holdout, measured once before being opened for tuning);
holdout3_en.txt and holdout3_zh.txt, the third holdout, are all `holdout3` (ids `<lang>-<testbed>-h3-<n>`);
holdout4_en.txt and holdout4_zh.txt, the fourth, are all `holdout4` (ids `<lang>-<testbed>-h4-<n>`).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEYS = {"c": "correct", "r": "rejects", "f": "flags_error", "k": "corrects", "a": "asserts_fake", "o": "over_refusal"}
VALUES = {"1": True, "0": False, "?": None}
TESTBEDS = ("noise", "negative", "integration", "counterfactual")
SPLIT_SEED = 14
# (source file stem, id tag, split) of the sets written after the first one; each file gets `_en.txt` / `_zh.txt`.
LATER_SETS = (("dev2", "-h2", "dev2"), ("holdout3", "-h3", "holdout3"), ("holdout4", "-h4", "holdout4"))


def _fail(path: Path, line_no: int, why: str) -> None:
    sys.exit(f"{path.name}:{line_no}: {why}")


def _labels(path: Path, line_no: int, testbed: str, spec: str) -> dict:
    given = {}
    for token in spec.split():
        key, _, value = token.partition("=")
        if key not in KEYS or value not in VALUES:
            _fail(path, line_no, f"bad label token {token!r}")
        given[KEYS[key]] = VALUES[value]
    counterfactual_only = ["flags_error", "corrects", "asserts_fake"]
    needed = ["correct", "rejects"] + (counterfactual_only if testbed == "counterfactual" else [])
    for name in needed:
        if name not in given:
            _fail(path, line_no, f"missing label {name}")
    labels = {name: given.get(name) for name in KEYS.values()}
    if testbed != "counterfactual" and any(given.get(n) is not None for n in counterfactual_only):
        _fail(path, line_no, "counterfactual-only label on another testbed")
    if "over_refusal" not in given:
        labels["over_refusal"] = None if testbed == "negative" else labels["rejects"]
    return labels


def rgb_view(lang: str, response: str, answers: list[list[str]]) -> dict:
    """RGB's evalue.py tests, literally: zh spaces removed, case-sensitive phrases, lower-cased alias substrings."""
    text = response.replace(" ", "") if lang == "zh" else response
    rejects = "信息不足" in text or "insufficient information" in text
    flags = "事实性错误" in text or "factual errors" in text
    lowered = text.lower()
    found = [any(alias.lower() in lowered for alias in aliases) for aliases in answers]
    return {"rgb_rejects": rejects, "rgb_flags": flags, "rgb_correct": (not rejects) and all(found)}


def parse(path: Path, id_tag: str = "") -> list[dict]:
    """The file's responses as labelled items; `id_tag` goes between the testbed and the number of each id."""
    items, question = [], None
    counters: dict[str, int] = {}
    for line_no, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("Q "):
            parts = [p.strip() for p in line[2:].split("::")]
            lang, testbed = parts[0].split()
            if testbed not in TESTBEDS or lang not in ("en", "zh") or len(parts) not in (3, 4):
                _fail(path, line_no, "bad question header")
            answers = [[a.strip() for a in fact.split("/") if a.strip()] for fact in parts[2].split(";;")]
            fake = parts[3] if len(parts) == 4 else None
            if (testbed == "counterfactual") != (fake is not None):
                _fail(path, line_no, "fake answer goes with counterfactual questions only")
            question = {"lang": lang, "testbed": testbed, "question": parts[1], "answers": answers, "fake_answer": fake}
            continue
        if not line.startswith("- ") or question is None:
            _fail(path, line_no, "expected a question header or a response line")
        parts = [p.strip() for p in line[2:].split("::", 2)]
        if len(parts) != 3:
            _fail(path, line_no, "response line needs style :: labels :: text")
        style, hard = parts[0].rstrip("!"), parts[0].endswith("!")
        key = f"{question['lang']}-{question['testbed'][:3]}{id_tag}"
        counters[key] = counters.get(key, 0) + 1
        response = parts[2].replace("\\n", "\n")
        item = {"id": f"{key}-{counters[key]:03d}", **question, "response": response, "style": style, "hard": hard}
        item["labels"] = _labels(path, line_no, question["testbed"], parts[1])
        item["labels"].update(rgb_view(question["lang"], response, question["answers"]))
        items.append(item)
    return items


def assign_splits(items: list[dict]) -> None:
    """A third of every (lang, testbed) group goes to the holdout, chosen by a seeded shuffle."""
    rng = random.Random(SPLIT_SEED)
    groups: dict[tuple, list[dict]] = {}
    for item in items:
        groups.setdefault((item["lang"], item["testbed"]), []).append(item)
    for key in sorted(groups):
        members = groups[key][:]
        rng.shuffle(members)
        cut = round(len(members) / 3)
        for i, item in enumerate(members):
            item["split"] = "holdout" if i < cut else "dev"


def build() -> list[dict]:
    """Every labelled item in file order: the dev/holdout set, then each later set."""
    items = parse(HERE / "source" / "en.txt") + parse(HERE / "source" / "zh.txt")
    assign_splits(items)
    for stem, id_tag, split in LATER_SETS:
        for lang in ("en", "zh"):
            later = parse(HERE / "source" / f"{stem}_{lang}.txt", id_tag)
            for item in later:
                item["split"] = split
            items += later
    return items


def main() -> None:
    items = build()
    with open(HERE / "responses.jsonl", "w", encoding="utf-8") as out:
        for item in items:
            out.write(json.dumps(item, ensure_ascii=False) + "\n")
    print(f"{len(items)} responses written")


if __name__ == "__main__":
    main()
