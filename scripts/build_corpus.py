#!/usr/bin/env python3
"""Build the sentence corpus of Count2, FillWord and DeleteWord, reproducibly.

    python scripts/build_corpus.py            # downloads the two pinned Debian packages
    python scripts/build_corpus.py --debs DIR # or uses .deb files already in DIR

Sources (both redistributable; their notices are written beside the corpus):
- WordNet 3.0 (Debian ``wordnet-base``): the quoted example sentences of the glosses in
  ``data.{adj,adv,noun,verb}``. They are lowercase fragments, so each gets a capital first
  letter and, when it lacks one, a closing period.
- Jane Austen's six novels (Debian ``r-cran-janeaustenr``; the text is in the public
  domain, the package MIT-licensed), read from the package's R data without R.

Every sentence is kept only if it is plain: ASCII letters, digits, spaces and
``. , ! ? ' " ( ) -`` only, a capital first letter, a lowercase letter somewhere, a final
``.``/``!``/``?`` (a closing quote or bracket may follow), balanced double quotes and
brackets, no ``--``; and only its first occurrence is kept. The output,
``generators/data/sentences.tsv.gz``, holds ``source<TAB>sentence`` lines in source order
(consecutive lines of one source are consecutive in the source text), gzip'd with a fixed
timestamp so that the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from r_lazyload import read_lazyload

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "generators" / "data"
PACKAGES = {
    "wordnet-base": ("1:3.0-37", "61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752"),
    "r-cran-janeaustenr": ("1.0.0-1", "df6bddf211906d1ff404f8ff662c21b34e6660e7f54a311084e749050c019c95"),
}
NOVELS = ["sensesensibility", "prideprejudice", "mansfieldpark", "emma", "northangerabbey", "persuasion"]
WORDNET_FILES = ["adj", "adv", "noun", "verb"]

PLAIN = re.compile(r"[A-Z][A-Za-z0-9 .,!?'\"()\-]*[.!?][\")]?")
ABBREVIATIONS = ("Mr", "Mrs", "Dr", "St", "Col", "Capt", "Esq", "Messrs", "Rev", "Sir")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"(])|(?<=[.!?][\")])\s+(?=[A-Z\"(])")


def is_plain(sentence: str) -> bool:
    if not PLAIN.fullmatch(sentence) or "--" in sentence or "  " in sentence:
        return False
    if not any(ch.islower() for ch in sentence) or sentence.count('"') % 2:
        return False
    depth = 0
    for ch in sentence:
        depth += (ch == "(") - (ch == ")")
        if depth < 0:
            return False
    return depth == 0


def wordnet_sentences(folder: Path) -> Iterator[tuple[str, str]]:
    for part in WORDNET_FILES:
        with (folder / f"data.{part}").open(encoding="latin-1") as lines:
            for line in lines:
                if line.startswith("  ") or " | " not in line:
                    continue  # licence header
                gloss = line.split(" | ", 1)[1]
                for example in re.findall(r'"([^"]+)"', gloss):
                    text = " ".join(example.split())
                    if not text:
                        continue
                    text = text[0].upper() + text[1:]
                    if text[-1] not in ".!?":
                        text += "."
                    yield f"wordnet-{part}", text


def austen_sentences(database: Path) -> Iterator[tuple[str, str]]:
    novels = read_lazyload(database)
    protect = re.compile(r"\b(" + "|".join(ABBREVIATIONS) + r")\.")
    for name in NOVELS:
        paragraph: list[str] = []
        for line in [*novels[name], ""]:
            if line.strip():
                paragraph.append(line.strip())
                continue
            text = " ".join(paragraph).replace("_", "")
            paragraph = []
            text = protect.sub(lambda m: m.group(1) + "\0", text)
            for sentence in SENTENCE_END.split(text):
                yield f"austen-{name}", sentence.replace("\0", ".").strip()


def select(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    kept = []
    for source, sentence in pairs:
        if sentence not in seen and is_plain(sentence):
            seen.add(sentence)
            kept.append((source, sentence))
    return kept


def fetch(debs: Path | None, work: Path) -> dict[str, Path]:
    """The verified .deb file of each package (downloaded into ``work`` unless given)."""
    files = {}
    for name, (version, digest) in PACKAGES.items():
        if debs is None:
            subprocess.run(["apt-get", "download", f"{name}={version}"], cwd=work, check=True)
            folder = work
        else:
            folder = debs
        (path,) = folder.glob(f"{name}_*.deb")
        actual = hashlib.sha256(path.read_bytes()).hexdigest()
        if actual != digest:
            raise SystemExit(f"{path.name}: sha256 {actual} differs from the pinned {digest}")
        files[name] = path
    return files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--debs", type=Path, help="folder holding the two .deb files (default: apt-get download)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        for path in fetch(args.debs, work).values():
            subprocess.run(["dpkg-deb", "-x", str(path), str(work / "root")], check=True)
        root = work / "root"
        kept = select(
            [
                *wordnet_sentences(root / "usr/share/wordnet"),
                *austen_sentences(root / "usr/lib/R/site-library/janeaustenr/data/Rdata"),
            ]
        )
        notices = {
            "LICENSE.wordnet": root / "usr/share/doc/wordnet-base/copyright",
            "LICENSE.janeaustenr": root / "usr/share/doc/r-cran-janeaustenr/copyright",
        }
        OUT_DIR.mkdir(parents=True, exist_ok=True)
        for name, source in notices.items():
            (OUT_DIR / name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    lines = "".join(f"{source}\t{sentence}\n" for source, sentence in kept)
    wordnet = sum(source.startswith("wordnet") for source, _ in kept)
    target = OUT_DIR / "sentences.tsv.gz"
    with target.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as out:
        out.write(lines.encode("ascii"))
    print(f"wordnet: {wordnet} sentences, austen: {len(kept) - wordnet} sentences -> {target.relative_to(ROOT)}")
    print(f"sha256 {hashlib.sha256(target.read_bytes()).hexdigest()}")


if __name__ == "__main__":
    main()
