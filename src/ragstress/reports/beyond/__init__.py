"""Report sections of the testbeds past RGB's four (conflict, style, position)."""
