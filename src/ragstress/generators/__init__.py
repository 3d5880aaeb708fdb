"""Test-set generation: verified seed questions, the four RGB testbeds, and RGB import/export.

from ragstress.generators import GenerateOptions, generate_testset, TESTBEDS
result = await generate_testset(store, llm, out_dir, GenerateOptions(n_seeds=20))
"""

from ragstress.generators.interop.rgb import cases_to_rgb, read_rgb, rgb_cases, write_rgb
from ragstress.generators.questions.gates import GATES, GatePipeline, GateStats, RejectedCandidate
from ragstress.generators.testbeds.build import TESTBEDS, TestbedSettings, build_cases, noise_count
from ragstress.generators.testbeds.pool import ChunkPool, case_rng
from ragstress.generators.testset import GenerateOptions, TestsetResult, generate_testset

__all__ = [
    "GATES",
    "TESTBEDS",
    "ChunkPool",
    "GateStats",
    "GatePipeline",
    "GenerateOptions",
    "RejectedCandidate",
    "TestbedSettings",
    "TestsetResult",
    "build_cases",
    "case_rng",
    "cases_to_rgb",
    "generate_testset",
    "noise_count",
    "read_rgb",
    "rgb_cases",
    "write_rgb",
]
