"""Units named at the end of a JSON field's key: `{"cabin_bag_kg": 7}` says 7 kg, `{"return_window_days": 60}`
60 days. A structured answer puts the unit in the key and a bare number in the value, so the value alone never
matches an answer written with its unit ('7 kg'); `scoring.metrics.json_units` reads the two together.

Each entry maps the key's last word (after `_`, `-` or a space, case-folded) to how the value is written with its
unit, `{}` standing for the number.
"""

from __future__ import annotations

KEY_UNITS: dict[str, str] = {
    "kg": "{} kg",
    "g": "{} g",
    "lb": "{} lb",
    "lbs": "{} lb",
    "km": "{} km",
    "m": "{} m",
    "cm": "{} cm",
    "mm": "{} mm",
    "days": "{} days",
    "day": "{} days",
    "weeks": "{} weeks",
    "months": "{} months",
    "years": "{} years",
    "hours": "{} hours",
    "hrs": "{} hours",
    "h": "{} hours",
    "minutes": "{} minutes",
    "mins": "{} minutes",
    "min": "{} minutes",
    "percent": "{}%",
    "pct": "{}%",
    "usd": "${}",
    "eur": "€{}",
    "gbp": "£{}",
    "cny": "{}元",
    "rmb": "{}元",
    "v": "{} v",
    "w": "{} w",
    "mah": "{} mah",
}

EXAMPLES: dict[str, tuple[str, str]] = {
    "kg": ('{"cabin_bag_kg": 8}', "8 kg"),
    "g": ('{"net_weight_g": 250}', "250 g"),
    "lb": ('{"max_load_lb": 40}', "40 lb"),
    "lbs": ('{"weight_lbs": 12}', "12 lb"),
    "km": ('{"range_km": 420}', "420 km"),
    "m": ('{"height_m": 828}', "828 m"),
    "cm": ('{"width_cm": 35}', "35 cm"),
    "mm": ('{"thickness_mm": 7}', "7 mm"),
    "days": ('{"refund_days": 14}', "14 days"),
    "day": ('{"trial_day": 30}', "30 days"),
    "weeks": ('{"leave_weeks": 16}', "16 weeks"),
    "months": ('{"warranty_months": 18}', "18 months"),
    "years": ('{"term_years": 4}', "4 years"),
    "hours": ('{"battery_hours": 20}', "20 hours"),
    "hrs": ('{"shift_hrs": 9}', "9 hours"),
    "h": ('{"playback_h": 11}', "11 hours"),
    "minutes": ('{"boarding_minutes": 45}', "45 minutes"),
    "mins": ('{"walk_mins": 12}', "12 minutes"),
    "min": ('{"charge_min": 25}', "25 minutes"),
    "percent": ('{"discount_percent": 15}', "15%"),
    "pct": ('{"match_pct": 3}', "3%"),
    "usd": ('{"fee_usd": 35}', "$35"),
    "eur": ('{"fare_eur": 19}', "€19"),
    "gbp": ('{"deposit_gbp": 250}', "£250"),
    "cny": ('{"运费_cny": 12}', "12元"),
    "rmb": ('{"price_rmb": 88}', "88元"),
    "v": ('{"input_v": 110}', "110 V"),
    "w": ('{"power_w": 1500}', "1500 W"),
    "mah": ('{"battery_mah": 4500}', "4500 mAh"),
}
"""For each unit, a JSON answer and the answer it must be read as stating (tests/unit/test_json_units.py)."""
