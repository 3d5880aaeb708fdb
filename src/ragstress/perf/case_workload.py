"""The corpus and seed file the cases section builds from: made up, deterministic, as large as asked.

Each document describes one made-up bridge in four paragraphs of encyclopaedic prose (about
1,700 characters, about three chunks) and states five facts a curated seed asks about: the
year it was completed, its length, its designer, the city it stands in and the day it opened.
Four documents in five give the fifth seed two facts (year and length), so integration has
two-part seeds. Years, lengths and cities repeat across documents as in a real corpus, so the
noise checks find chunks that hold another seed's answer, and names differ so fakes can be drawn.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

SEEDS_PER_DOCUMENT = 5
_SYLLABLES = "ar bel cor dan el fen gar hol in jor kel lan mor nev or pel quin ros sal tor ul ven wil yar zen".split()
_FIRST = "Anna Bruno Clara David Elena Felix Greta Hugo Irene Jonas Karin Lukas Marta Nils Olga Paul Rosa Sven".split()
_CITIES = [f"{a.capitalize()}{b}" for a in _SYLLABLES[:15] for b in ("ton", "burg", "field", "mouth")]
_MONTHS = "January February March April May June July August September October November December".split()
_FILLER = [
    "The approaches were rebuilt after a flood damaged the embankments on both sides of the river.",
    "Local newspapers followed the work closely and printed drawings of the design before it was finished.",
    "A toll was charged for the first decades, and the money paid off the loans taken out to build it.",
    "Engineers still visit it to study how the foundations were laid in the soft clay of the valley floor.",
    "The deck was repainted several times, and a footpath was added on the downstream side later on.",
    "Ferries that had crossed the river at this point for centuries stopped running soon after it opened.",
    "Its lamps were converted from gas to electricity when the town council modernised the streets.",
    "Heavy lorries were later banned from it, and a weight limit is posted at both ends of the crossing.",
    "Photographs from the opening years show horse carts and trams sharing the narrow roadway.",
    "During the war its piers were mined, but the charges were removed before anyone could fire them.",
    "A small museum in the former toll house tells the story of the people who built the crossing.",
    "Cracks found in one of the arches were repaired with steel bands and a new layer of concrete.",
    "Rowing clubs hold a race under its arches every summer, and crowds watch from the parapets.",
    "The original plans are kept in the city archive, together with the letters of the contractors.",
    "Birds nest in the gaps between the stones, and the council has left them undisturbed since then.",
    "A second bridge upstream now carries most of the through traffic, so this one is quieter today.",
]


def _name(rng: random.Random) -> str:
    return "".join(rng.sample(_SYLLABLES, 3)).capitalize()


def _document(number: int, rng: random.Random, used: set[str]) -> tuple[str, str, list[dict]]:
    """(file name, text, seed records) of document `number`."""
    title = _name(rng)
    while title in used:
        title = _name(rng)
    used.add(title)
    bridge = f"{title} Bridge"
    year = rng.randint(1820, 1990)
    length = rng.randint(60, 2400)
    designer = f"{rng.choice(_FIRST)} {_name(rng)}"
    city = rng.choice(_CITIES)
    day, month = rng.randint(1, 28), rng.choice(_MONTHS)
    opened = year + rng.randint(0, 2)
    filler = rng.sample(_FILLER, 12)
    text = "\n\n".join(
        [
            bridge,
            f"The {bridge} crosses the river at {city}, where the old ford once carried the market road. "
            f"It was designed by the engineer {designer}, who had worked on railway viaducts before. "
            f"Construction took several years and the {bridge} was completed in {year}. {filler[0]} {filler[1]} {filler[6]}",
            f"The main span rests on stone piers, and the whole structure is {length} metres long. "
            f"{filler[2]} {filler[3]} {filler[7]} About {rng.randint(2, 9)} thousand vehicles cross it on a working day.",
            f"The {bridge} was opened to traffic on {day} {month} {opened}, in a ceremony attended by the mayor. "
            f"{filler[4]} {filler[5]} {filler[8]}",
            f"{filler[9]} {filler[10]} {filler[11]}",
        ]
    )
    name = f"bridge_{number:05d}.txt"
    records = [
        {"question": f"In which year was the {bridge} completed?", "answers": [[str(year)]]},
        {"question": f"How long is the {bridge}?", "answers": [[f"{length} metres", str(length)]]},
        {"question": f"Who designed the {bridge}?", "answers": [[designer]]},
        {"question": f"In which city does the {bridge} stand?", "answers": [[city]]},
    ]
    if number % 5:
        records.append(
            {
                "question": f"When was the {bridge} completed and how long is it?",
                "answers": [[str(year)], [f"{length} metres", str(length)]],
            }
        )
    else:
        records.append(
            {"question": f"On which day was the {bridge} opened to traffic?", "answers": [[f"{day} {month} {opened}"]]}
        )
    for k, record in enumerate(records):
        record.update(id=f"b{number:05d}-{k}", doc_ids=[name], lang="en")
    return name, text, records


def write_workload(folder: Path, n_seeds: int, seed: int = 7) -> tuple[Path, Path]:
    """Write `n_seeds` curated seeds and the documents they come from under `folder`: (corpus dir, seed file)."""
    corpus, seeds = folder / "corpus", folder / "seeds.jsonl"
    corpus.mkdir(parents=True, exist_ok=True)
    rng, used = random.Random(seed), set()
    lines = []
    for number in range(-(-n_seeds // SEEDS_PER_DOCUMENT)):
        name, text, records = _document(number, rng, used)
        (corpus / name).write_text(text + "\n", encoding="utf-8")
        lines += [json.dumps(r, ensure_ascii=False) for r in records]
    seeds.write_text("\n".join(lines[:n_seeds]) + "\n", encoding="utf-8")
    return corpus, seeds
