"""Real corpora for the ingestion figures: Debian's Python docs (English) and Chinese man pages.

Nobody on this project wrote either text, and both come from Debian packages by
name: `python3.11-doc` ships the reStructuredText sources of the Python manual,
`manpages-zh` the Simplified Chinese man pages. They are installed with apt-get
when missing (we run as root on these machines). Man pages are roff: they are
turned into plain text here by dropping requests and inline escapes, which is all
an embedding needs.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

EN_PACKAGE, ZH_PACKAGE = "python3.11-doc", "manpages-zh"
_EN_SOURCES = Path("/usr/share/doc/python3.11/html/_sources")
_ZH_PAGES = Path("/usr/share/man/zh_CN")


class CorpusUnavailable(RuntimeError):
    """A corpus package is missing and could not be installed."""


@dataclass(frozen=True)
class Source:
    """One corpus file: where it came from and its text."""

    name: str  # relative path, used as the file name in a subset
    text: str


def package_version(package: str) -> str | None:
    """The installed Debian version of `package`, or None."""
    done = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True)
    return done.stdout.strip() or None if done.returncode == 0 else None


def ensure_packages(*packages: str) -> dict[str, str]:
    """Install any missing package (apt-get, once) and return {package: version}."""
    missing = [p for p in packages if package_version(p) is None]
    if missing:
        if shutil.which("apt-get") is None:
            raise CorpusUnavailable(f"Debian packages {missing} are missing and apt-get is not available")
        env_free = {"DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"}
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
            done = subprocess.run(command, capture_output=True, text=True, env=env_free)
            if done.returncode != 0:
                raise CorpusUnavailable(f"{' '.join(command)} failed: {done.stderr.strip()[-500:]}")
    return {p: package_version(p) or "?" for p in packages}


def english_sources() -> list[Source]:
    """The Python manual's .rst sources, in path order."""
    files = sorted(_EN_SOURCES.rglob("*.txt"))
    if not files:
        raise CorpusUnavailable(f"no reStructuredText sources under {_EN_SOURCES} ({EN_PACKAGE} installed?)")
    return [Source(str(f.relative_to(_EN_SOURCES)), f.read_text(encoding="utf-8", errors="replace")) for f in files]


def chinese_sources() -> list[Source]:
    """The Simplified Chinese man pages as plain text, in path order (pages that only include another skipped)."""
    sources = []
    for page in sorted(_ZH_PAGES.rglob("*.gz")):
        text = roff_to_text(gzip.decompress(page.read_bytes()).decode("utf-8", errors="replace"))
        if len(re.findall(r"[\u4e00-\u9fff]", text)) >= 50:
            sources.append(Source(str(page.relative_to(_ZH_PAGES)).removesuffix(".gz") + ".txt", text))
    if not sources:
        raise CorpusUnavailable(f"no Chinese man pages under {_ZH_PAGES} ({ZH_PACKAGE} installed?)")
    return sources


def native_sources(lang: str) -> list[Source]:
    """The same corpus as files in their own format, for the readers a user's build applies:
    the Python manual as Sphinx publishes its sources (`_sources/*.rst.txt`, as shipped), the Chinese
    man pages as roff (`.1`, unzipped)."""
    if lang == "en":
        return english_sources()
    sources = []
    for page in sorted(_ZH_PAGES.rglob("*.gz")):
        roff = gzip.decompress(page.read_bytes()).decode("utf-8", errors="replace")
        if len(re.findall(r"[\u4e00-\u9fff]", roff_to_text(roff))) >= 50:
            sources.append(Source(str(page.relative_to(_ZH_PAGES)).removesuffix(".gz"), roff))
    if not sources:
        raise CorpusUnavailable(f"no Chinese man pages under {_ZH_PAGES} ({ZH_PACKAGE} installed?)")
    return sources


_BREAKS = {"PP", "LP", "P", "TP", "br", "sp", "HP", "RS", "RE"}
_FONT_MACROS = {"B", "I", "BR", "RB", "BI", "IB", "IR", "RI", "SM", "SB"}
_ESCAPES = [
    (re.compile(r"\\f(\(..|\[[^\]]*\]|.)"), ""),  # font changes
    (re.compile(r"\\\*(\(..|\[[^\]]*\]|.)"), ""),  # predefined strings
    (re.compile(r"\\\((em|en)"), "—"),
    (re.compile(r"\\\(..|\\\[[^\]]*\]"), ""),  # other special characters: rare, not worth a table
    (re.compile(r"\\-"), "-"),
    (re.compile(r"\\[&,/:|^0 ~%]"), ""),
    (re.compile(r"\\\"[^\n]*"), ""),  # trailing comments
    (re.compile(r"\\e"), r"\\"),  # a literal backslash: last, so no rule above eats it
]


def roff_to_text(source: str) -> str:
    """Plain text of a man page: headings and paragraphs kept, requests and escapes dropped."""
    lines: list[str] = []
    for raw in source.splitlines():
        if raw.startswith(('.\\"', "'\\\"")):
            continue
        if raw.startswith((".", "'")):
            request, _, args = raw[1:].strip().partition(" ")
            if request in ("SH", "SS"):
                lines.extend(["", args.strip().strip('"'), ""])
            elif request in _BREAKS or request == "IP":
                lines.append("")
                if request == "IP" and args.strip():
                    lines.append(args.strip().split('"')[1] if args.strip().startswith('"') else args.split()[0])
            elif request in _FONT_MACROS:
                lines.append(" ".join(part.strip('"') for part in re.findall(r'"[^"]*"|\S+', args)))
            continue  # .TH, .nf, .so and the rest carry no text worth embedding
        lines.append(raw)
    text = "\n".join(lines)
    for pattern, replacement in _ESCAPES:
        text = pattern.sub(replacement, text)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def write_subset(sources: list[Source], target_chars: int, folder: Path, skip: int = 0) -> tuple[int, int]:
    """Write every k-th source into `folder` until `target_chars` characters; returns (files, chars).

    Spreading the pick over the whole list keeps a subset representative of the corpus
    (the Python docs' library reference is not like its C API pages). `skip` shifts the pick.
    """
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    total = sum(len(s.text) for s in sources)
    step = max(1, int(total / max(target_chars, 1)))
    picked = [sources[i % len(sources)] for i in range(skip, skip + len(sources) * step, step)]
    files = chars = 0
    for source in dict.fromkeys(picked):
        if chars >= target_chars:
            break
        path = folder / source.name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source.text, encoding="utf-8")
        files, chars = files + 1, chars + len(source.text)
    return files, chars
