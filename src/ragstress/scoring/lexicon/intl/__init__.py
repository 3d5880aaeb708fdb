"""Word lists of the scoring rules for third languages (French, Spanish, Portuguese, Italian, German, Russian,
Japanese, Korean), one module per concept (`sources`)."""
