"""Build stage: chunk a corpus and embed it into a Chroma store."""
