"""The forms a fact may be written in: numbers after a clause break, Chinese scales and era years, "k", "a hundred",
years said with "oh", short year ranges, ranges in words, units of one quantity and citation markers. Examples written for these tests."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.rules import facts_stated
from ragstress.values.matching import comparable
from ragstress.values.numerals import arabic_numerals, english_numbers, scaled_numbers
from ragstress.values.reading import read

STATED = [
    ("塔楼于2016年竣工，高度632米。", ["2016"]),  # a year right after a full-width comma
    ("据统计，1998年开馆。", ["1998年"]),
    ("开馆日期：2014年3月2日。", ["2014"]),  # the year of a full date
    ("营收约十二亿五千万元。", ["12.5亿元"]),
    ("人口约三亿二千万。", ["3.2亿"]),
    ("该校创办于民国十七年。", ["1928年"]),
    ("民国元年，他回到上海。", ["1912"]),
    ("About 3.2k residents live there.", ["3200"]),
    ("Coverage starts after a six-month wait.", ["six months"]),  # a count joined to a span of time
    ("Each fill is capped at a 90-day supply.", ["90 days"]),
    ("The budget was 2.5bn dollars.", ["2.5 billion", "2500000000"]),
    ("It is a hundred and ten metres tall.", ["110 m"]),
    ("Opened in nineteen-oh-four.", ["1904"]),
    ("The war ran 1914–18.", ["1918"]),
    ("The survey ran from 1951 to 53.", ["1953"]),
    ("The tunnel is 12,500 metres long.", ["12.5 km"]),
    ("隧道全长12.5公里。", ["12500米"]),
    ("样品重2.4公斤。", ["2400克"]),
    ("The probe returned 1.5 kg of rock.", ["1500 g"]),
    # an alias that gives its value as approximate names the value, however the response approximates it
    ("The ferry runs at roughly 38 km/h.", ["about 38 km/h"]),
    ("The ferry's speed is 38 km/h.", ["around 38 km/h"]),
    ("湖面面积4300平方公里左右。", ["约4300平方公里"]),
    # a unit in another spelling
    ("Some sixty-one per cent of voters turned out.", ["61%"]),
    ("Turnout was 61%.", ["61 percent"]),
    ("Its half-life is ~1,600 yrs.", ["1600 years"]),
    ("Sound travels at 343 metres per second in air.", ["343 m/s"]),
    ("The record stands at 431 km per hour.", ["431 km/h"]),
    ("The grid runs at fifty hertz.", ["50 Hz"]),
    ("Mains voltage is 230 volts.", ["230 V"]),
    ("The allowance is twelve kilos.", ["12 kg"]),
    # the multiplication sign of dimensions as an x, an en dash between words as a hyphen
    ("Carry-on bags may be 55 × 40 × 20 cm.", ["55 x 40 x 20 cm"]),
    ("It dates from the 5th–6th century.", ["5th-6th century"]),
    ("2023 年 9 月 19 日 GA，是下一个 LTS。", ["2023-09-19"]),  # a word right after a Chinese date
    # a count under ten in words, and a Chinese percentage
    ("Eight.", ["8"]),
    ("Each side fields nine players.", ["9"]),
    ("The trip takes five days.", ["5 days"]),
    ("心脏有三个腔室。", ["3个"]),
    ("血液约占体重的百分之十五。", ["15%"]),
    ("利率为百分之七点五。", ["7.5%"]),
    # a range in any of its forms, its ends in digits or words; the minus sign as a hyphen
    ("Between sixty and one hundred beats per minute.", ["60-100 bpm", "60 to 100"]),
    ("It takes between three and five days.", ["3-5 days"]),
    ("The dynasty ruled from 1990 to 1995.", ["1990–1995"]),
    ("It lasts 10 days to 12 days.", ["10-12 days"]),
    ("每天饮水1500到1700毫升。", ["1500-1700毫升"]),
    ("任期为一九九〇至一九九五年。", ["1990-1995"]),
    ("It boils at −196 °C.", ["-196 °C"]),
]
NOT_STATED = [
    ("编号为1,2016的条目。", ["2016"]),  # a comma between digits still joins them
    ("It is 12.5 metres long.", ["12.5 km"]),
    ("The tunnel is 112,500 metres long.", ["12.5 km"]),
    ("Sales rose 1990-85 units.", ["1985"]),  # an end smaller than the start is not a range
    ("The date was 2016-10-15.", ["2010"]),  # a full date is not a short range
    ("二〇一六年竣工。", ["2017"]),
    ("About 3.2k residents.", ["320"]),
    ("The ferry runs at roughly 138 km/h.", ["about 38 km/h"]),
    ("The ferry runs at about 3.8 km/h.", ["about 38 km/h"]),
    ("Turnout was 61.5%.", ["61 percent"]),
    ("Sound travels at 343 metres per minute.", ["343 m/s"]),
    ("The grid runs at 60 hertz.", ["50 Hz"]),
    ("Mains voltage is 230 volts.", ["23 V"]),
    ("One of the passages says so.", ["1"]),  # "one" alone is rarely a count
    ("三国时期的事。", ["3"]),  # a Chinese numeral without its measure word is part of a word
    ("心脏有三个腔室。", ["3种"]),  # another measure word is another count
    ("血液约占体重的百分之十五。", ["5%"]),
    ("It ran 10-15 days.", ["10-12 days"]),  # another range with the same start
    ("Mars has 3 moons [2].", ["2"]),  # a citation marker is no value
    ("火星有3颗卫星【2】。", ["2"]),
    ("See sources [1, 2].", ["2"]),
]


@pytest.mark.parametrize(("text", "aliases"), STATED)
def test_fact_stated_in_another_form(text, aliases):
    assert facts_stated(read(text), [aliases])[0], (text, comparable(text))


@pytest.mark.parametrize(("text", "aliases"), NOT_STATED)
def test_fact_not_stated_by_a_near_form(text, aliases):
    assert not facts_stated(read(text), [aliases])[0], (text, comparable(text))


def test_number_readers():
    assert arabic_numerals("十亿") == "1000000000"
    assert arabic_numerals("三亿零五万") == "300050000"
    assert arabic_numerals("一千五百四十五") == "1545"  # no 亿: unchanged reading
    assert arabic_numerals("民国三十八年") == "1949年"
    assert scaled_numbers("5k run") == "5000 run" and scaled_numbers("kb 5kb") == "kb 5kb"
    assert english_numbers("a thousand and one nights") == "1001 nights"
    assert english_numbers("a hundred") == "100" and english_numbers("nineteen o five") == "1905"
    assert english_numbers("oh, one of them") == "oh, one of them"
    assert english_numbers("between sixty and one hundred") == "between 60 and 100"  # two numbers, each read
