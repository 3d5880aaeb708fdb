"""Statistics of the report: intervals, clustered and paired tests, prediction-powered inference.

Pure functions over numbers; nothing here imports the report's model, its aggregation or a renderer."""
