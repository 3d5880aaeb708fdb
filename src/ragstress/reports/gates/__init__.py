"""CI gates: thresholds as written (`thresholds`: options and files, checked before any work) and as
checked against a finished report (`check`: point estimate or interval end, with power notes)."""
