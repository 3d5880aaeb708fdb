"""Prompt files per language, with their identity (id, version, sha).

Each prompt is `src/ragstress/prompts/<lang>/<id>.md`: a small header, then the text.

    ---
    id: reask_json
    version: 1
    vars: error, schema
    ---
    The text, with {error} and {schema} placeholders.

Only the declared `{name}` placeholders are substituted, so JSON examples with
braces can sit in a prompt unescaped. The sha covers the whole file, so any edit
shows up in a test set's manifest.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

LANGS = ("en", "zh")
_HEADER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


class PromptError(LookupError):
    """A prompt is missing, malformed, or rendered with the wrong variables."""


@dataclass(frozen=True)
class Prompt:
    """One prompt file in one language."""

    id: str
    lang: str
    version: int
    vars: tuple[str, ...]
    text: str
    sha: str

    def render(self, **values: object) -> str:
        """Fill the declared placeholders; every declared variable must be given, and only those."""
        missing = set(self.vars) - values.keys()
        extra = values.keys() - set(self.vars)
        if missing or extra:
            raise PromptError(f"prompt {self.lang}/{self.id}: missing {sorted(missing)}, unexpected {sorted(extra)}")
        return _PLACEHOLDER.sub(lambda m: str(values[m[1]]) if m[1] in values else m[0], self.text)

    def identity(self) -> dict[str, object]:
        """What a manifest records about this prompt."""
        return {"id": self.id, "lang": self.lang, "version": self.version, "sha": self.sha}


@cache
def load_prompt(prompt_id: str, lang: str) -> Prompt:
    """Load `src/ragstress/prompts/<lang>/<prompt_id>.md`. Mixed-language material uses the `en` prompts."""
    lang = "en" if lang == "mixed" else lang
    if lang not in LANGS:
        raise PromptError(f"no prompts for language {lang!r}; available: {', '.join(LANGS)}")
    resource = resources.files(__package__).joinpath(lang, f"{prompt_id}.md")
    if not resource.is_file():
        raise PromptError(f"no prompt {prompt_id!r} in {lang}; available: {', '.join(prompt_ids(lang))}")
    raw = resource.read_bytes()
    text = raw.decode("utf-8")
    header = _HEADER.match(text)
    if header is None:
        raise PromptError(f"prompt {lang}/{prompt_id}.md has no '---' header")
    fields = dict(line.split(":", 1) for line in header[1].splitlines() if ":" in line)
    fields = {k.strip(): v.strip() for k, v in fields.items()}
    if fields.get("id") != prompt_id:
        raise PromptError(f"prompt {lang}/{prompt_id}.md declares id {fields.get('id')!r}")
    declared = tuple(v.strip() for v in fields.get("vars", "").split(",") if v.strip())
    return Prompt(
        id=prompt_id,
        lang=lang,
        version=int(fields.get("version", "1")),
        vars=declared,
        text=text[header.end() :].strip("\n"),
        sha=hashlib.sha256(raw).hexdigest(),
    )


def prompt_ids(lang: str = "en") -> list[str]:
    """All prompt ids available in a language."""
    folder = resources.files(__package__).joinpath(lang)
    return sorted(p.name.removesuffix(".md") for p in folder.iterdir() if p.name.endswith(".md"))
