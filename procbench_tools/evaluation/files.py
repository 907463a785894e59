"""The names of the files a report holds besides its figures (each figure names its own file
in :mod:`.plots`), importable without the plotting libraries."""

SUMMARY = "summary.json"
SCORES = "scores.jsonl"
POSSIBLE_MISREADS = "possible_misreads.jsonl"
FAILED_BY_ALL = "failed_by_all.jsonl"
EXTRACTION_DISAGREEMENTS = "extraction_disagreements.jsonl"
REPORT_HTML = "report.html"
TABLE_MARKDOWN = "table.md"
TABLE_LATEX = "table.tex"
