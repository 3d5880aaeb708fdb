"""The rule engine holds no language words: its modules read them from the lexicon (ragstress.scoring.lexicon).

Each module of ragstress.scoring.metrics is parsed and every string literal in its code (docstrings left out:
they explain, they match nothing) is checked for Chinese, Japanese or Korean characters and for an alternation
of words ('errors?|mistakes'). The modules whose words have not yet moved are listed in STILL_HOLDING_WORDS;
the list may only shrink: a module in it that no longer holds words fails the test until it is taken out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import ragstress.scoring.metrics as metrics

METRICS_DIR = Path(metrics.__file__).parent
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
WORD_ALTERNATION = re.compile(r"[^\W\d_]{2,}\??\|[^\W\d_]{2,}")

# Modules whose phrases still stand inline, to be moved to the lexicon one by one (refusal_clauses holds the
# clause patterns that were refusal.py's, moved with the code that reads them; refusal_detail and conflict_patterns
# were split from refusal_clauses and conflict_rules with the words they held).
STILL_HOLDING_WORDS = frozenset(
    {
        "answer_line", "candidates", "conflict_metrics", "conflict_patterns", "conflict_rules",
        "conflict_rules_intl", "corrections", "declines", "deferral", "deterministic", "injection_metrics",
        "injection_reading", "injection_words", "json_answer", "judge", "judged_nvidia",
        "judged_over_refusal", "judged_ragas", "judged_verdicts", "layout_en", "layout_zh", "names",
        "parsing", "refusal_clauses", "refusal_detail", "rules_rgb", "similarity", "slots",
    }
)  # fmt: skip


def _docstring_nodes(tree: ast.AST) -> set[int]:
    # A string standing alone as a statement documents the code before it or the module: it matches nothing.
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
    }


def language_words(source: str) -> list[str]:
    """The string literals of `source`'s code that hold language words (CJK characters or a word alternation)."""
    tree = ast.parse(source)
    documentation = _docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in documentation:
            if CJK.search(node.value) or WORD_ALTERNATION.search(node.value):
                found.append(node.value)
    return found


def _engine_modules() -> dict[str, str]:
    return {path.stem: path.read_text(encoding="utf-8") for path in METRICS_DIR.glob("*.py") if path.stem != "__init__"}


def test_the_check_finds_planted_words_and_passes_documentation():
    planted = (
        '"""模块说明：documents|passages 在文档字符串里无妨。"""\n'
        "import re\n"
        'SOURCES = re.compile(r"\\b(?:documents?|passages?)\\b")\n'
        'FLAG = f"{SOURCES}|有误"\n'
        'CLAUSE = r"[.;:!?]"\n'
    )
    found = language_words(planted)
    assert r"\b(?:documents?|passages?)\b" in found
    assert "|有误" in found
    assert len(found) == 2


def test_engine_modules_hold_no_language_words():
    offending = {name: words for name, source in _engine_modules().items() if (words := language_words(source))}
    unexpected = sorted(set(offending) - STILL_HOLDING_WORDS)
    assert not unexpected, {name: offending[name][:3] for name in unexpected}


def test_the_list_of_modules_still_holding_words_only_shrinks():
    modules = _engine_modules()
    cleaned = sorted(name for name in STILL_HOLDING_WORDS if name in modules and not language_words(modules[name]))
    assert not cleaned, f"take these out of STILL_HOLDING_WORDS: {cleaned}"
    assert STILL_HOLDING_WORDS <= set(modules)
