"""What a report reads from a run directory: its records, drill-down cases and metric table."""
