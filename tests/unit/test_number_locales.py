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
