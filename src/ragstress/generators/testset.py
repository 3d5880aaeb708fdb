"""Generate a test set: seeds (curated and/or generated and gated), then the testbeds' cases.

Writes into the output directory:

- `cases.jsonl`: every Case, seed by seed, testbed by testbed;
- `seeds.jsonl`: the kept SeedQuestions;
- `rejected.jsonl`: every dropped candidate with its gate and reason;
- `testset.json`: counts per testbed and ratio, gate statistics, models (no secrets),
  the JSON mode each role's structured calls used, prompt identities, the random seed and the
  index's embedding model.

No timestamps and no per-run accounting go into these files: the same index, options
and LLM cache give byte-identical output.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from ragstress.core.jsonl import read_records, write_records
from ragstress.core.manifests import TestsetManifest, write_manifest
from ragstress.core.rundir import CASES_FILE, REJECTED_FILE, SEEDS_FILE, TESTSET_MANIFEST
from ragstress.core.types import RGB_TESTBEDS, Case, Chunk, SeedQuestion
from ragstress.corpora.langdetect import detect_lang
from ragstress.generators.questions.bridges import bridge_candidates
from ragstress.generators.questions.cross_aliases import add_cross_aliases, answer_sentence
from ragstress.generators.questions.curated import map_curated, read_seed_file
from ragstress.generators.questions.gates import GatePipeline, GateStats, RejectedCandidate
from ragstress.generators.questions.pairs import insitu_pair
from ragstress.generators.questions.polish import polish_or_keep
from ragstress.generators.questions.proposals import ProposalLog, ProposalSource, proposal_budget
from ragstress.generators.questions.seeds import Candidate, draft_all, pair_probes, pair_targets
from ragstress.generators.questions.synthesis import document_titles, insitu_candidates, language_stats
from ragstress.generators.questions.topics import topic_phrases
from ragstress.generators.testbeds.build import TESTBEDS, TestbedSettings, build_cases
from ragstress.generators.testbeds.counterfactual import name_inventory
from ragstress.generators.testbeds.noise_check import NoiseCheckLog, count_restated, judged_cases
from ragstress.generators.testbeds.planting import planting_stats
from ragstress.generators.testbeds.pool import ChunkPool, NoiseMode
from ragstress.generators.testbeds.ratios import RatioPolicy, ratio_coverage, ratios_requested
from ragstress.generators.testset_manifest import testset_manifest
from ragstress.indexing.store import CHUNKS_NAME, IndexStore
from ragstress.llm import LLMSession


@dataclass(frozen=True)
class GenerateOptions:
    """What to generate. `n_pairs=None` means a quarter of `n_seeds` (at least one) when integration is wanted."""

    testbeds: tuple[str, ...] = RGB_TESTBEDS
    n_seeds: int = 20
    n_pairs: int | None = None
    seed_file: Path | None = None
    random_seed: int = 13
    noise_mode: NoiseMode = "hard"
    # Judge every noise passage for a hidden answer. None: when the judge is an endpoint, not the bundled model.
    judge_noise: bool | None = None
    round_trip_k: int = 5
    duplicate_threshold: float = 0.92
    neighbours_k: int = 30
    candidates_per_seed: int = 4
    # None: polish in-situ questions with the generator unless it is the bundled model (too small to help).
    polish: bool | None = None
    # None: let the generator propose answer spans of its own unless it is the bundled model (proposals.py).
    propose: bool | None = None
    # Chunks the generator may be asked for proposals (None: 5 per seed wanted, at most 200; proposals.py).
    proposal_chunks: int | None = None
    # The style testbed's question styles (src/ragstress/generators/testbeds/styles.py); empty: every style.
    styles: tuple[str, ...] = ()
    # A noise ratio a seed cannot hold exactly: dropped, or replaced by the nearest reachable one (marked).
    ratio_policy: RatioPolicy = "drop"
    # Ask the judge whether in-situ candidates are answerable (None: unless it is the bundled model; gates.py).
    judge_insitu: bool | None = None

    def gate_settings(self) -> dict:
        """The GatePipeline keywords these options set."""
        k, threshold = self.round_trip_k, self.duplicate_threshold
        return {"k": k, "duplicate_threshold": threshold, "judge_insitu": self.judge_insitu}

    def pairs_wanted(self) -> int:
        if self.n_pairs is not None:
            return self.n_pairs
        return max(1, self.n_seeds // 4) if "integration" in self.testbeds and self.n_seeds else 0


@dataclass(repr=False)
class TestsetResult:
    """What was generated (also written to the output directory)."""

    __test__ = False

    seeds: list[SeedQuestion]
    cases: list[Case]
    rejected: list[RejectedCandidate]
    manifest: dict = field(default_factory=dict)

    def __repr__(self) -> str:
        # Counts only: asyncio reprs a finished task's result (Python 3.11 does on leaving asyncio.run), and
        # the full repr of 200,000 cases took minutes after the work was done.
        return f"TestsetResult(seeds={len(self.seeds)}, cases={len(self.cases)}, rejected={len(self.rejected)})"


def load_chunks(store: IndexStore) -> list[Chunk]:
    """Every chunk of the index in corpus order, from `chunks.jsonl` beside it."""
    return read_records(store.index_dir / CHUNKS_NAME, Chunk)


@dataclass
class _Run:
    """One generation's gate pipeline, polish settings and the candidates sent through."""

    pipeline: GatePipeline
    llm: LLMSession
    polish: bool
    options: GenerateOptions
    polish_stats: dict[str, GateStats] = field(default_factory=dict)
    sent: list[Candidate] = field(default_factory=list)

    def checker(self, lang: str) -> GatePipeline:
        stats = self.polish_stats.setdefault(lang, GateStats())
        return GatePipeline(self.pipeline.store, self.llm.judge, **self.options.gate_settings(), stats=stats)


async def _generate(
    candidates: list[Candidate], wanted: int, run: _Run, budget: int, proposals: ProposalSource | None = None
) -> list[Candidate]:
    """Gate in-situ candidates in waves (polished first when polishing) until `wanted` are kept or the budget is spent.

    With `proposals`, each wave also carries the generator's proposals for as many further chunks
    as seeds are still wanted, until its own budget of chunks is spent.
    """
    kept: list[Candidate] = []
    position = 0
    while len(kept) < wanted:
        in_situ_left = position < min(len(candidates), budget)
        if not in_situ_left and (proposals is None or proposals.exhausted):
            break
        size = min(max(4, 2 * (wanted - len(kept))), budget - position) if in_situ_left else 0
        wave = candidates[position : position + size]
        position += len(wave)
        if proposals is not None and not proposals.exhausted:
            wave = _interleave(wave, await proposals.more(wanted - len(kept)))
        if not wave:
            continue  # a round whose proposals all fell short of a span: the next round asks further chunks
        if run.polish:
            for lang in sorted({c.lang for c in wave}):
                mine = [c for c in wave if c.lang == lang and c.path == "insitu"]
                chosen = dict(
                    zip((c.id for c in mine), await polish_or_keep(run.llm.generator, mine, run.checker(lang)))
                )
                wave = [chosen.get(c.id, c) for c in wave]
        run.sent += wave
        kept += await run.pipeline.run(wave, limit=wanted - len(kept))
    return kept


def _interleave(first: list[Candidate], second: list[Candidate]) -> list[Candidate]:
    """One of each in turn, then the rest of the longer list: extracted and proposed candidates side by side."""
    merged = [c for pair in zip(first, second) for c in pair]
    n = min(len(first), len(second))
    return merged + first[n:] + second[n:]


def _as_seed(candidate: Candidate) -> SeedQuestion:
    return SeedQuestion(
        id=candidate.id,
        question=candidate.question,
        answers=candidate.answers,
        chunk_ids=candidate.chunk_ids,
        lang=candidate.lang,
        origin="generated",
        question_type=candidate.question_type,
    )


async def generate_testset(
    store: IndexStore, llm: LLMSession, out_dir: Path, options: GenerateOptions = GenerateOptions()
) -> TestsetResult:
    """Make seeds and cases from the index in `store` and write them to `out_dir` (see the module docstring).

    Testbed names are checked first (UnknownNameError with suggestions); a bad seed
    file raises RecordFileError naming the line. When every call to the generator or the judge failed,
    EveryCallFailed names the first error and nothing is written.
    """
    testbeds = TESTBEDS.resolve(list(options.testbeds))
    chunks = load_chunks(store)
    langs = {c.id: detect_lang(c.text) for c in chunks}
    stats = GateStats()
    seeds: list[SeedQuestion] = []
    rejected: list[RejectedCandidate] = []
    if options.seed_file is not None:
        curated, dropped = map_curated(read_seed_file(options.seed_file), chunks)
        seeds += curated
        rejected += dropped
        stats.tried["seed_file"] = len(curated) + len(dropped)
        stats.passed["seed_file"] = len(curated)

    wanted_pairs = options.pairs_wanted()
    if options.n_seeds > 0 or wanted_pairs > 0:
        pipeline = GatePipeline(store, llm.judge, **options.gate_settings(), stats=stats)
        pipeline.remember([s.id for s in seeds], [s.question for s in seeds])
        rng = random.Random(options.random_seed)
        polish = options.polish if options.polish is not None else not llm.endpoints["generator"].is_bundled
        run = _Run(pipeline, llm, polish, options)
        singles = insitu_candidates(chunks, langs, rng)
        propose = options.propose if options.propose is not None else not llm.endpoints["generator"].is_bundled
        proposals = ProposalLog() if propose else None
        source = None
        if proposals is not None:
            asked = list(chunks)
            random.Random(options.random_seed + 1).shuffle(asked)
            budget = proposal_budget(options.n_seeds, options.proposal_chunks)
            source = ProposalSource(llm.generator, asked, langs, budget, proposals)
        kept = await _generate(singles, options.n_seeds, run, options.candidates_per_seed * options.n_seeds, source)
        if source is not None:
            source.finish(len(kept) >= options.n_seeds)
        if wanted_pairs:
            sample = list(chunks)
            rng.shuffle(sample)
            probes = pair_probes(sample, langs, max(12, 4 * wanted_pairs))
            hits = store.query_many(list(probes.values()), k=10)
            neighbours = {cid: [h.chunk_id for h in found] for cid, found in zip(probes, hits)}
            titles = document_titles(chunks)
            topics = topic_phrases(chunks, titles)
            targets = pair_targets([c for c in sample if c.id in probes], neighbours, langs, rng)
            pairs = [p for p in (insitu_pair(t, titles, topics) for t in targets) if p is not None]
            # Bridges beside conjunctions: the second fact reached through the entity the first names.
            bridges = bridge_candidates(chunks, langs, topics, random.Random(options.random_seed + 2))
            pairs = _interleave(pairs, bridges)
            made_pairs = await _generate(pairs, wanted_pairs, run, options.candidates_per_seed * wanted_pairs)
            if polish and len(made_pairs) < wanted_pairs:
                # Few facts of one subject pair up as milestones; a capable generator words a question
                # asking for both facts of two chunks of one document, through the same gates.
                asked = {p.id for p in pairs}
                spare = [t for t in targets if t.id not in asked][: options.candidates_per_seed * wanted_pairs]
                drafted = await draft_all(llm.generator, spare)
                made_pairs += await _generate(drafted, wanted_pairs - len(made_pairs), run, len(drafted))
            kept += made_pairs
        made = [_as_seed(c) for c in kept]
        cross = None
        if polish:  # a capable generator: it may also say how the other language writes a name answer
            sentences = {c.id: answer_sentence(c.texts, c.answers[0]) for c in kept}
            made, cross = await add_cross_aliases(llm.generator, made, sentences)
        seeds += made
        rejected += pipeline.rejected
        per_lang = {lang: sum(v == lang for v in langs.values()) for lang in set(langs.values())}
        generation_stats = {
            "polish": polish,
            "by_lang": language_stats(
                run.sent, kept, pipeline.rejected, per_lang, run.polish_stats, pipeline.judge_insitu
            ),
            **({"cross_language_aliases": cross} if cross is not None else {}),
            **({"proposals": proposals.as_dict(kept, pipeline.rejected)} if proposals is not None else {}),
        }
    else:
        generation_stats = {"polish": False, "by_lang": {}}

    hits = store.query_many([s.question for s in seeds], k=options.neighbours_k) if seeds else []
    names: dict[str, tuple[str, ...]] = {}
    for lang in sorted(set(langs.values())):
        names.update(name_inventory([c.text for c in chunks if langs[c.id] == lang], lang))
    pool = ChunkPool(
        chunks={c.id: c for c in chunks},
        neighbours={s.id: tuple(h.chunk_id for h in found) for s, found in zip(seeds, hits)},
        names=names,
    )
    settings = TestbedSettings(
        base_seed=options.random_seed,
        noise_mode=options.noise_mode,
        ratio_policy=options.ratio_policy,
        styles=options.styles,
    )
    judge_noise = options.judge_noise if options.judge_noise is not None else not llm.endpoints["judge"].is_bundled
    noise_log = NoiseCheckLog(judge=bool(judge_noise and seeds))
    count_restated(seeds, pool, noise_log)
    if noise_log.judge:
        pool, cases = await judged_cases(
            llm, seeds, pool, lambda p: build_cases(seeds, p, testbeds, settings), noise_log
        )
    else:
        cases = build_cases(seeds, pool, testbeds, settings)

    # A role whose every call failed leaves nothing worth writing: the stage fails naming the cause.
    llm.check_answered()
    out_dir = Path(out_dir)
    manifest = testset_manifest(
        store, llm, options, testbeds, seeds, cases, stats, sorted(set(langs.values())), out_dir
    )
    # Per requested ratio: how many seeds reached it exactly, at the nearest share, or not at all.
    manifest["cases"]["ratio_coverage"] = ratio_coverage(ratios_requested(seeds, testbeds, settings), cases)
    # Per language: candidates, each gate's pass rate, and the share of seeds from the in-situ vs polished path.
    # Per planted testbed: seeds whose passages could (not) be planted cleanly, and why not.
    manifest["generation_stats"] = {**generation_stats, "planted": planting_stats(seeds, pool, testbeds, settings)}
    manifest["noise_check"] = noise_log.as_dict()
    write_records(out_dir / CASES_FILE, cases)
    write_records(out_dir / SEEDS_FILE, seeds)
    write_records(out_dir / REJECTED_FILE, rejected)
    write_manifest(out_dir / TESTSET_MANIFEST, manifest, TestsetManifest)
    return TestsetResult(seeds, cases, rejected, manifest)
