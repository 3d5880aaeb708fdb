"""The methods section: how this run's numbers were made, written from its own records.

Every sentence is built from what the run directory holds (testset.json, cases.jsonl,
score.json, the estimates themselves), in English and Chinese, so a published report
explains itself: where the test set came from and how passages were sampled, which rule
set or judge produced each metric, how the intervals were computed, what the
counterfactual "known subset" is, and what was left out and why.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ragstress.reports.beyond.methods import beyond_methods
from ragstress.reports.describe import rule_set_label
from ragstress.reports.model import Estimate, MethodNote, Report
from ragstress.reports.reading.rundir import RunData
from ragstress.reports.stats.intervals import BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED

_INTERVALS = {
    "wilson": (
        "Wilson score interval: pass/fail values with one case per seed question (or a cell that resampling "
        "cannot vary, counted once per seed question).",
        "Wilson 区间：每个种子问题只有一个用例的通过/不通过指标（或重抽样无法变化的格子，每个种子问题计一次）。",
    ),
    "cluster_bootstrap": (
        f"Cluster bootstrap: {BOOTSTRAP_RESAMPLES} resamples of whole seed questions (fixed seed {BOOTSTRAP_SEED}), "
        "because the cases derived from one seed question are correlated; percentile 2.5–97.5%.",
        f"整群自助法：以种子问题为单位重抽样 {BOOTSTRAP_RESAMPLES} 次（固定随机种子 {BOOTSTRAP_SEED}），"
        "因为同一种子问题派生的用例彼此相关；取 2.5%–97.5% 分位数。",
    ),
    "hoeffding": (
        "Hoeffding interval: graded values that resampling cannot vary (one seed question, or all alike), "
        "as wide as a score in [0, 1] over that many seed questions allows, so a single seed never reads as certain.",
        "Hoeffding 区间：重抽样无法变化的分级指标（只有一个种子问题，或取值全都相同），按种子问题数给出 [0, 1] "
        "区间内分数所允许的宽度，单个种子问题不会显得确定无疑。",
    ),
    "bootstrap": (
        f"Percentile bootstrap over cases: {BOOTSTRAP_RESAMPLES} resamples (fixed seed {BOOTSTRAP_SEED}).",
        f"按用例的百分位自助法：重抽样 {BOOTSTRAP_RESAMPLES} 次（固定随机种子 {BOOTSTRAP_SEED}）。",
    ),
}

_ROLE_ZH = {"positive": "含答案段落", "noise": "噪声段落", "counterfactual": "反事实段落", "injected": "注入段落"}
_NOISE_MODES = {
    "hard": (
        "Noise passages are the corpus chunks nearest to the question that hold none of its answers "
        "(random chunks once those run out).",
        "噪声段落取语料中与问题最相近、且不含任何答案的片段（不够时随机补足）。",
    ),
    "random": (
        "Noise passages are corpus chunks drawn at random among those that hold none of the answers.",
        "噪声段落从不含任何答案的语料片段中随机抽取。",
    ),
}


def build_methods(data: RunData, report: Report, *, errors_as_failures: bool) -> list[MethodNote]:
    """The methods notes for `report`, built from `data` (the run it was aggregated from).

    `errors_as_failures` is the rule the rates used for cases the target failed on.
    """
    return [
        _testset(data),
        _metrics(report),
        _intervals(report),
        _known_subset(report),
        *_other_language(data),
        *beyond_methods(report),
        _excluded(report, errors_as_failures),
    ]


def _note(key: str, title: tuple[str, str], en: list[str], zh: list[str]) -> MethodNote:
    return MethodNote(key=key, title_en=title[0], title_zh=title[1], text_en=en, text_zh=zh)


def _testset(data: RunData) -> MethodNote:
    cases, manifest = data.cases, data.testset_manifest
    seeds = len({c.seed_id for c in cases})
    en = [f"{len(cases)} cases from {seeds} seed questions."]
    zh = [f"共 {len(cases)} 个用例，来自 {seeds} 个种子问题。"]
    origins = manifest.seeds.get("by_origin") if manifest is not None else None
    if not isinstance(origins, dict) or not origins:
        en.append("Origin not recorded: no testset.json was found beside the run's test set.")
        zh.append("来源未记录：未在测试集旁找到 testset.json。")
    else:
        extra: dict[str, Any] = manifest.model_extra or {}
        if origins.get("rgb"):
            files = [s for s in extra.get("sources", []) if isinstance(s, dict)]
            listed = ", ".join(
                f"{s.get('file', '?').rsplit('/', 1)[-1]} ({s.get('kind')}, {s.get('records')})" for s in files
            )
            en.append(f"{origins['rgb']} seed questions imported from RGB data" + (f": {listed}." if listed else "."))
            zh.append(f"{origins['rgb']} 个种子问题导入自 RGB 数据" + (f"：{listed}。" if listed else "。"))
        gates = extra.get("gates") if isinstance(extra.get("gates"), dict) else {}
        if origins.get("curated"):
            checked = gates.get("seed_file") if isinstance(gates.get("seed_file"), dict) else {}
            kept = (
                f" ({checked.get('passed')} of {checked.get('tried')} entries kept after validation)" if checked else ""
            )
            kept_zh = f"（校验后保留 {checked.get('tried')} 条中的 {checked.get('passed')} 条）" if checked else ""
            en.append(f"{origins['curated']} seed questions from a curated seed file{kept}.")
            zh.append(f"{origins['curated']} 个种子问题来自人工整理的种子文件{kept_zh}。")
        if origins.get("generated"):
            passed = "; ".join(
                f"{name} {g.get('passed')}/{g.get('tried')}"
                for name, g in gates.items()
                if isinstance(g, dict) and g.get("tried") and name != "seed_file"
            )
            generator = data.testset_manifest.models.get("generator") if data.testset_manifest else None
            model = generator.get("model") if isinstance(generator, dict) else None
            en.append(
                f"{origins['generated']} seed questions generated from the corpus"
                + (f" by {model}" if model else "")
                + (
                    f", each kept only after passing the verification gates (passed/tried: {passed})."
                    if passed
                    else "."
                )
            )
            zh.append(
                f"{origins['generated']} 个种子问题由语料生成"
                + (f"（生成模型 {model}）" if model else "")
                + (f"，每个都须通过校验关卡（通过/尝试：{passed}）。" if passed else "。")
            )
        mode = manifest.options.get("noise_mode")
        if mode in _NOISE_MODES:
            en.append(
                _NOISE_MODES[mode][0] + (" A judge also screened them." if manifest.options.get("judge_noise") else "")
            )
            zh.append(_NOISE_MODES[mode][1] + ("另由评审模型筛查。" if manifest.options.get("judge_noise") else ""))
        if manifest.random_seed is not None:
            en.append(f"Random seed {manifest.random_seed}.")
            zh.append(f"随机种子 {manifest.random_seed}。")
    en_s, zh_s = _sampling(data)
    return _note("testset", ("Test set and sampling", "测试集与抽样"), en + en_s, zh + zh_s)


def _sampling(data: RunData) -> tuple[list[str], list[str]]:
    ratios = sorted({r for c in data.cases if isinstance(r := c.params.get("noise_ratio"), (int, float))})
    passages = [len(c.contexts) for c in data.cases]
    roles = Counter(ctx.role for c in data.cases for ctx in c.contexts)
    en, zh = [], []
    if passages:
        en.append(
            f"Each case gives the target {min(passages)}–{max(passages)} passages "
            f"({', '.join(f'{n} {role}' for role, n in sorted(roles.items()))} in all)."
        )
        listed_zh = "，".join(f"{_ROLE_ZH.get(role, role)} {n}" for role, n in sorted(roles.items()))
        zh.append(f"每个用例给目标 {min(passages)}–{max(passages)} 个段落（共计 {listed_zh}）。")
    if ratios:
        listed = ", ".join(f"{r:g}" for r in ratios)
        en.append(f"Noise ratios (share of passages that do not hold the answer): {listed}.")
        zh.append(f"噪声比例（不含答案的段落所占比例）：{listed}。")
    return en, zh


def _metrics(report: Report) -> MethodNote:
    en, zh = [], []
    judge, prompts = report.header.judge, report.header.judge_prompts
    for row in report.metrics:
        info = report.metric_table.get(row.metric)
        rule_en, rule_zh = rule_set_label(row.metric, info, judge, prompts)
        label = (info.label_en, info.label_zh) if info else (row.metric, row.metric)
        desc = (info.description_en, info.description_zh) if info else ("", "")
        en.append(f"{label[0]} ({row.metric}): {desc[0]} Rule set: {rule_en}.".replace(":  ", ": "))
        zh.append(f"{label[1]}（{row.metric}）：{desc[1]}规则集：{rule_zh}。")
    if not en:
        en, zh = ["No metric was scored."], ["没有任何指标被评分。"]
    return _note("metrics", ("Metrics and rule sets", "指标与规则集"), en, zh)


def _estimates(report: Report) -> list[Estimate]:
    found = [e for row in report.metrics for e in (row.overall, *row.by_testbed.values())]
    return found + [r.headline for r in report.card]


def _intervals(report: Report) -> MethodNote:
    used = Counter(e.method for e in _estimates(report) if e.method != "none")
    en = ["Every interval is a two-sided 95% interval. Methods used in this report:"]
    zh = ["所有区间均为双侧 95% 置信区间。本报告使用的方法："]
    for method, count in sorted(used.items()):
        text = _INTERVALS.get(method, (method, method))
        en.append(f"{text[0]} ({count} estimates)")
        zh.append(f"{text[1]}（{count} 个估计）")
    if not used:
        en, zh = ["No interval was computed: nothing was scored."], ["未计算任何区间：没有已评分的用例。"]
    return _note("intervals", ("Intervals", "置信区间"), en, zh)


def _known_subset(report: Report) -> MethodNote:
    cf = report.counterfactual
    en = [
        "Counterfactual cases plant a false statement of the answer in the passages. As in RGB, detection and "
        "correction are scored only on the cases whose answer the target gives correctly without any passage "
        f"(its closed-book probe): {cf.n_known} of {cf.n_cases} cases here. A target that does not know the "
        "fact cannot be expected to notice it was falsified; the same metrics over every case are listed for reference."
    ]
    zh = [
        "反事实用例在段落中植入与答案相矛盾的错误陈述。与 RGB 一致，错误检测与纠正只在目标闭卷（不给任何段落）"
        f"能答对的用例上评分：本次为 {cf.n_cases} 个中的 {cf.n_known} 个。目标本不知道的事实，无法要求它发现被篡改；"
        "全部用例上的同一指标另列供参考。"
    ]
    return _note("known_subset", ("Counterfactual known subset", "反事实：已知子集"), en, zh)


_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")


def _other_language(data: RunData) -> list[MethodNote]:
    """How many name answers a reply in the other language or script would be missed on."""
    names: dict[str, tuple[str, list[str]]] = {}
    for case in data.cases:
        if case.answers and not any(ch.isdigit() for ch in case.answers[0][0]):
            names.setdefault(case.seed_id, (case.lang, case.answers[0]))
    if not names:
        return []
    other = {"zh": _LATIN, "en": _HAN}
    missing = sum(
        1 for lang, aliases in names.values() if lang in other and not any(other[lang].search(a) for a in aliases)
    )
    en = [
        f"{len(names) - missing} of {len(names)} name answers carry an alias in the other language (多瑙河 / the "
        f"Danube). For the other {missing}, an answer given in the other language or script is scored as missing: "
        "the rules read numbers and dates across scripts, but not names."
    ]
    zh = [
        f"{len(names)} 个名称类答案中有 {len(names) - missing} 个带有另一种语言的别名（如 多瑙河 / the Danube）。"
        f"其余 {missing} 个若用另一种语言或文字作答，会被判为未答出：规则能跨文字识别数字和日期，但不能识别名称。"
    ]
    return [_note("other_language", ("Answers in the other language", "另一种语言的答案"), en, zh)]


def _excluded(report: Report, counted: bool) -> MethodNote:
    counts = report.header.counts
    en = [
        f"Target errors: {counts.response_errors} responses failed; they "
        + ("count as not passing in every rate." if counted else "are left out of every rate (--exclude-errors)."),
        f"Missing responses: {counts.missing_responses} cases were never answered; they enter no rate.",
        f"Unscored: {counts.unscored} scores have no value (nothing to judge, e.g. no statement in the answer); "
        "they are never averaged as 0."
        + (
            f" {counts.unscored_no_contexts} of them are judged scores that read passages, unscored because the "
            "target retrieved for itself (e2e mode) and returned no contexts: they are never judged on the case's "
            "own passages, which the target did not see."
            if counts.unscored_no_contexts
            else ""
        )
        + (
            f" {counts.unscored_over_budget} of them are judged scores the judge's time budget could not hold "
            "(`ragstress score --judge-budget`): every deterministic score was made, and a later score with a "
            "larger budget judges these."
            if counts.unscored_over_budget
            else ""
        ),
        f"Scoring errors: {counts.score_errors} scores failed (e.g. an unreadable judge verdict); "
        "their causes are listed per case in the drill-down and they enter no rate.",
    ]
    zh = [
        f"目标出错：{counts.response_errors} 个回答失败，"
        + ("在所有比率中计为未通过。" if counted else "已从所有比率中排除（--exclude-errors）。"),
        f"缺失回答：{counts.missing_responses} 个用例没有回答，不计入任何比率。",
        f"未评分：{counts.unscored} 个评分没有数值（无可评判内容，如回答中没有陈述），从不按 0 计入平均。"
        + (
            f"其中 {counts.unscored_no_contexts} 个是需读取段落的评审评分：目标自行检索（端到端模式）却没有返回所用段落，"
            "因此不拿用例自带的段落（目标并未见过）来评判。"
            if counts.unscored_no_contexts
            else ""
        )
        + (
            f"其中 {counts.unscored_over_budget} 个是评审用时预算（`ragstress score --judge-budget`）容纳不下的评审评分："
            "确定性评分均已完成；之后用更大的预算再次评分即可补齐。"
            if counts.unscored_over_budget
            else ""
        ),
        f"评分出错：{counts.score_errors} 个评分失败（如评审结论无法解析），原因在用例明细中逐条列出，不计入任何比率。",
    ]
    return _note("excluded", ("What was excluded and why", "排除项及原因"), en, zh)
