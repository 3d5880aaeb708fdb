"""A session's view of its roles' calls, here and in other processes: when did every call fail?"""

from __future__ import annotations

import pytest

from ragstress.llm import Endpoint, EveryCallFailed, LLMSession

JUDGE = Endpoint(role="judge", model="m", base_url="http://127.0.0.1:9/v1", api_key="k")


def test_a_role_whose_every_call_failed_elsewhere_is_named_with_its_first_error():
    llm = LLMSession({"judge": JUDGE})
    live = {"judge": {"calls": 3, "failures": 3, "first_error": "judge endpoint ... HTTP 500: down", "bundled": False}}
    llm.watch_elsewhere(lambda: live)
    assert llm.usage()["judge"]["bundled"] is False  # descriptive fields are not summed
    assert llm.every_call_failed() == "every judge call failed (3 of 3): judge endpoint ... HTTP 500: down"
    with pytest.raises(EveryCallFailed, match="3 of 3"):
        llm.check_answered()
    llm.watch_elsewhere(None)
    llm.add_usage("judge", {"calls": 3, "failures": 2, "first_error": "first", "json_mode": "json_object"})
    assert llm.every_call_failed() is None  # one call answered
    assert llm.public_endpoint("judge")["json_mode"] == "json_object"


def test_cache_hits_count_as_answered_and_no_call_is_no_failure():
    llm = LLMSession({"judge": JUDGE})
    assert llm.every_call_failed() is None
    llm.add_usage("judge", {"calls": 2, "cache_hits": 1, "failures": 1})
    assert llm.every_call_failed() is None
    assert llm.public_endpoint("judge")["json_mode"] == "auto"  # nothing structured was answered
