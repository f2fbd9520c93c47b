#!/usr/bin/env python3
"""make bench, 노트 quality on the judged corpus (issue 13): uploads every corpus PDF through the API
to a running notio, then asks quizzes at each level and prints, per document and level, the checks
of Tests/EndToEnd/corpus_quality.py. Usage:

  bench-quality.py BASE_URL [--quizzes 3] [--count 10] [--json report.json] [--sample 20 --sample-out F]

--sample N also makes N questions per document at mixed levels (easy, medium, hard in turn) and
writes them, with their right answers and the automatic verdicts, to --sample-out for judging by hand.
"""
import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "EndToEnd"))
import corpus_quality as cq  # noqa: E402


def pct(part, whole):
    return f"{100 * part / whole:.0f}%" if whole else "n/a"


def per_thousand(count, chars):
    return f"{1000 * count / chars:.1f}" if chars else "n/a"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--quizzes", type=int, default=3)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--json")
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--sample-out")
    parser.add_argument("--only", help="comma-separated document names")
    args = parser.parse_args()

    judge = cq.TermJudge()
    client = cq.Client(args.base)
    client.sign_up()
    docs = [d for d in cq.documents() if not args.only or d["name"] in args.only.split(",")]
    missing = [d["file"] for d in docs if not (cq.CORPUS / d["file"]).exists()]
    if missing:
        sys.exit(f"corpus PDFs missing ({', '.join(missing)}): run scripts/fetch-test-pdfs.sh")

    report, samples = [], []
    totals = {level: {"questions": 0, "usable": 0, "leaks": 0, "junk": 0, "repeats": 0, "asked": 0, "short": 0, "closeness": 0.0, "choice": 0}
              for level, _ in cq.LEVELS}
    print(f"\n== 노트 quality on the judged corpus ({len(docs)} documents; {args.quizzes} × {args.count} questions per level)")
    for doc in docs:
        started = time.time()
        note_id, job_id = client.upload(cq.CORPUS / doc["file"])
        job = client.wait_job(job_id)
        seconds = time.time() - started
        note = client.note(note_id)
        source = cq.source_text(doc)
        glue = cq.GlueFinder(source)
        alias_map = cq.aliases(source)
        labels = cq.Labels(doc, source)
        names = [c["name"] for c in note.get("concepts", [])]
        precision, recall, missed, stray = cq.heading_match(doc["headings"], names)
        titles = [doc["title"], *doc.get("alsoTitles", [])]
        title_ok = any(cq.similar(t, note.get("title", "")) for t in titles)
        keywords = [k["term"] for k in note.get("keywords", [])]
        related = [r for k in note.get("keywords", []) for r in k.get("relatedTerms", [])]
        junk_keywords = [(k, judge.junk(k, source)) for k in keywords]
        junk_keywords = [(k, why) for k, why in junk_keywords if why]
        junk_related = [(r, judge.junk(r, source)) for r in dict.fromkeys(related)]
        junk_related = [(r, why) for r, why in junk_related if why]
        found_terms = [t for t in doc["keyTerms"] if any(cq.similar(t, k) for k in keywords + related + names)]
        cards_text = "\n".join([c["name"] + " " + (c.get("summary") or "") + " " + (c.get("definition") or "") + " "
                                + " ".join(c.get("keyPoints") or []) for c in note.get("concepts", [])])
        glued_source = glue.find(note["sourceText"])
        glued_cards = glue.find(cards_text)
        entry = {"document": doc["name"], "job": job["state"], "seconds": round(seconds, 1), "title": note.get("title"),
                 "titleOk": title_ok, "concepts": names, "headingPrecision": precision, "headingRecall": recall,
                 "missedHeadings": missed, "strayConcepts": stray, "keywords": keywords,
                 "junkKeywords": junk_keywords, "junkRelated": junk_related, "keyTermsFound": found_terms,
                 "gluedSource": glued_source, "gluedCards": glued_cards,
                 "sourceHangul": cq.hangul_count(note["sourceText"]), "cardsHangul": cq.hangul_count(cards_text),
                 "levels": {}}
        if job["state"] != "done":
            print(f"\n-- {doc['name']}: the analysis {job['state']}: {job.get('error')}")
        print(f"\n-- {doc['name']} ({doc['file']}; {job['state']} in {seconds:.0f} s): title “{note.get('title')}” "
              f"{'ok' if title_ok else 'WRONG (want “' + doc['title'] + '”)'}")
        print(f"   headings: {len(names)} concepts, precision {pct(precision * 100, 100)}, recall {pct(recall * 100, 100)}"
              + (f"; missed: {', '.join(missed[:4])}{'…' if len(missed) > 4 else ''}" if missed else "")
              + (f"; not headings: {', '.join(stray[:3])}{'…' if len(stray) > 3 else ''}" if stray else ""))
        print(f"   key terms found {len(found_terms)}/{len(doc['keyTerms'])}; junk keywords {len(junk_keywords)}/{len(keywords)}"
              + (f" ({', '.join(k for k, _ in junk_keywords[:5])})" if junk_keywords else "")
              + f"; junk related terms {len(junk_related)}/{len(set(related))}"
              + (f" ({', '.join(k for k, _ in junk_related[:5])})" if junk_related else ""))
        print(f"   glued pairs per 1,000 Hangul: source text {per_thousand(len(glued_source), entry['sourceHangul'])}"
              f" ({len(glued_source)}), cards {per_thousand(len(glued_cards), entry['cardsHangul'])}"
              + (f"; e.g. {', '.join(glued_source[:4])}" if glued_source else ""))
        print(f"   {'level':5s} {'made':>7s} {'leaks':>6s} {'junk opt':>8s} {'junk ans':>8s} {'repeats':>7s} {'glued/1k':>8s}"
              f" {'concept':>7s} {'passage':>7s} {'script':>6s} {'usable':>7s} {'short':>6s} {'closeness':>9s}")
        # Levels in turn (하, 중, 상, 하, …): a note supports a limited number of new questions, and
        # asking all of 하 first would leave 중 and 상 nothing to show.
        seen, by_level = set(), {level: {"questions": [], "made": 0, "asked": 0} for level, _ in cq.LEVELS}
        for _ in range(args.quizzes):
            for level, _ in cq.LEVELS:
                quiz = client.quiz(note_id, level, args.count)
                within = set()
                for q in quiz["questions"]:
                    key = cq.prompt_key(q)
                    q["problems"] = cq.check_question(q, judge, source, alias_map, glue, labels)
                    if key in within:
                        q["problems"].append(("repeat", "twice in one quiz"))
                    elif key in seen:
                        q["problems"].append(("repeat", "asked in an earlier quiz"))
                    within.add(key)
                    by_level[level]["questions"].append(q)
                seen |= within
                by_level[level]["made"] += len(quiz["questions"])
                by_level[level]["asked"] += args.count
        for level, label in cq.LEVELS:
            questions, made, asked = by_level[level]["questions"], by_level[level]["made"], by_level[level]["asked"]
            kinds = lambda k: [q for q in questions if any(p[0] == k for p in q["problems"])]  # noqa: E731
            text = " ".join(q["prompt"] + " " + " ".join(q.get("options") or []) for q in questions)
            glued = glue.find(text)
            usable = [q for q in questions if not q["problems"]]
            short, closeness = cq.difficulty(questions)
            row = {"short": short, "closeness": closeness, "asked": asked, "made": made, "leaks": len(kinds("leak")), "junkOptions": len(kinds("junk_option")),
                   "junkAnswers": len(kinds("junk_answer")), "repeats": len(kinds("repeat")),
                   "gluedPer1000": (1000 * len(glued) / cq.hangul_count(text)) if cq.hangul_count(text) else 0,
                   "concept": len(kinds("concept")), "passage": len(kinds("passage")), "script": len(kinds("options")),
                   "usable": len(usable), "questions": questions}
            entry["levels"][level] = row
            t = totals[level]
            t["questions"] += made; t["usable"] += len(usable); t["asked"] += asked
            t["short"] += sum(1 for q in questions if q["kind"] == "short")
            choice = [q for q in questions if q["kind"] == "choice"]
            t["closeness"] += closeness * len(choice); t["choice"] += len(choice)
            t["leaks"] += row["leaks"]; t["junk"] += row["junkOptions"] + row["junkAnswers"]; t["repeats"] += row["repeats"]
            print(f"   {label:5s} {made:>3d}/{asked:<3d} {row['leaks']:>6d} {row['junkOptions']:>8d} {row['junkAnswers']:>8d}"
                  f" {row['repeats']:>7d} {row['gluedPer1000']:>8.1f} {row['concept']:>7d} {row['passage']:>7d} {row['script']:>6d}"
                  f" {pct(len(usable), made):>7s} {pct(short * 100, 100):>6s} {closeness:>9.2f}")
        worst = [q for level, _ in cq.LEVELS for q in entry["levels"][level]["questions"] if q["problems"]][:3]
        for q in worst:
            print(f"   e.g. [{q['problems'][0][0]}] {q['prompt'].splitlines()[-1][:70]} → {q['answer'][:30]} "
                  f"({q['problems'][0][1][:70]})")
        report.append(entry)
        if args.sample:
            # The questions to judge by hand come from a fresh note of the same PDF: the quizzes
            # above have used up what this one supports. A quiz per level, the count split evenly.
            fresh, job_id = client.upload(cq.CORPUS / doc["file"])
            client.wait_job(job_id)
            levels = [cq.LEVELS[i % 3][0] for i in range(args.sample)]
            for level in [lv for lv, _ in cq.LEVELS]:
                quiz = client.quiz(fresh, level, levels.count(level))
                for q in quiz["questions"]:
                    q["problems"] = cq.check_question(q, judge, source, alias_map, glue, labels)
                    samples.append({"document": doc["name"], "level": level, "kind": q["kind"], "form": q.get("form"),
                                    "prompt": q["prompt"], "options": q.get("options"), "answer": q["answer"],
                                    "conceptName": q.get("conceptName"), "automatic": q["problems"]})

    print("\n-- all documents")
    for level, label in cq.LEVELS:
        t = totals[level]
        print(f"   {label}: {t['questions']}/{t['asked']} made, leaks {t['leaks']}, junk {t['junk']}, repeats {t['repeats']}, "
              f"usable by the automatic checks {pct(t['usable'], t['questions'])} (target ≥ 80%); "
              f"difficulty proxy: short answers {pct(t['short'], t['questions'])}, distractor closeness {t['closeness'] / max(t['choice'], 1):.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    if args.sample_out:
        Path(args.sample_out).write_text(json.dumps(samples, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
