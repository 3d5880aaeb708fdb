"""Score stage: the metrics and the scorer that applies them to a run."""
