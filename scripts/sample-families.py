"""Draws a sample of the 노트 families' questions for a reader to judge: every family document's
quizzes of 30 at each level (`notio measure study`), PER questions per level per document drawn with
a fixed seed, and each document's text as pdftotext lays it out, for the reader to check keys against.
Writes OUT/sample.json (one entry per question, with its document, family, part and level) and
OUT/text/NAME.txt. How the judgement is recorded: docs/quality.md.
Usage: sample-families.py BINARY FAMILIES_DIR OUT [--per 4] [--seed 20261207]"""
import argparse
import json
import random
import subprocess
from pathlib import Path

root = Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
parser.add_argument("binary")
parser.add_argument("families")
parser.add_argument("out")
parser.add_argument("--per", type=int, default=4)
parser.add_argument("--seed", type=int, default=20261207)
args = parser.parse_args()

out = Path(args.out)
(out / "text").mkdir(parents=True, exist_ok=True)
rnd = random.Random(args.seed)
sample = []
for label_path in sorted((root / "Tests/Fixtures/families").glob("*.json")):
    label = json.loads(label_path.read_text())
    pdf = Path(args.families) / label["file"]
    name = pdf.stem
    study = json.loads(subprocess.run([args.binary, "measure", "study", str(pdf)], check=True, capture_output=True, text=True).stdout)
    subprocess.run(["pdftotext", "-layout", str(pdf), str(out / "text" / f"{name}.txt")], check=True)
    for level in ("easy", "medium", "hard"):
        questions = study["questions"][level]
        for q in rnd.sample(questions, min(args.per, len(questions))):
            sample.append({"index": len(sample), "document": name, "family": label["family"], "part": label["part"], "level": level,
                           "kind": q["kind"], "prompt": q["prompt"], "options": q.get("options") or [], "answer": q["answer"],
                           "alternatives": q.get("alternatives") or [], "concept": q.get("conceptName"), "page": q.get("page")})
(out / "sample.json").write_text(json.dumps(sample, ensure_ascii=False, indent=1))
print(f"{len(sample)} questions from {len({s['document'] for s in sample})} documents in {out / 'sample.json'}")
