"""The run's identity in words: target, prompts, generator, fingerprints and rule sets.

run.json stores the target as its `describe()` dict (nested endpoint dicts, prompt
records with full shas). A published report shows it as a sentence and a short list,
never as a Python repr, and never with a secret: hosts only, no paths or queries.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from ragstress.core.paths import resolve_recorded
from ragstress.core.rundir import CHUNKS_FILE, RunDir
from ragstress.reports.model import MetricInfo, PromptRef, RoleInfo
from ragstress.reports.reading.rundir import RunData

RGB_SUFFIX = "_rgb"
RULE_SETS = {
    "default": ("default negation-aware rules", "默认规则（识别否定）"),
    "rgb": ("RGB-exact rules (evalue.py)", "RGB 原始规则（evalue.py）"),
    "embedding": ("embedding similarity", "向量相似度"),
    "other": ("not described by this release", "本版本未描述"),
}
_KIND_WORDS = {
    "baseline": "the built-in baseline RAG chain",
    "http": "an HTTP endpoint",
    "python": "a Python function",
    "langchain": "a LangChain runnable",
}


def host_of(url: object) -> str | None:
    """'api.example.com:8443' from a URL: no credentials, path or query; None if it has no host."""
    if not isinstance(url, str) or "://" not in url:
        return None
    parts = urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = None
    host = parts.hostname
    return None if not host else f"{host}:{port}" if port else host


def endpoint_in_words(model: Mapping[str, Any] | None) -> str | None:
    """'model gpt-4o-mini at api.example.com' or 'the bundled model SmolLM2-… (local llama.cpp)'."""
    if not isinstance(model, Mapping) or not model.get("model"):
        return None
    if model.get("bundled"):
        return f"the bundled model {model['model']} (local llama.cpp)"
    host = host_of(model.get("base_url"))
    return f"model {model['model']}" + (f" at {host}" if host else "")


def target_in_words(target: Mapping[str, Any] | str | None) -> str | None:
    """One sentence naming the target's kind, its model and its endpoint host."""
    if target is None:
        return None
    if isinstance(target, str):
        return f"target {host_of(target) or target.split('?')[0]}"
    kind = str(target.get("kind") or "target")
    spec = target.get("spec")
    words = _KIND_WORDS.get(kind, f"a {kind} target")
    if kind == "http":
        host = host_of(spec)
        words += f" at {host}" if host else ""
    elif kind in ("python", "langchain") and isinstance(spec, str):
        words += f" ({spec})"
    model = target.get("model")
    described = endpoint_in_words(model if isinstance(model, Mapping) else None)
    if described:
        words += f", answering with {described}"
    return words[0].upper() + words[1:]


def prompt_refs(records: Any) -> list[PromptRef]:
    """Prompt identities (as run.json or score.json store them) shortened to an 8-character sha."""
    refs = []
    for item in records if isinstance(records, list) else []:
        if isinstance(item, Mapping) and item.get("id"):
            sha = item.get("sha")
            refs.append(
                PromptRef(
                    id=str(item["id"]),
                    lang=None if item.get("lang") is None else str(item["lang"]),
                    version=item.get("version") if isinstance(item.get("version"), (int, str)) else None,
                    sha8=str(sha)[:8] if sha else None,
                )
            )
    return refs


def generator_in_words(data: RunData) -> str | None:
    """The generator model behind the test set, or how the test set was made when no model was."""
    testset = data.testset_manifest
    if testset is None:
        return None
    origins = testset.seeds.get("by_origin") if isinstance(testset.seeds, dict) else None
    if isinstance(origins, dict) and origins and not origins.get("generated"):
        # The generator was configured but wrote no question: say where the questions came from.
        sources = {"curated": "from a curated seed file", "rgb": "imported from RGB"}
        return "none (questions " + " and ".join(sources.get(o, o) for o in sorted(origins) if origins[o]) + ")"
    return endpoint_in_words(testset.models.get("generator"))


def corpus_fingerprint(data: RunData) -> str | None:
    """sha256 (12 hex) of the index's chunks file with its chunk count, if the run can find it."""
    candidates = [RunDir(data.run_dir).chunks]
    testset = data.testset_manifest
    if testset is not None and data.testset_dir is not None and isinstance(testset.index.get("dir"), str):
        # Recorded relative to testset.json's folder (../index beside a bench's testset/), never the working directory.
        candidates.append(resolve_recorded(testset.index["dir"], data.testset_dir) / CHUNKS_FILE)
    for path in candidates:
        if path.is_file():
            digest, lines = hashlib.sha256(), 0
            with path.open("rb") as handle:
                for line in handle:
                    digest.update(line)
                    lines += 1
            return f"{digest.hexdigest()[:12]} ({lines} chunks)"
    return None


def rule_set_key(metric: str, info: MetricInfo | None) -> str:
    """'rgb', 'default', 'judged', 'embedding' or 'other': what produced a metric's values."""
    if metric.endswith(RGB_SUFFIX):
        return "rgb"
    kind = info.kind if info is not None else "other"
    return {"deterministic": "default"}.get(kind, kind)


def rule_set_label(
    metric: str, info: MetricInfo | None, judge: RoleInfo | None, judge_prompts: list[PromptRef]
) -> tuple[str, str]:
    """(English, Chinese) name of the rule set or judge behind `metric`'s numbers."""
    key = rule_set_key(metric, info)
    if key != "judged":
        return RULE_SETS[key]
    model = judge.model if judge and judge.model else "judge model not recorded"
    if not judge_prompts:
        return f"judge {model}, prompt versions not recorded", f"评审模型 {model}，提示词版本未记录"
    versions = ", ".join(sorted({str(p.version) for p in judge_prompts if p.version is not None}))
    digest = prompt_set_digest(judge_prompts)
    return (
        f"judge {model}, judge prompt set {digest} (versions {versions}; listed in the header)",
        f"评审模型 {model}，评审提示词集 {digest}（版本 {versions}；列于运行信息中）",
    )


def prompt_set_digest(prompts: list[PromptRef]) -> str:
    """8 hex characters that change whenever any prompt of the set changes (id, language, version, sha)."""
    lines = sorted(f"{p.lang}/{p.id}/v{p.version}/{p.sha8}" for p in prompts)
    return hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()[:8]


def rule_sets_used(metrics: list[str], table: Mapping[str, MetricInfo], judge: RoleInfo | None) -> list[str]:
    """The rule sets behind the scored metrics, e.g. ['default negation-aware rules', 'RGB-exact rules …']."""
    keys = dict.fromkeys(rule_set_key(m, table.get(m)) for m in metrics)
    judged = f"LLM judge ({judge.model})" if judge and judge.model else "LLM judge (model not recorded)"
    return [(judged if key == "judged" else RULE_SETS[key][0]) for key in keys]
