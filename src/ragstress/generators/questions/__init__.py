"""Seed questions: answer spans read from a chunk (prose by a parse in English, in place in Chinese; man
pages, API references and Markdown docs by their structure), the gates each question passes, curated and
proposed seeds, and the bridge and pair questions that join two chunks."""
