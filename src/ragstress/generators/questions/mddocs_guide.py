"""The facts guides and design prose state in sentences rather than in tables or entries, read in turn.

A sentence no code-name reading asked about may still state what a named thing is used for
(`mddocs_used_for`), what a thing its page heads a section with does (`mddocs_named`), or the quantity of
a named measure (`mddocs_quantities`). One reading a sentence: the first that asks it. Only a product's docs are read so: their questions are
framed by the product and the page, which an encyclopaedia's pages have no counterpart of.
"""

from __future__ import annotations

from ragstress.generators.questions.mddocs_named import named_subject_questions
from ragstress.generators.questions.mddocs_quantities import quantity_questions
from ragstress.generators.questions.mddocs_terms import Question
from ragstress.generators.questions.mddocs_used_for import used_for_questions


def guide_questions(
    sentence: str, product: str | None, kinds: dict[str, str], zh: bool, page: tuple[str | None, set[str]]
) -> list[Question]:
    """The question the first of the guide readings asks of the sentence (`page`: its title and headings)."""
    title, headings = page
    if not product:
        return []  # prose of no product (an encyclopaedia's pages): "位于山东省中部的是什么？" has no one answer
    return (
        used_for_questions(sentence, product, kinds, zh, title)
        or named_subject_questions(sentence, product, title, headings, zh)
        or quantity_questions(sentence, product, zh)
    )
