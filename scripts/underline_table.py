#!/usr/bin/env python3
"""Prints issue 28's table of underline photos: a row per variant, for each page set (a seed) its
spans read exactly, its mean Hangul CER and its median underline time.

Usage: underline_table.py ROWS_TSV

ROWS_TSV holds the lines `score_underline.py --rows` appends: label (the page set, e.g. "seed 1,
tuned on"), variant, exact spans, spans, Hangul CER (a fraction), median ms (empty when the
worker gave no time). Variants keep the order of their first appearance, sets the order of theirs.
"""
import sys


def main(path):
    sets, variants, cells = [], [], {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            label, variant, exact, spans, cer, ms = line.rstrip("\n").split("\t")
            if label not in sets:
                sets.append(label)
            if variant not in variants:
                variants.append(variant)
            cells[(label, variant)] = (int(exact), int(spans), float(cer) if cer else None, float(ms) if ms else None)
    header = "| photo | " + " | ".join(f"{s}: spans exact | mean CER | median ms" for s in sets) + " |"
    print(header)
    print("|---|" + "---|---|---|" * len(sets))
    for variant in variants:
        row = [variant]
        for label in sets:
            if (label, variant) not in cells:
                row += ["", "", ""]
                continue
            exact, spans, cer, ms = cells[(label, variant)]
            row += [f"{exact}/{spans}", "n/a" if cer is None else f"{cer * 100:.1f}%", "n/a" if ms is None else f"{ms:.0f}"]
        print("| " + " | ".join(row) + " |")
    print("mean CER: Hangul characters, as score_underline.py counts them; median ms: the worker's own time per photo "
          "(recognition and selection, after decoding)")


if __name__ == "__main__":
    main(sys.argv[1])
