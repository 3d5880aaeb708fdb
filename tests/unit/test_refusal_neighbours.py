"""A refusal that gives neighbouring facts instead of the one asked still refuses: a time of day is no clause break
that would make its minutes an answer, and a list the response announces as related information reports the
sources (refusal_clauses.answer_after). Sentences of our own."""

from __future__ import annotations

from ragstress.scoring.metrics import refusal
from ragstress.values.reading import read

PLATFORM = "Which platform does the 07:40 Kessford service leave from?"
PLATFORM_ANSWER = [["Platform 3", "3"]]
TIME_ZH = "林川在全国锦标赛200米蛙泳决赛中的成绩是多少？"
TIME_ANSWER = [["2分08秒11"]]


def test_a_time_of_day_in_the_refusal_is_no_answer():
    text = "The timetable doesn't say which platform the 07:40 Kessford service uses; it only lists its stops."
    assert refusal.refusal(read(text), PLATFORM_ANSWER, question=PLATFORM).value
    # a number after the refusal still answers
    text = "The timetable doesn't say; I believe it leaves from platform 3."
    assert not refusal.refusal(read(text), PLATFORM_ANSWER, question=PLATFORM).value


def test_a_list_announced_as_related_information_is_no_answer():
    text = "资料里没有找到决赛成绩。能找到的相关信息是：他在2023年亚运会上游出2分09秒30，获得亚军。"
    assert refusal.refusal(read(text), TIME_ANSWER, question=TIME_ZH).value
    text = "The passages don't give his final time. Related information: he swam 2:09.30 at the 2023 Asian Games."
    assert refusal.refusal(read(text), TIME_ANSWER).value
