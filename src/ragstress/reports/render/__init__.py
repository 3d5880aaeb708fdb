"""Renderers: report.md, report.html, SVG charts, the PDF, the label page and the files they go to.

They read the report's model (and its aggregation), never the statistics directly."""
