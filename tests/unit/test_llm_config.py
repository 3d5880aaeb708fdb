"""Role resolution: flags, then RAGSTRESS_<ROLE>_*, then OPENAI_*, then the bundled model."""

from __future__ import annotations

import pytest

from ragstress.llm import BUNDLED_MODEL, resolve_endpoint


def test_nothing_configured_means_bundled():
    ep = resolve_endpoint("judge", {})
    assert ep.is_bundled and ep.model == BUNDLED_MODEL and ep.json_mode == "grammar"


def test_order_flag_then_role_env_then_openai_env():
    env = {
        "OPENAI_BASE_URL": "http://openai.example/v1",
        "OPENAI_API_KEY": "sk-global",
        "RAGSTRESS_JUDGE_BASE_URL": "http://judge.example/v1/",
        "RAGSTRESS_JUDGE_MODEL": "judge-model",
    }
    judge = resolve_endpoint("judge", env)
    assert (judge.base_url, judge.api_key, judge.model) == ("http://judge.example/v1", "sk-global", "judge-model")
    target = resolve_endpoint("target", env)
    assert target.base_url == "http://openai.example/v1" and target.model == "gpt-4o-mini"
    flagged = resolve_endpoint("judge", env, base_url="http://flag/v1", model="m", api_key="sk-flag")
    assert (flagged.base_url, flagged.api_key, flagged.model, flagged.source) == (
        "http://flag/v1",
        "sk-flag",
        "m",
        "flag",
    )


def test_a_key_alone_means_the_default_remote_endpoint():
    ep = resolve_endpoint("generator", {"OPENAI_API_KEY": "sk-x"})
    assert not ep.is_bundled and ep.base_url.startswith("https://")


def test_asking_for_the_bundled_model_by_name():
    assert resolve_endpoint("target", {"OPENAI_API_KEY": "sk-x"}, model=BUNDLED_MODEL).is_bundled


def test_descriptions_never_show_the_key():
    ep = resolve_endpoint(
        "judge", {"RAGSTRESS_JUDGE_API_KEY": "sk-supersecret-123", "RAGSTRESS_JUDGE_BASE_URL": "http://x/v1"}
    )
    assert "supersecret" not in ep.describe() + repr(ep) + str(ep.public_dict())
    assert ep.public_dict()["api_key"] == "set"


def test_json_mode_from_flag_then_role_env_else_auto():
    env = {"RAGSTRESS_JUDGE_BASE_URL": "http://judge.example/v1", "RAGSTRESS_JUDGE_JSON_MODE": "json_object"}
    assert resolve_endpoint("judge", env).json_mode == "json_object"
    assert resolve_endpoint("judge", env, json_mode="TEXT").json_mode == "text"
    assert resolve_endpoint("generator", {"RAGSTRESS_GENERATOR_BASE_URL": "http://g/v1"}).json_mode == "auto"
    # The bundled model keeps its grammar unless a mode is set (its server is llama-cpp-python's: json_object works).
    assert resolve_endpoint("judge", {"RAGSTRESS_JUDGE_JSON_MODE": "auto"}).json_mode == "grammar"
    assert resolve_endpoint("judge", {}, json_mode="json_object").json_mode == "json_object"


def test_an_unknown_json_mode_names_where_it_came_from():
    with pytest.raises(ValueError, match="RAGSTRESS_JUDGE_JSON_MODE 'yaml': choose one of auto, json_schema"):
        resolve_endpoint("judge", {"RAGSTRESS_JUDGE_JSON_MODE": "yaml"})
    with pytest.raises(ValueError, match="--generator-json-mode 'grammar'"):
        resolve_endpoint("generator", {}, json_mode="grammar")


def test_the_json_mode_enters_public_fields_only_when_set():
    """Endpoint fields enter bench and target fingerprints: a default mode must leave them as they were."""
    assert "json_mode" not in resolve_endpoint("judge", {}).public_dict()
    assert "json_mode" not in resolve_endpoint("judge", {"RAGSTRESS_JUDGE_BASE_URL": "http://j/v1"}).public_dict()
    forced = resolve_endpoint("judge", {"RAGSTRESS_JUDGE_BASE_URL": "http://j/v1"}, json_mode="text")
    assert forced.public_dict()["json_mode"] == "text"
