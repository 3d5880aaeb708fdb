"""Numbers as other locales and science write them: a value matches when some reading of the response's number is
the expected one, and no reading lets a wrong value match."""

from __future__ import annotations

import pytest

from ragstress.values.matching import alias_patterns, comparable


def found(alias: str, response: str) -> bool:
    return any(p.search(comparable(response)) for p in alias_patterns(alias))


@pytest.mark.parametrize(
    ("alias", "response"),
    [
        ("5,896 °C", "It boils near 5.896 °C."),  # a dot before three digits may group thousands
        ("612,700 km", "roughly 612.700 km away"),
        ("€3,400,000,000", "a fine of €3.400.000.000"),  # grouped by dots twice: thousands only
        ("2,750,000.5 m", "2.750.000,5 m"),
        ("4.37 seconds", "it takes 4,37 seconds"),  # a single comma as the decimal mark
        ("61.8%", "a share of 61,8 %"),
        ("6300", "6\u202f300 units"),  # a narrow no-break space groups thousands
        ("4.2 million years", "about 4.2 × 10⁶ years"),  # scientific notation, superscript power
        ("4200000", "4,2 × 10^6"),
        ("4200000", "4.2e6 entries"),
        ("0.0031 m", "3.1 × 10⁻³ m"),
        ("2,716 K", "≈ 2.716 × 10³ K"),
        ("471300公里", "距离为471.300公里"),
        ("8.5%", "增长了8,5%"),
    ],
)
def test_a_reading_of_the_number_matches(alias: str, response: str) -> None:
    assert found(alias, response)


@pytest.mark.parametrize(
    ("alias", "response"),
    [
        ("5896 °C", "It boils near 5.89 °C."),  # two places after the dot: a decimal only
        ("437 seconds", "it takes 4,37 seconds"),  # a comma before two digits is no thousands separator
        ("4.2 million years", "about 4.2 × 10⁵ years"),  # the power is read, not dropped
        ("4200000", "4.2e5"),
        ("5896", "5.8960"),  # four places after the dot: no grouping
        ("4.37", "4,370"),  # a comma before three digits groups thousands: 4370
        ("1875年", "1.875"),  # a year is not spelled with a thousands dot
        ("12", "12.05.2019"),
    ],
)
def test_no_reading_lets_a_wrong_value_match(alias: str, response: str) -> None:
    assert not found(alias, response)


def test_hex_and_identifiers_are_not_read_as_powers() -> None:
    assert comparable("offset 0x3e10 in v4e2f") == "offset 0x3e10 in v4e2f"


def test_a_large_power_stays_in_one_scientific_notation() -> None:
    assert comparable("7.35e22 kg") == comparable("7.35 × 10²² kg") == "7.35x10^22 kg"
    assert found("7.35 × 10^22 kg", "about 7,35e22 kg")
    assert not found("7.35 × 10^22 kg", "about 7.35e21 kg")


@pytest.mark.parametrize(
    ("alias", "response"),
    [
        # the currency sign after the amount, as much of Europe writes a price, with a comma decimal and dot groups
        ("€2,450.00", "Im Shop kostet sie 2.450,00 € inkl. MwSt."),
        ("€2,450.00", "priced at 2 450 € in the French store"),  # zero cents dropped, grouped by a space
        ("€1.85 per kg", "loose apples at 1,85 € per kg"),
        ("£3.20", "a pint costs 3,20£ there"),
        ("8 300 ₽", "₽8,300 at the Moscow outlet"),  # the sign before, where the alias has it after
        ("8300", "官网标价 8\u202f300 ₽"),  # narrow no-break spaces group thousands
        ("2450", "德国官网售价 2.450,00 €"),  # a whole number with zero cents
        ("2450欧元", "售价2450欧元"),
    ],
)
def test_a_price_as_another_locale_writes_it_matches(alias: str, response: str) -> None:
    assert found(alias, response)


@pytest.mark.parametrize(
    ("alias", "response"),
    [
        ("€2.450", "it costs €2,450"),  # an English thousands comma: 2450, not 2.45
        ("€2.450", "it costs 2,450 €"),
        ("2450", "2.450,50 €"),  # cents that are not zero make another amount
        ("€2,450.00", "2.450,50 €"),
        ("€1.85 per kg", "1,85 $ per kg"),  # another currency
        ("2450", "2450.005"),
    ],
)
def test_a_price_in_another_amount_or_currency_does_not_match(alias: str, response: str) -> None:
    assert not found(alias, response)


@pytest.mark.parametrize(
    ("alias", "response", "expected"),
    [
        # a size of several dimensions in another unit of its family: each dimension converted
        ("64 × 42 × 15 cm", "Carton: 640 × 420 × 150 mm, 7 200 g.", True),
        ("64 x 42 x 15 cm", "about 0.64 x 0.42 x 0.15 m", True),
        ("50x30厘米", "外箱尺寸500x300毫米", True),
        ("64 x 42 x 15 cm", "640 x 420 x 15 mm", False),  # one dimension left unconverted is another size
        ("50x30厘米", "外箱尺寸50x30毫米", False),
    ],
)
def test_a_size_in_another_unit(alias: str, response: str, expected: bool) -> None:
    assert found(alias, response) is expected


@pytest.mark.parametrize(
    ("alias", "response", "expected"),
    [
        # an area written with the metre sign squared, and a span of time in another unit
        ("86000平方米", "园区占地 86 000 m²。", True),
        ("86000平方米", "园区占地约 8.6e4 m²。", True),
        ("86000平方米", "园区占地 8 600 m²。", False),
        ("36小时", "36h内发货。", True),
        ("36小时", "大约36个小时发货。", True),  # the measure word before the unit
        ("8到10小时", "每晚睡8到10个小时。", True),
        ("8到10小时", "每晚睡8到11个小时。", False),
        ("2天", "包裹免费保管48小时。", True),
        ("2天", "包裹免费保管24小时。", False),
        ("10 days", "returns are accepted for 240 hours", True),
        ("90 min", "the tour takes 1.5 hours", True),
        ("90 min", "the tour takes 2 hours", False),
        # power in another unit of its family, and a unit with or without the space before it
        ("2,250 MW", "Unit 3 delivers 2.25 GW net.", True),
        ("2,250 MW", "Unit 3 delivers 2.5 GW net.", False),
        ("450兆瓦", "二期装机0.45 GW。", True),
        ("0.45GW", "二期装机0.45 GW。", True),
        ("0.45GW", "二期装机4.5 GW。", False),
        # 千 right after 万 begins the unit: "45万千瓦" is 450 MW, not 450 001 kW
        ("45万千瓦", "二期装机0.45 GW。", True),
        ("450 MW", "二期装机45万千瓦。", True),
        ("450 MW", "二期装机四十五万千瓦。", True),
        ("450 MW", "二期装机46万千瓦。", False),
        ("3万千米", "全程30000 km", True),
    ],
)
def test_an_area_or_a_span_in_another_unit(alias: str, response: str, expected: bool) -> None:
    assert found(alias, response) is expected


@pytest.mark.parametrize(
    ("alias", "response", "expected"),
    [
        # a unit after a number word reads as after digits, so a range or count in words finds its alias
        ("6–8 hours", "Somewhere around six to eight hours, the guide says.", True),
        ("6–8 hours", "Between six and eight hours a night.", True),
        ("4 min", "It takes four minutes by the stairs.", True),
        ("6–8 hours", "Between five and eight hours a night.", False),
        ("4 min", "It takes four hours by the stairs.", False),
    ],
)
def test_a_unit_after_a_number_word(alias: str, response: str, expected: bool) -> None:
    assert found(alias, response) is expected
