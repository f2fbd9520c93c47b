#!/usr/bin/env python3
"""Builds the document-family corpus of the 노트 space: Korean lecture material of the kinds students
bring, none of it from the LibreOffice help the first corpus is made of, printed to PDF the way it
reaches a student. Labels in Tests/Fixtures/families/*.json; sources and licences in its README.md.

  slides   a deck printed to PDF, 16:9, one heading at the top of each page (GIMP's Korean help,
           GPL/GFDL: each slide is a help page's heading and its first sentences; a long page
           continues on a follow-on slide under the same heading)
  faq      a chapter of the Debian FAQ in Korean (SPI's permission notice: verbatim and modified
           copies under the same notice), numbered question headings, as saved
           from a browser
  law      the Constitution of the Republic of Korea (public domain; KoNLPy's kolaw corpus),
           제N장 / 제N절 / 제N조 ①, as printed from a statute database
  bill     bills of the National Assembly (public domain; KoNLPy's kobill corpus) with their hard
           line breaks and "- N -" page marks, as the Assembly's PDFs print them
  manual   a chapter of GIMP's Korean manual, as saved from a browser

Usage: make-families.py SOURCES OUT_DIR, where SOURCES holds `faq/` (debian-faq-ko unpacked),
`gimp/` (gimp-help-ko unpacked) and `konlpy/` (the konlpy wheel unpacked): see
scripts/fetch-test-pdfs.sh. Idempotent: a PDF already in OUT_DIR is not made again.
"""
import html
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "Tests" / "Fixtures" / "families"
GIMP = "gimp/usr/share/gimp/2.0/help/ko"
FAQ = "faq/usr/share/doc/debian/FAQ/ko"
KONLPY = "konlpy/konlpy/data/corpus"


def print_pdf(page: Path, out: Path, header_footer: bool = False):
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--lang=ko-KR", "--run-all-compositor-stages-before-draw", "--virtual-time-budget=2000",
               f"--print-to-pdf={out}"]
    if not header_footer:
        command.append("--no-pdf-header-footer")
    subprocess.run(command + [page.as_uri()], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def text_of(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", fragment))).strip()


def sentences(text: str):
    return [s.strip() for s in re.split(r"(?<=[.!?다])\s+(?=\S)", text) if len(s.strip()) > 8]


def help_page(sources: Path, name: str):
    """A GIMP help page's heading (its number dropped, as a slide would say it) and its body
    sentences and list items, in order."""
    page = (sources / GIMP / name).read_text(encoding="utf-8")
    heading = text_of(re.search(r"<h[1-3][^>]*>(.*?)</h[1-3]>", page, re.S).group(1))
    heading = re.sub(r"^[0-9.]+\s*", "", heading)
    body = page.split("</h1>", 1)[-1] if "</h1>" in page else page.split("</h2>", 1)[-1]
    body = re.sub(r"<div class=\"navfooter\".*", "", body, flags=re.S)
    points = []
    for kind, fragment in re.findall(r"<(p|li)\b[^>]*>(.*?)</\1>", body, re.S):
        text = text_of(fragment)
        if not text or len(text) < 6:
            continue
        if kind == "li":
            points.append(text)
        else:
            points.extend(sentences(text))
    return heading, points


SLIDE_CSS = """
@page { size: 254mm 142.9mm; margin: 0 }
body { margin: 0; font-family: 'NanumGothic', 'Noto Sans CJK KR', sans-serif; }
.slide { width: 254mm; height: 142.9mm; box-sizing: border-box; padding: 12mm 16mm;
         page-break-after: always; overflow: hidden; position: relative; }
.slide h2 { font-size: 26pt; margin: 0 0 7mm 0; color: #1d3557; border-bottom: 2px solid #457b9d; }
.slide li { font-size: 15pt; margin: 0 0 3mm 0; line-height: 1.35; }
.title { display: flex; flex-direction: column; justify-content: center; align-items: center; }
.title h1 { font-size: 36pt; color: #1d3557; margin: 0 0 6mm 0; }
.title p { font-size: 16pt; color: #555; }
.footer { position: absolute; bottom: 5mm; right: 10mm; font-size: 10pt; color: #888; }
"""


def slides(sources: Path, label: dict, out: Path):
    """A deck: the title slide, then each help page's heading with at most four points a slide, a
    long page going on under the same heading (as decks do)."""
    parts = [f"<div class='slide title'><h1>{html.escape(label['title'])}</h1>"
             f"<p>{html.escape(label['subtitle'])}</p></div>"]
    number = 1
    for name in label["pages"]:
        heading, points = help_page(sources, name)
        # A Korean deck: the help's sentences left in English are not put on slides.
        points = [p for p in points if len(re.findall("[가-힣]", p)) > 0.3 * len(p)][:8]
        for start in range(0, len(points), 4):
            number += 1
            items = "".join(f"<li>{html.escape(p)}</li>" for p in points[start:start + 4])
            parts.append(f"<div class='slide'><h2>{html.escape(heading)}</h2><ul>{items}</ul>"
                         f"<div class='footer'>{number}</div></div>")
    write_and_print(f"<style>{SLIDE_CSS}</style>" + "".join(parts), out)


def faq_chapter(sources: Path, label: dict, out: Path):
    page = sources / FAQ / label["page"]
    printed = Path(tempfile.gettempdir()) / "notio-families" / "faq" / page.name
    printed.parent.mkdir(parents=True, exist_ok=True)
    text = page.read_text(encoding="utf-8")
    # The navigation bars at the top and bottom are the browser page's, not the chapter's.
    text = re.sub(r"<div class=\"navheader\">.*?</div>", "", text, flags=re.S)
    text = re.sub(r"<div class=\"navfooter\">.*?</div>", "", text, flags=re.S)
    printed.write_text(text, encoding="utf-8")
    css = sources / FAQ / "debian.css"
    if css.exists() and not (printed.parent / "debian.css").exists():
        (printed.parent / "debian.css").symlink_to(css)
    print_pdf(printed, out, header_footer=True)


def manual_chapter(sources: Path, label: dict, out: Path):
    page = sources / GIMP / label["page"]
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"<div class=\"navheader\">.*?</div>", "", text, flags=re.S)
    text = re.sub(r"<div class=\"navfooter\">.*", "</body></html>", text, flags=re.S)
    printed = page.with_name(page.stem + ".print.html")
    printed.write_text(text, encoding="utf-8")
    print_pdf(printed, out, header_footer=True)


LAW_CSS = """
@page { size: A4; margin: 22mm 20mm }
body { font-family: 'UnBatang', 'NanumMyeongjo', serif; font-size: 11pt; line-height: 1.6; }
h1 { text-align: center; font-size: 18pt; }
h2 { text-align: center; font-size: 13pt; margin: 8mm 0 3mm 0; }
h3 { text-align: center; font-size: 12pt; margin: 5mm 0 2mm 0; }
p { margin: 0 0 1.5mm 0; text-indent: 0; }
p.clause { padding-left: 4mm; }
"""


def law(sources: Path, label: dict, out: Path):
    """The chapters `label['chapters']` names, with the statute's own title on top."""
    lines = (sources / KONLPY / "kolaw" / "constitution.txt").read_text(encoding="utf-8").splitlines()
    first, last = label["chapters"]
    parts, chapter = [f"<h1>{html.escape(lines[0].strip())}</h1>"], 0
    for line in lines[1:]:
        text = line.strip()
        if not text:
            continue
        m = re.match(r"제(\d+)장", text)
        if m:
            chapter = int(m.group(1))
        elif re.match(r"부칙", text):
            chapter = 99
        keep = first <= chapter <= last or (chapter == 99 and label.get("withSupplement"))
        if chapter == 0 and label.get("withPreamble"):
            keep = True
        if not keep:
            continue
        if m or text.startswith("부칙"):
            parts.append(f"<h2>{html.escape(text)}</h2>")
        elif re.match(r"제\d+절", text):
            parts.append(f"<h3>{html.escape(text)}</h3>")
        else:
            css = " class='clause'" if re.match(r"[②-⑳]", text) else ""
            parts.append(f"<p{css}>{html.escape(text)}</p>")
    write_and_print(f"<style>{LAW_CSS}</style>" + "".join(parts), out)


BILL_CSS = """
@page { size: A4; margin: 25mm 22mm 20mm 22mm;
        @bottom-center { content: "- " counter(page) " -"; font-size: 10pt; } }
body { font-family: 'UnBatang', 'NanumMyeongjo', serif; font-size: 12pt; }
pre { font-family: inherit; white-space: pre-wrap; line-height: 1.75; margin: 0; }
"""


def bill(sources: Path, label: dict, out: Path):
    """The bill's text file as the Assembly prints it: its own hard line breaks kept, a page mark
    "- N -" at the foot of each page."""
    text = (sources / KONLPY / "kobill" / label["source"]).read_text(encoding="utf-8")
    text = re.sub(r"\n\n+", "\n", text)
    write_and_print(f"<style>{BILL_CSS}</style><pre>{html.escape(text)}</pre>", out)


def write_and_print(body: str, out: Path):
    page = Path(tempfile.gettempdir()) / "notio-families" / (out.stem + ".html")
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(f"<!doctype html><html lang='ko'><head><meta charset='utf-8'></head><body>{body}</body></html>",
                    encoding="utf-8")
    print_pdf(page, out)


MAKERS = {"slides": slides, "faq": faq_chapter, "law": law, "bill": bill, "manual": manual_chapter}


def main():
    sources, out_dir = Path(sys.argv[1]), Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    for label_file in sorted(LABELS.glob("*.json")):
        label = json.loads(label_file.read_text(encoding="utf-8"))
        out = out_dir / label["file"]
        if out.exists():
            continue
        MAKERS[label["family"]](sources, label, out)
        print(f"made {out.name}")


if __name__ == "__main__":
    main()
