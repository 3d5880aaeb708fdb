"""Running groff (else mandoc) on a man page so that the page can read nothing and run nothing.

groff's own safer mode (`-S`, the default) refuses `.sy`, `.pi`, `.pso`, `.open` and `.opena`, but
still lets a page read any file: `.so /proc/self/environ`, `.mso`, `.cf`, `.trf`, `.nx`, `.hpf`,
`.psbb`, and `\\V` interpolates the environment. So, on top of `-S`:
- the page may make only the requests `ragstress.corpora.roff_requests` allows (a list of what may
  run, so a request a new groff adds is refused before anyone lists it);
- a preamble, run after the macro package has loaded and before the page, removes every request
  that reads or writes a file or runs a command; a removed request cannot be brought back, whatever
  the page renames, aliases or builds from strings (a page's `.so` lines were already resolved inside
  the corpus folder by `ragstress.corpora.man_reader`; the macro packages a page loads with `.mso`
  are loaded, by bare name from groff's own macro directories, before the removal);
- groff runs in an empty temporary folder as its home and working directory, with no environment
  but PATH;
- it runs in a process group of its own, killed as a whole (groff, troff, grotty, tbl, preconv)
  when the time limit passes or the output outgrows the per-document limit.

Justification is turned off for good (`.ad` is redefined to set left adjustment, sentence space is
one space), so no run of spaces in the text is one groff made up to fill a line.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from ragstress.corpora.formats import FormatError
from ragstress.corpora.limits import over_limit
from ragstress.corpora.roff_requests import allowed_source

# Requests that read a file, write one, or run a command (groff 1.22-1.23). The page itself may make
# only the requests `roff_requests.ALLOWED` lists; removing these as well is the second wall.
_FILE_REQUESTS = (
    *("so", "soquiet", "mso", "msoquiet", "cf", "trf", "nx", "rd", "pso", "sy", "pi"),
    *("open", "opena", "close", "write", "writec", "writem", "hpf", "hpfa", "psbb"),
)
_LOCKDOWN = (
    ".rm " + " ".join(_FILE_REQUESTS),
    ".rn ad ragstress-ad",
    ".de ad",
    ".ragstress-ad l",
    "..",
    ".ad l",
    ".ss 12 0",
)
_PACKAGE_NAME = re.compile(r"[A-Za-z0-9][\w.+-]*")
_WIDTH = 5000  # columns: a paragraph stays on one line
_READ_STEP = 1 << 16


def render_roff(
    source: str, *, mdoc: bool, packages: tuple[str, ...], seconds: float, max_bytes: int | None
) -> str | None:
    """The page as groff (else mandoc) renders it, or None when neither is installed or both fail.

    `packages` are the macro files the page loads with `.mso` (bare names only). FormatError when
    rendering takes longer than `seconds` or its output passes `max_bytes`: a page that loops is
    skipped, not rendered again by another program.
    """
    source, _ = allowed_source(source)
    commands = []
    if shutil.which("groff"):
        preamble = [f".mso {name}" for name in packages if _PACKAGE_NAME.fullmatch(name)]
        preamble.extend(_LOCKDOWN)
        package = "doc" if mdoc else _man_package()
        groff = ["groff", "-S", "-Kutf-8", "-t", "-m", package, "-Tutf8", "-rHY=0", "-dAD=l", f"-rLL={_WIDTH}n"]
        commands.append((groff + ["-P-cbou"], "\n".join(preamble) + "\n" + source))
    if shutil.which("mandoc"):
        # mandoc refuses absolute and `..` paths in `.so` and has no request that runs a command.
        commands.append((["mandoc", "-T", "utf8", "-O", f"width={_WIDTH}"], source))
    for command, text in commands:
        output = run_contained(command, text.encode("utf-8"), seconds, max_bytes)
        if output is not None and output.strip():
            return re.sub(r".\x08", "", output.decode("utf-8", errors="replace"))
    return None


def run_contained(command: list[str], data: bytes, seconds: float, max_bytes: int | None) -> bytes | None:
    """`command`'s standard output for input `data`, or None when it fails to start or exits non-zero.

    Runs in an empty temporary folder with no environment but PATH, in a new session; the whole
    process group is killed on the way out, so no child outlives the call. FormatError when it
    runs past `seconds` or writes more than `max_bytes`.
    """
    with tempfile.TemporaryDirectory(prefix="ragstress-roff-") as scratch:
        page = Path(scratch) / "page"
        page.write_bytes(data)
        # PATH only to find the program's own helpers (troff, grotty, tbl, preconv): its folder first.
        program = shutil.which(command[0])
        path = os.pathsep.join(([str(Path(program).parent)] if program else []) + [os.defpath])
        env = {"PATH": path, "HOME": scratch, "LC_ALL": "C.UTF-8"}
        try:
            with page.open("rb") as stdin:
                process = subprocess.Popen(
                    command,
                    stdin=stdin,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    cwd=scratch,
                    env=env,
                    start_new_session=True,
                )
        except OSError:
            return None
        try:
            deadline = time.monotonic() + seconds
            output = _read_until(process, deadline, max_bytes, command[0], seconds)
            returncode = process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            raise _too_slow(command[0], seconds) from None
        finally:
            _kill_group(process)
    return output if returncode == 0 else None


def _read_until(process: subprocess.Popen, deadline: float, max_bytes: int | None, name: str, seconds: float) -> bytes:
    chunks, size = [], 0
    stdout = process.stdout
    assert stdout is not None
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _too_slow(name, seconds)
        ready, _, _ = select.select([stdout], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(stdout.fileno(), _READ_STEP)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
        if max_bytes is not None and size > max_bytes:
            raise over_limit(f"the page rendered by {name}", max_bytes)


def _too_slow(name: str, seconds: float) -> FormatError:
    return FormatError(f"{name} did not finish rendering within {seconds:g} s (a page that loops?); skipped")


def _kill_group(process: subprocess.Popen) -> None:
    """Kill the whole process group (the leader is not yet reaped, so its id still names the group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if process.stdout is not None:
        process.stdout.close()
    process.wait()


def _man_package() -> str:
    """The man macro package loaded whole: groff 1.22's `an-old` (its `an` loads it lazily, with the
    `.mso` the preamble removes), else `an`."""
    groff = shutil.which("groff")
    share = Path(groff).resolve().parent.parent / "share" / "groff" if groff else None
    if share is not None and any(share.glob("*/tmac/an-old.tmac")):
        return "an-old"
    return "an"
