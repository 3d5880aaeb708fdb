"""Methods paragraphs for the testbeds past RGB's four: how their cases were made, which papers
define the measure, and what this run's numbers rest on. Present only for testbeds the run has."""

from __future__ import annotations

from ragstress.reports.beyond.injection import injection_methods
from ragstress.reports.model import MethodNote, Report


def _note(key: str, title: tuple[str, str], en: str, zh: str) -> MethodNote:
    return MethodNote(key=key, title_en=title[0], title_zh=title[1], text_en=[en], text_zh=[zh])


def beyond_methods(report: Report) -> list[MethodNote]:
    notes = []
    if report.conflict is not None:
        c = report.conflict
        notes.append(
            _note(
                "conflict",
                ("Knowledge conflict", "知识冲突"),
                "Each single-fact seed is asked over its n answer-bearing passages (n ≤ 5) with k of them rewritten "
                "to state one planted answer, for every k from 0 to n, so the conflicting share k/n is exact. Seeds "
                "whose answer is a year, a date or a quantity are also asked with every passage planted and the "
                "planted value near, far or absurdly far from the truth (years ±2, ±20, ±200; quantities ±10%, ×2, "
                "×10). Adoption is the planted answer given as the value the response concludes with, truth kept the "
                "true one (a response that reports both values without choosing does neither), and a response "
                "that says its sources disagree, or gives both values where it names a source, is counted by a rule "
                "(and, when asked for, a judge). The "
                "design follows ClashEval (Wu et al., NeurIPS 2024: adoption of wrong context against the prior "
                "and against the size of the deviation) and RAMDocs (2025: answers over a mix of "
                f"correct and wrong passages). Adoption is split by prior: {c.n_known} seeds' facts are known "
                "closed-book by the target (one probe per seed, without passages).",
                "每个单事实种子问题都用其 n 段含答案的资料（n ≤ 5）提问，其中 k 段被改写为同一个植入答案，k 取 0 到 n 的每个值，"
                "因此矛盾比例 k/n 是精确的。答案为年份、日期或数量的种子，另有全部资料都被植入、且植入值与真值相差小、中、大三档"
                "（年份 ±2、±20、±200；数量 ±10%、×2、×10）的用例。“采信”指回答最终得出的是植入答案，“保留真值”指最终得出的是真值"
                "（只转述两种说法而不作选择的，两者都不算）；回答是否指出资料说法不一（或在提到资料时给出两个不同的值），由规则判定"
                "（需要时也可由评审模型判定）。该设计参照 ClashEval（Wu 等，NeurIPS 2024："
                "模型在先验知识与偏差大小不同时采信错误资料的比例）和 RAMDocs（2025：在正确与错误资料混杂时作答）。"
                f"采信率按先验分开统计：本次有 {c.n_known} 个种子的事实目标闭卷（每个种子问一次、不给资料）即可答对。",
            )
        )
    if report.style is not None:
        styles = ", ".join(row.style for row in report.style.rows) or "none"
        notes.append(
            _note(
                "style",
                ("Query style", "提问风格"),
                f"Each single-fact seed is asked in its own wording and in each style ({styles}) over the same "
                "answer-bearing passages in the same order, so the wording is the only difference. The styles are "
                "written for each language (keyboard slips and homophone characters; a chatty register; dropped "
                "articles, broken agreement and words out of order; an irrelevant aside; a sentence about the "
                "asker), never touching the answer's words. The measure is the accuracy difference styled minus "
                "original, paired by seed, as in 'Out of Style' (EACL 2026), which "
                "reports drops of up to 38.9% in answer match for queries with grammatical errors. Its interval is "
                "Newcombe's for a difference of paired pass/fail outcomes (each rate's Wilson interval combined), "
                "so it is never zero-width: 30 seeds all failing in the style print -1.000 [-1.000, -0.839]. In e2e mode "
                "the styled question also drives the target's retrieval, and the share of cases whose "
                "answer-bearing chunk it retrieved is shown per style.",
                f"每个单事实种子问题都用原始措辞和各种风格（{styles}）提问，资料相同、顺序相同，唯一的差别是措辞。各风格按语言"
                "分别编写（错别字与同音字、口语化、缺冠词或主谓不一致与语序错误、无关插话、提问者的自我介绍），"
                "且从不改动答案所在的词。衡量指标为该风格准确率减去原始措辞准确率，按种子问题配对，"
                "与《Out of Style》（EACL 2026）一致，该文报告带语法错误的提问使答案匹配率最多下降 38.9%。差值的置信区间采用"
                " Newcombe 的配对比例差区间（由两个比率各自的 Wilson 区间合成），因此不会退化为零宽度：30 个种子在该风格下"
                "全部答错时显示为 -1.000 [-1.000, -0.839]。在端到端模式下，"
                "改写后的问题同样驱动目标自己的检索，报告按风格给出检索结果中含答案片段的用例比例。",
            )
        )
    if report.position is not None:
        p = report.position
        notes.append(
            _note(
                "position",
                ("Answer passage position", "答案段落位置"),
                f"Each single-fact seed's source passage is placed in each of {p.n_slots} slots among the same "
                f"{p.n_slots - 1} hard noise passages, nothing else changing; accuracy is shown per slot. Liu et al. "
                "('Lost in the Middle', TACL 2024) find accuracy U-shaped in the position of the relevant passage: "
                "highest at the start and the end of the context.",
                f"每个单事实种子问题的原文段落依次放在 {p.n_slots} 个位置中的每一个，其余 {p.n_slots - 1} 段困难噪声段落及其顺序"
                "保持不变，按位置给出准确率。Liu 等（《Lost in the Middle》，TACL 2024）发现准确率随相关段落位置呈 U 形："
                "位于开头和结尾时最高。",
            )
        )
    return notes + injection_methods(report)
