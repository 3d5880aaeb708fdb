"""What a value is, for every stage that compares one: numerals in both languages, dates, years and
quantities in their written forms, fact-bearing spans, restatements, and the alias matching that scoring
uses. Generation, running and scoring all read values through this package; it imports nothing above core."""
