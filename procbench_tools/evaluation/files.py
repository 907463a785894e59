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
PAPER_EXTRACTION_DISAGREEMENTS = "paper_extraction_disagreements.jsonl"


def model_file_name(name: str) -> str:
    """A model's name as part of a file name (letters, digits, ``.``, ``_`` and ``-``; any
    other character becomes ``_``), as in ``horizon-<model>.png``."""
    return "".join(character if character.isalnum() or character in "._-" else "_" for character in name)
