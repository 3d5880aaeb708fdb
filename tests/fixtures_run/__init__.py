"""Importable helpers for the runner and target tests: sample targets and case builders."""
