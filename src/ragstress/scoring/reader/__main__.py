"""Train or measure the learned reader.

python -m ragstress.scoring.reader train [FILE ...] [--seed 7] [--out DIR]
    (no FILE: the training files listed in tests/data/reader/README.md, from a checkout)
python -m ragstress.scoring.reader measure LABELS.jsonl [--model DIR]
    (agreement of the reader alone with a labels file, per label: all lines and confident ones)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ragstress.scoring.reader.model import HEADS, bundled_model, load_model
from ragstress.scoring.reader.train import read_examples, reads, train

CHECKOUT = Path(__file__).resolve().parents[4]
TRAINING_DIR = CHECKOUT / "tests" / "data" / "reader"
TRAINING_FILES = (
    CHECKOUT / "tests" / "data" / "scoring_labels" / "responses.jsonl",
    TRAINING_DIR / "writer_a.jsonl",
    TRAINING_DIR / "writer_b.jsonl",
    TRAINING_DIR / "writer_c.jsonl",
    # Measured once as the holdout on 2026-11-26, then taken into training.
    TRAINING_DIR / "holdout_d.jsonl",
    # Measured once as the holdout on 2026-11-27, then taken into training.
    TRAINING_DIR / "holdout_e.jsonl",
    TRAINING_DIR / "writer_f.jsonl",
    TRAINING_DIR / "writer_g.jsonl",
    # Measured once as the holdout on 2026-11-27, then taken into training.
    TRAINING_DIR / "holdout_h.jsonl",
    # Measured once as the holdout on 2026-11-27 (docs/scoring.md), then taken into training.
    TRAINING_DIR / "holdout_i.jsonl",
    # Measured once as the holdout on 2026-12-05 (docs/scoring.md), then taken into training.
    TRAINING_DIR / "holdout_j.jsonl",
    # Measured once as the holdout on 2026-12-06 (docs/scoring.md), then taken into training.
    TRAINING_DIR / "holdout_k.jsonl",
    # Measured once as the holdout at the end of 2026-12-06 (docs/scoring.md), then taken into training.
    TRAINING_DIR / "holdout_l.jsonl",
    # Measured once as holdouts on 2026-12-06 (docs/scoring.md), development data of the rules since, then taken into
    # training later that day with four writers' files written for training.
    TRAINING_DIR / "holdout_m.jsonl",
    TRAINING_DIR / "holdout_n.jsonl",
    TRAINING_DIR / "holdout_o.jsonl",
    TRAINING_DIR / "writer_p.jsonl",
    TRAINING_DIR / "writer_q.jsonl",
    TRAINING_DIR / "writer_r.jsonl",
    TRAINING_DIR / "writer_s.jsonl",
    # Measured once as the holdout at the end of 2026-12-06 (docs/scoring.md), development data of the rules in the
    # seventh round, then taken into training with two writers' files of 2026-12-07, each measured once on arrival.
    TRAINING_DIR / "holdout_t.jsonl",
    TRAINING_DIR / "writer_v.jsonl",
    TRAINING_DIR / "writer_w.jsonl",
    # Measured once as the holdouts of the seventh and eighth rounds on 2026-12-07 (docs/scoring.md), development data
    # of the rules since, then taken into training in the ninth round with three writers' files of that day, each
    # measured once on arrival.
    TRAINING_DIR / "holdout_u.jsonl",
    TRAINING_DIR / "holdout_x.jsonl",
    TRAINING_DIR / "writer_y.jsonl",
    TRAINING_DIR / "writer_z.jsonl",
    TRAINING_DIR / "writer_aa.jsonl",
    # Measured once as the holdouts of the ninth, tenth and eleventh rounds on 2026-12-07 (docs/scoring.md),
    # holdout_ac and holdout_ae development data of the rules since, then taken into training in the twelfth round.
    TRAINING_DIR / "holdout_ab.jsonl",
    TRAINING_DIR / "holdout_ac.jsonl",
    TRAINING_DIR / "holdout_ae.jsonl",
    # Measured once as the holdout of the twelfth round on 2026-12-07 (docs/scoring.md), development data of the
    # rules since, then taken into training in the thirteenth round.
    TRAINING_DIR / "holdout_af.jsonl",
    # Measured once as the holdout of the thirteenth round on 2026-12-07 (docs/scoring.md), development data of the
    # rules since, then taken into training in the fourteenth round.
    TRAINING_DIR / "holdout_ag.jsonl",
)


def _measure(path: Path, model_dir: Path | None) -> str:
    model = load_model(model_dir) if model_dir else bundled_model()
    examples = read_examples(path)
    lines = ["| head | lines | agreement | confident share | agreement when confident |", "|---|---|---|---|---|"]
    for head in HEADS:
        rows = [e for e in examples if reads(head, e)]
        if not rows:
            continue
        views = [model.view(head.name, e.features()) for e in rows]
        right = np.array([v.holds == bool(e.labels[head.label]) for v, e in zip(views, rows)])
        sure = np.array([v.confident for v in views])
        when_sure = f"{right[sure].mean():.1%}" if sure.any() else "—"
        lines.append(f"| {head.name} | {len(rows)} | {right.mean():.1%} | {sure.mean():.1%} | {when_sure} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragstress.scoring.reader")
    sub = parser.add_subparsers(dest="command", required=True)
    fit = sub.add_parser("train", help="fit the reader on labelled response files")
    fit.add_argument("files", nargs="*", type=Path)
    fit.add_argument("--seed", type=int, default=7)
    fit.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    measure = sub.add_parser("measure", help="agreement of the reader alone with a labels file")
    measure.add_argument("labels", type=Path)
    measure.add_argument("--model", type=Path, default=None)
    args = parser.parse_args(argv)
    try:
        if args.command == "train":
            files = args.files or [f for f in TRAINING_FILES if f.exists()]
            model = train(files, seed=args.seed)
            model.save(args.out)
            for head, info in model.provenance["heads"].items():
                print(head, info)
        else:
            print(_measure(args.labels, args.model))
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
