"""Test sets in other tools' shapes: RGB's files in and out, Ragas / DeepEval / RAGET / CSV imports, and the
dataset export."""
