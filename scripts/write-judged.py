"""Writes Tests/Fixtures/corpus/judged-*.json from a --sample-out file of scripts/bench-quality.py and a JSON of
hand verdicts {index: [keyRight, naturalKorean, goodDistractors|null, usableAsIs, why]}, with the usable share per level.
Usage: write-judged.py SAMPLE VERDICTS OUT BINARY NOTE"""
import json, sys, collections
sample_path, verdicts_path, out_path, commit, note = sys.argv[1:6]
sample = json.load(open(sample_path))
verdicts = {int(k): v for k, v in json.load(open(verdicts_path)).items()}
rows = []
for i, v in sorted(verdicts.items()):
    q = sample[i]
    key, natural, distractors, usable, why = v
    rows.append({"document": q["document"], "level": {"easy": "하", "medium": "중", "hard": "상"}[q["level"]], "kind": q["kind"],
                 "prompt": q["prompt"], "options": q["options"], "answer": q["answer"],
                 "keyRight": key, "naturalKorean": natural, "goodDistractors": distractors, "usableAsIs": usable, "why": why,
                 "automaticChecks": [p[0] + ": " + p[1] for p in q["automatic"]]})
summary = {}
for level in ("하", "중", "상", "all"):
    r = [x for x in rows if level == "all" or x["level"] == level]
    ch = [x for x in r if x["kind"] == "choice"]
    summary[level] = {"questions": len(r), "keyRight": sum(x["keyRight"] for x in r), "naturalKorean": sum(x["naturalKorean"] for x in r),
                      "goodDistractors": f"{sum(bool(x['goodDistractors']) for x in ch)}/{len(ch)} choice",
                      "usableAsIs": sum(x["usableAsIs"] for x in r),
                      "usableShare": round(100 * sum(x["usableAsIs"] for x in r) / len(r)) if r else None}
doc = {"judgedBy": "hand, as a teacher would (the corpus helper of issue 13)", "binary": commit, "note": note,
       "criteria": "keyRight: the marked answer is right for the prompt; naturalKorean: the prompt and options read as natural Korean (English text copied from the source counts as natural when it is whole); goodDistractors: (choice only) the three wrong options are of the answer's kind and plausible; usableAsIs: a teacher would hand it out unchanged",
       "summary": summary, "questions": rows}
json.dump(doc, open(out_path, "w"), ensure_ascii=False, indent=1)
open(out_path, "a").write("\n")
print(json.dumps(summary, ensure_ascii=False))
