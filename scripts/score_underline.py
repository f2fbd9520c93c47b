#!/usr/bin/env python3
"""Scores `notio-worker underline-batch` answers against the truth files of `notio-testpages`.

Usage: score_underline.py SET_DIR RESULTS_JSONL CLI_TIMES_TSV [--batch-ms N] [--misses N]

SET_DIR holds NAME.truth.json files and underline-batch.txt (IMAGE<TAB>STROKES per line, the
worker's input); RESULTS_JSONL has one worker answer per line of that list, in the same order;
CLI_TIMES_TSV has IMAGE<TAB>ms for the tesseract CLI on the same images.

Definitions (per variant, summed over its images):
  Hangul CER = sum of Levenshtein(returned, span), both reduced to Hangul (syllables and jamo),
               divided by the number of Hangul characters in the spans.
  Latin CER  = the same over ASCII letters and digits.
  Spaces and punctuation do not count for CER; texts are NFC-normalised first.
  Exact span = the returned text equals the span after collapsing runs of whitespace.
"""
import argparse
import json
import os
import sys
import unicodedata

TARGETS = {"hangul_cer": 0.02, "exact": 0.95, "latin_cer": 0.05, "time_ratio": 0.70}
# Photos turned or taken from one side (issue 16): the same CER targets, 90% exact spans.
TILTED = ("tilt+2", "tilt-2", "tilt+4", "tilt-4", "angled")
TARGET_VARIANTS = ("clean", "mild") + TILTED
# Photos as phones take them, of the law's pages (render_tilted_pages.py --text law): 80% exact
# spans and 2% Hangul CER each, 3% for every effect at once.
PHONE = ("flat", "tilt+3", "tilt-3", "tilt+6", "tilt-6", "angled12", "angled20", "curl", "light", "paper", "at-once")


def exact_target(variant):
    if variant in PHONE and variant not in TARGET_VARIANTS:
        return 0.80
    return 0.90 if variant in TILTED else TARGETS["exact"]


def cer_target(variant):
    return 0.03 if variant == "at-once" else TARGETS["hangul_cer"]


def is_hangul(c):
    o = ord(c)
    return (0xAC00 <= o <= 0xD7A3 or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F
            or 0xA960 <= o <= 0xA97F or 0xD7B0 <= o <= 0xD7FF)


def is_latin(c):
    return c.isascii() and c.isalnum()


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def normalise(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


class Tally:
    def __init__(self):
        self.images = self.exact = self.failed = 0
        self.errors = {"hangul": 0, "latin": 0}
        self.chars = {"hangul": 0, "latin": 0}
        self.ms = []
        self.cli_ms = []

    def add(self, span, returned, ms, cli_ms, failed):
        span, returned = normalise(span), normalise(returned)
        self.images += 1
        self.failed += failed
        self.exact += span == returned
        for script, keep in (("hangul", is_hangul), ("latin", is_latin)):
            truth = [c for c in span if keep(c)]
            got = [c for c in returned if keep(c)]
            self.errors[script] += levenshtein(got, truth)
            self.chars[script] += len(truth)
        if ms is not None:
            self.ms.append(ms)
        if cli_ms is not None:
            self.cli_ms.append(cli_ms)

    def cer(self, script):
        return self.errors[script] / self.chars[script] if self.chars[script] else None

    def mean(self, values):
        return sum(values) / len(values) if values else None

    def median(self, values):
        ordered = sorted(values)
        return ordered[len(ordered) // 2] if ordered else None


def pct(value):
    return "n/a" if value is None else f"{value * 100:.1f}%"


def main(argv):
    parser = argparse.ArgumentParser(description="Scores underline answers against generated truth.")
    parser.add_argument("set_dir")
    parser.add_argument("results")
    parser.add_argument("cli_times")
    parser.add_argument("--batch-ms", type=float, help="wall time of the whole worker batch")
    parser.add_argument("--misses", type=int, default=0, help="list this many misses on the target variants")
    parser.add_argument("--summary", help="append each tilted variant's figures with their targets to this file, "
                        "a line each: figure, value, comparison, target, unit (tab-separated; make bench's summary)")
    parser.add_argument("--label", default="", help="names the page set in the summary lines")
    parser.add_argument("--phone", action="store_true", help="the targets of photos as phones take them (PHONE)")
    parser.add_argument("--rows", help="append a line per variant to this file for scripts/underline_table.py: label, "
                        "variant, exact spans, spans, Hangul CER, median ms (tab-separated)")
    parser.add_argument("--rows-label", default="", help="the label of those lines (the page set)")
    args = parser.parse_args(argv)
    set_dir, results_path, cli_path = args.set_dir, args.results, args.cli_times
    batch_ms, show_misses = args.batch_ms, args.misses

    with open(os.path.join(set_dir, "underline-batch.txt"), encoding="utf-8") as f:
        images = [line.split("\t")[0] for line in f if line.strip()]
    with open(results_path, encoding="utf-8") as f:
        answers = [line for line in f if line.strip()]
    cli_ms = {}
    with open(cli_path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                image, ms = line.rstrip("\n").split("\t")
                cli_ms[image] = float(ms)

    targeted = PHONE if args.phone else TARGET_VARIANTS
    tallies, misses, order, kinds = {}, [], [], {}
    for i, image in enumerate(images):
        name = os.path.basename(image).rsplit(".", 1)[0]
        with open(os.path.join(set_dir, name + ".truth.json"), encoding="utf-8") as f:
            truth = json.load(f)
        returned, ms, failed = "", None, True
        if i < len(answers):
            try:
                answer = json.loads(answers[i])
                if isinstance(answer.get("text"), str):
                    returned, ms, failed = answer["text"], answer.get("ms"), False
            except json.JSONDecodeError:
                pass
        variant = truth["variant"]
        if variant not in tallies:
            tallies[variant] = Tally()
            order.append(variant)
        for key in (variant, "all"):
            tallies.setdefault(key, Tally()).add(truth["span"], returned, ms, cli_ms.get(image), failed)
        kind = kinds.setdefault(truth["strokeKind"], [0, 0])
        kind[0] += normalise(returned) == normalise(truth["span"])
        kind[1] += 1
        if normalise(returned) != normalise(truth["span"]) and variant in targeted:
            misses.append((truth["image"], truth["strokeKind"], truth["span"], returned if not failed else "<no answer>"))

    header = (f"{'variant':<12} {'images':>6} {'Hangul CER':>11} {'Latin CER':>10} {'exact span':>12} {'ours ms':>8} "
              f"{'median':>7} {'CLI ms':>8} {'ratio':>6}  targets")
    print(header)
    met_all = True
    for variant in order + ["all"]:
        t = tallies[variant]
        ours, cli = t.mean(t.ms), t.mean(t.cli_ms)
        ratio = ours / cli if ours is not None and cli else None
        verdict = ""
        if variant in targeted:
            ok = (t.cer("hangul") is not None and t.cer("hangul") <= cer_target(variant)
                  and t.exact / t.images >= exact_target(variant)
                  and (t.cer("latin") is None or t.cer("latin") <= TARGETS["latin_cer"]))
            met_all &= ok
            verdict = "met" if ok else "NOT met"
        elif variant == "all":
            ok = ratio is not None and ratio <= TARGETS["time_ratio"]
            met_all &= ok
            verdict = "time met" if ok else "time NOT met"
        exact = f"{t.exact}/{t.images} {t.exact / t.images * 100:3.0f}%"
        print(f"{variant:<12} {t.images:>6} {pct(t.cer('hangul')):>11} {pct(t.cer('latin')):>10} {exact:>12} "
              f"{'n/a' if ours is None else f'{ours:.0f}':>8} {'n/a' if not t.ms else f'{t.median(t.ms):.0f}':>7} "
              f"{'n/a' if cli is None else f'{cli:.0f}':>8} "
              f"{'n/a' if ratio is None else f'{ratio:.2f}':>6}  {verdict}")
        if t.failed:
            print(f"{'':<12} {t.failed} image(s) without an answer from the worker (scored as empty text)")

    a = tallies["all"]
    print(f"spans: {a.chars['hangul']} Hangul and {a.chars['latin']} Latin characters in all; exact by stroke kind: "
          + ", ".join(f"{name} {hit}/{n}" for name, (hit, n) in kinds.items()))
    if batch_ms is not None and a.images:
        print(f"ours, whole batch wall time incl. engine start and image decoding: {batch_ms / a.images:.0f} ms per image")
    present = [v for v in targeted if v in tallies]
    if args.phone:
        print(f"targets on {', '.join(present)}: Hangul CER <= 2% (at-once 3%), exact span >= 80%; "
              f"time (all) <= {TARGETS['time_ratio']:.2f}x the CLI: {'all met' if met_all else 'NOT all met'}")
    else:
        print(f"targets on {', '.join(present)}: Hangul CER <= {TARGETS['hangul_cer']:.0%}, exact span >= "
              f"{TARGETS['exact']:.0%} ({exact_target(TILTED[0]):.0%} on the tilted ones), Latin CER <= "
              f"{TARGETS['latin_cer']:.0%}; time (all) <= {TARGETS['time_ratio']:.2f}x the CLI: {'all met' if met_all else 'NOT all met'}")
    if args.summary:
        with open(args.summary, "a", encoding="utf-8") as f:
            def line(figure, value, op, target, unit):
                f.write(f"{args.label}{figure}\t{value}\t{op}\t{target}\t{unit}\n")
            for variant in (v for v in (PHONE if args.phone else TILTED) if v in tallies):
                t = tallies[variant]
                for script, key in (("Hangul", "hangul"), ("Latin", "latin")):
                    if t.cer(key) is not None:
                        target = cer_target(variant) if key == "hangul" else TARGETS["latin_cer"]
                        line(f"{variant} {script} CER", f"{t.cer(key) * 100:.1f}", "<=", f"{target * 100:.0f}", "%")
                line(f"{variant} exact spans", f"{t.exact / t.images * 100:.0f}", ">=", f"{exact_target(variant) * 100:.0f}", "%")
            ours, cli = a.mean(a.ms), a.mean(a.cli_ms)
            line("time vs tesseract CLI", f"{ours / cli:.2f}" if ours is not None and cli else "n/a", "<=",
                 f"{TARGETS['time_ratio']:.2f}", "x")
    if args.rows:
        with open(args.rows, "a", encoding="utf-8") as f:
            for variant in order:
                t = tallies[variant]
                cer, median = t.cer("hangul"), t.median(t.ms)
                f.write(f"{args.rows_label}\t{variant}\t{t.exact}\t{t.images}\t{'' if cer is None else cer}\t"
                        f"{'' if median is None else median}\n")
    for image, kind, span, returned in misses[:show_misses]:
        print(f"  miss {image} ({kind}): span \"{span}\" -> \"{returned}\"")
    if len(misses) > show_misses > 0:
        print(f"  ... {len(misses) - show_misses} more misses on the target variants")


if __name__ == "__main__":
    main(sys.argv[1:])
