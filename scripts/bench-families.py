#!/usr/bin/env python3
"""make bench, 노트 on the document families (Tests/Fixtures/families): for each PDF, what
`notio measure study` makes of it against its hand labels: whether the title is the document's
own, the share of labelled sections a concept card stands for (heading recall), how many concept
names are whole headings, keywords, and the questions each level gives for 30 asked; then the
figures per family, the held-out part apart.

Usage: bench-families.py NOTIO_BINARY FAMILIES_DIR [--part dev|heldout] [--json OUT] [--summary OUT] [--untagged]

--untagged reads the words with the particle lists instead of MeCab's tags, to compare.

The supply rule: a document of five pages or more gives 20 questions for 30 asked at every
level, a shorter one 5. The held-out documents are measured, never tuned on.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "Tests" / "Fixtures" / "families"


def compact(text):
    text = re.sub(r"^\s*(제\s*\d+\s*[장절관조]|\d+\s*장\.?|[\d.]+)\s*", "", text)
    return "".join(c for c in text.lower() if c.isalnum())


def matches(a, b):
    a, b = compact(a), compact(b)
    return bool(a) and bool(b) and (a == b or (min(len(a), len(b)) >= 2 and (a in b or b in a)))


def study(binary, pdf):
    extra = ["--untagged"] if "--untagged" in sys.argv else []
    out = subprocess.run([binary, "measure", "study", str(pdf)] + extra, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    binary, families = sys.argv[1], Path(sys.argv[2])
    part = sys.argv[sys.argv.index("--part") + 1] if "--part" in sys.argv else None
    rows = []
    for label_file in sorted(LABELS.glob("*.json")):
        label = json.loads(label_file.read_text(encoding="utf-8"))
        if part and label["part"] != part:
            continue
        report = study(binary, families / label["file"])
        note = report["note"]
        names = [c["name"] for c in note["concepts"]]
        headings = label["headings"]
        covered = [h for h in headings if any(matches(h, n) for n in names)]
        whole = [n for n in names if any(matches(h, n) for h in headings + [label["title"]])]
        titles = [label["title"]] + label.get("alsoTitles", [])
        supply = {level: len(qs) for level, qs in report["questions"].items()}
        rows.append({
            "document": label["file"], "family": label["family"], "part": label["part"], "pages": report["pages"],
            "titleOwn": any(matches(t, note["title"]) for t in titles),
            "headingRecall": len(covered) / len(headings) if headings else None,
            "wholeHeadings": len(whole) / len(names) if names else 0,
            "concepts": len(names), "keywords": len(note["keywords"]), "supply30": supply,
            "analyseMs": float(report["analyseMs"]), "extractMs": float(report["extractMs"]),
            "quizMs": {k: float(v) for k, v in report["quizMs"].items()},
        })
    print(f"{'document':32} {'part':7} pp title recall whole  kw  하/중/상 of 30")
    for r in rows:
        recall = "n/a" if r["headingRecall"] is None else f"{100 * r['headingRecall']:.0f}%"
        s = r["supply30"]
        print(f"{r['document']:32} {r['part']:7} {r['pages']:2} {'yes' if r['titleOwn'] else 'NO':5} {recall:>6} {100 * r['wholeHeadings']:4.0f}% {r['keywords']:3}  "
              f"{s.get('easy', 0)}/{s.get('medium', 0)}/{s.get('hard', 0)}")
    for p in ("dev", "heldout"):
        for family in sorted({r["family"] for r in rows}):
            group = [r for r in rows if r["family"] == family and r["part"] == p]
            if not group:
                continue
            recalls = [r["headingRecall"] for r in group if r["headingRecall"] is not None]
            print(f"{p:7} {family:7} documents {len(group)}  titles {sum(r['titleOwn'] for r in group)}/{len(group)}  "
                  f"recall {100 * sum(recalls) / max(1, len(recalls)):.0f}%  whole {100 * sum(r['wholeHeadings'] for r in group) / len(group):.0f}%  "
                  f"supply 하/중/상 {'/'.join(str(sum(r['supply30'].get(l, 0) for r in group)) for l in ('easy', 'medium', 'hard'))} of {30 * len(group)} each")
    # Figures for the bench summary, one "name|value|op|target|unit" line each (--summary FILE).
    if "--summary" in sys.argv:
        lines = []
        for p in ("dev", "heldout"):
            group = [r for r in rows if r["part"] == p]
            if not group:
                continue
            def supplied(r, level, asked):
                need = (10 if asked == 10 else 20) if r["pages"] >= 5 else 5
                return r["supply30"].get(level, 0) >= need
            rule = sum(all(supplied(r, l, 30) for l in ("easy", "medium", "hard")) for r in group)
            recalls = [r["headingRecall"] for r in group if r["headingRecall"] is not None]
            lines.append(f"노트 families ({p}): own titles|{100 * sum(r['titleOwn'] for r in group) / len(group):.0f}|>=|100|%")
            lines.append(f"노트 families ({p}): section recall|{100 * sum(recalls) / max(1, len(recalls)):.0f}|>=|70|%")
            lines.append(f"노트 families ({p}): supply rule, documents|{100 * rule / len(group):.0f}|>=|100|%")
            lines.append(f"노트 families ({p}): analysis vs extraction (max)|{max(r['analyseMs'] / max(r['extractMs'], 0.1) for r in group):.2f}|<=|1.00|x")
            lines.append(f"노트 families ({p}): quiz of 30 (max)|{max(max(r['quizMs'].values()) for r in group):.0f}|<=|300|ms")
        Path(sys.argv[sys.argv.index("--summary") + 1]).write_text("\n".join(lines) + "\n")
    if "--json" in sys.argv:
        Path(sys.argv[sys.argv.index("--json") + 1]).write_text(json.dumps(rows, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
