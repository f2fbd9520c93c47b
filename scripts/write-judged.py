"""Writes Tests/Fixtures/corpus/judged-*.json from a --sample-out file of scripts/bench-quality.py and a JSON of
hand verdicts {index: [keyRight, naturalKorean, goodDistractors|null, usableAsIs, why]}, with the usable share per level.
Usage: write-judged.py SAMPLE VERDICTS OUT BINARY NOTE"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "EndToEnd"))
import corpus_quality as cq  # noqa: E402

sample_path, verdicts_path, out_path, commit, note = sys.argv[1:6]
sample = json.load(open(sample_path))
verdicts = {int(k): v for k, v in json.load(open(verdicts_path)).items()}


def automatic(q, cache={}, judge=[]):
    """The bench's checks on the question as judged (its card taken as the prompt), with the labels."""
    if not judge:
        judge.append(cq.TermJudge())
    doc = next(d for d in cq.documents() if d["name"] == q["document"])
    if doc["name"] not in cache:
        source = cq.source_text(doc)
        cache[doc["name"]] = (source, cq.aliases(source), cq.GlueFinder(source), cq.Labels(doc, source))
    source, alias_map, glue, labels = cache[doc["name"]]
    options = q["options"] or []
    q = dict(q, card=q["prompt"], answerIndex=options.index(q["answer"]) if q["answer"] in options else None)
    return [f"{kind}: {detail}" for kind, detail in cq.check_question(q, judge[0], source, alias_map, glue, labels)]

rows = []
for i, v in sorted(verdicts.items()):
    q = sample[i]
    key, natural, distractors, usable, why = v
    rows.append({"document": q["document"], "level": {"easy": "하", "medium": "중", "hard": "상"}[q["level"]], "kind": q["kind"],
                 "prompt": q["prompt"], "options": q["options"], "answer": q["answer"],
                 "keyRight": key, "naturalKorean": natural, "goodDistractors": distractors, "usableAsIs": usable, "why": why,
                 "automaticChecks": automatic(q)})
summary = {}
for level in ("하", "중", "상", "all"):
    r = [x for x in rows if level == "all" or x["level"] == level]
    ch = [x for x in r if x["kind"] == "choice"]
    summary[level] = {"questions": len(r), "keyRight": sum(x["keyRight"] for x in r), "naturalKorean": sum(x["naturalKorean"] for x in r),
                      "goodDistractors": f"{sum(bool(x['goodDistractors']) for x in ch)}/{len(ch)} choice",
                      "usableAsIs": sum(x["usableAsIs"] for x in r),
                      "usableShare": round(100 * sum(x["usableAsIs"] for x in r) / len(r)) if r else None,
                      "automaticAgrees": sum((not x["automaticChecks"]) == x["usableAsIs"] for x in r)}
doc = {"judgedBy": "hand, as a teacher would (the corpus helper of issue 13)", "binary": commit, "note": note,
       "criteria": "keyRight: the marked answer is right for the prompt; naturalKorean: the prompt and options read as natural Korean (English text copied from the source counts as natural when it is whole); goodDistractors: (choice only) the three wrong options are of the answer's kind and plausible; usableAsIs: a teacher would hand it out unchanged",
       "summary": summary, "questions": rows}
json.dump(doc, open(out_path, "w"), ensure_ascii=False, indent=1)
open(out_path, "a").write("\n")
print(json.dumps(summary, ensure_ascii=False))
