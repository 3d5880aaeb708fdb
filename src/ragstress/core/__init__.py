"""Foundation shared by every stage: record types, JSONL files, registries, redaction."""
