"""Run stage: ask a target every case (contexts or end-to-end), merge shards."""
