"""English word lists of the scoring rules, one module per concept (`sources`)."""
