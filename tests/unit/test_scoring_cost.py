"""The cost of deterministic scoring: a bounded reading of long responses, and lookups that read as the scans did.

Each faster lookup is checked against the scan it replaced, on many small random texts, so a verdict that
depended on the old scan cannot change (tests/slow/test_scoring_linear.py times the cost itself).
"""

from __future__ import annotations

import random
import re

import pytest

from ragstress.scoring.metrics import METRICS, beliefs, mention_roles, rules, slots
from ragstress.scoring.metrics.names import _name_before
from ragstress.values import matching
from ragstress.values.breaks import Breaks, search_ending_at
from ragstress.values.reading import READ_PART, bounded, unfenced


def _random_texts(pieces: list[str], count: int, seed: int, longest: int = 14) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, longest))) for _ in range(count)]


def test_a_response_within_the_bound_is_read_whole():
    text = "word " * (2 * READ_PART // 5)
    assert bounded(text) == (text, None)


def test_a_long_response_is_read_in_its_first_and_last_parts_cut_between_words_and_says_so():
    text = " ".join(f"w{i:05d}" for i in range(10_000))  # 69,999 characters
    read, note = bounded(text)
    head, tail = read.split("\n\n")
    assert note == "read the first and last 10,000 of 69,999 characters (the middle was not read)"
    assert text.startswith(head) and text.endswith(tail)
    assert READ_PART - 80 <= len(head) <= READ_PART and READ_PART - 80 <= len(tail) <= READ_PART
    assert re.fullmatch(r"(w\d{5} ?)+", head) and re.fullmatch(r"(w\d{5} ?)+", tail)  # no word read in half


def test_a_long_chinese_response_is_cut_after_a_punctuation_mark():
    text = "埃菲尔铁塔于1889年建成，资料说是1887年。" * 4000
    head, tail = bounded(text)[0].split("\n\n")
    assert head[-1] in "，。" and tail[0] != "，"
    assert text.startswith(head) and text.endswith(tail)


def test_rgb_exact_rules_read_the_whole_response_and_every_other_rule_the_bounded_one():
    deterministic = [METRICS.get(n) for n in METRICS.names() if METRICS.get(n).kind == "deterministic"]
    whole = {m.name for m in deterministic if m.whole_response}
    assert whole == {"accuracy_rgb", "rejection_rgb", "error_detection_rgb", "error_correction_rgb"}
    assert all(m.reads_bounded for m in deterministic if m.name not in whole)
    assert not any(METRICS.get(n).reads_bounded for n in METRICS.names() if METRICS.get(n).kind != "deterministic")


@pytest.mark.parametrize(
    "pattern",
    [rules._CLAUSE_BREAK, rules.SENTENCE_BREAK, mention_roles._LIST_BREAK, slots._CLAUSE],
    ids=["clause", "sentence", "list", "slots-clause"],
)
def test_breaks_found_once_give_what_a_scan_up_to_each_position_gave(pattern):
    pieces = ["but", "butter", " ", "-", "--", " - ", ".", ",", "however", "但是", "但", "不过", "x", "1", "\n", "—"]
    pieces += ["and", "while", "?", "。", "although", "whereas", "(", ")", ":", "、"]
    for text in _random_texts(pieces, 3000, seed=2):
        found = Breaks(pattern, text)
        for position in range(len(text) + 1):
            scanned = [m.end() for m in pattern.finditer(text, 0, position)]
            assert found.last_end(position) == (scanned[-1] if scanned else None), (text, position)


def test_the_name_before_a_surname_is_read_as_the_pattern_read_it():
    def scanned(text: str, start: int, lang_en: bool) -> str:
        pattern = r"([A-Z][\w'’-]*)\s+$" if lang_en else r"([^\s·・•‧，,。；;:：、]+)[·・•‧]$"
        found = re.search(pattern, text[:start])
        return found[1] if found else ""

    pieces = list("aZbY -'’\n\t·・,，。李保罗x1_") + ["É", "é"]
    for text in _random_texts(pieces, 20_000, seed=1, longest=12):
        for start in range(len(text) + 1):
            for lang_en in (True, False):
                assert _name_before(text, start, lang_en) == scanned(text, start, lang_en), (text, start, lang_en)


def test_spaces_and_fences_are_removed_as_the_patterns_that_cost_the_square_of_a_run_removed_them():
    cjk = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
    spaces_next_to_cjk = re.compile(rf"(?<=[{cjk}])\s+|\s+(?=[{cjk}])")
    fences = re.compile(r"^```\w*\s*|\s*```$")
    pieces = [" ", "\t", "\n", "a", "中", "`", "```", "1", "{", "}", "_", "json"]
    for text in _random_texts(pieces, 20_000, seed=3):
        assert matching._SPACE_NEXT_TO_CJK.sub("", text) == spaces_next_to_cjk.sub("", text), text
        assert unfenced(text) == fences.sub("", text.strip()), text


def test_a_belief_before_a_bracket_is_found_searching_back_only_as_far_as_it_reaches():
    pieces = [
        "many people ",
        "believe ",
        "some say ",
        "often quoted as ",
        "很多人",
        "认为",
        "通常的认识",
        " ",
        "x",
        ",",
        "1889",
    ]
    pieces += ["a common misconception is that ", "on croit souvent ", "n", "\n"]
    for text in _random_texts(pieces, 3000, seed=4, longest=10):
        for pattern in beliefs.BEFORE:
            for end in range(len(text) + 1):
                expected = pattern.pattern.search(text[:end])
                found = search_ending_at(pattern.pattern, text, end)
                assert (found and (found.span(), found[0])) == (expected and (expected.span(), expected[0])), text
