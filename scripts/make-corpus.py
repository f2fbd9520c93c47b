#!/usr/bin/env python3
"""Builds the judged corpus of issue 13 from LibreOffice's Korean help (Debian's libreoffice-help-ko,
MPL-2.0) unpacked by scripts/fetch-test-pdfs.sh: each chosen help page printed to PDF by headless
Chromium as a student would save it, and one scanned copy (the printed pages rasterised, tilted,
greyed, noised and JPEG-compressed like a phone or office scanner, wrapped in an image-only PDF).

Usage: make-corpus.py HELP_ROOT OUT_DIR   (HELP_ROOT = …/usr/share/libreoffice/help)
Idempotent: a PDF already in OUT_DIR is not made again. The labels in Tests/Fixtures/corpus/*.json
name the help page each document comes from; the page content depends on nothing but that page
(the scan's tilt and noise come from a fixed seed), only Chromium's header line carries the date.
"""
import io
import os
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "Tests" / "Fixtures" / "corpus"


def printable_html(html: str) -> str:
    """A help page's HTML as it is printed: without the viewer's scripts and chrome, and with the
    menu paths Linux shows (the tests read the visible text of the same HTML)."""
    html = re.sub(r"<noscript>.*?</noscript>", "", html, flags=re.S)
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.S)
    html = re.sub(r"<header id=\"TopLeftHeader\">.*?</header>", "", html, flags=re.S)
    html = re.sub(r"<aside\b.*?</aside>", "", html, flags=re.S)
    html = re.sub(r"<div id=\"(SearchFrame|DonationFrame)\"></div>", "", html)
    # The viewer's script shows the variant of a menu path for the reader's system and leaves the
    # others hidden; print what it shows on Linux (the "default" variant; macOS and Windows stay hidden).
    return re.sub(r'<span hidden="true" (id="default)', r"<span \1", html)


def printable_page(help_root: Path, page: str) -> Path:
    """The help page without the help viewer's chrome (the module bar, the table of contents and the
    index the viewer's scripts fill in): what is left is the article, styled by the help's own CSS,
    as a student saving a lecture page with a reader view would keep it. Written beside the original
    so that its <base href> still finds the CSS and pictures."""
    source = help_root / "ko" / "text" / page
    html = printable_html(source.read_text(encoding="utf-8"))
    target = source.with_name(source.stem + ".print.html")
    target.write_text(html, encoding="utf-8")
    # Printed from a fixed place that looks like the help's web address, so that the URL in
    # Chromium's footer is the same on every machine whatever the checkout's path.
    site = Path(tempfile.gettempdir()) / "help.libreoffice.org" / "7.4"
    (site / "ko" / "text" / page).parent.mkdir(parents=True, exist_ok=True)
    for shared in ("default.css", "normalize.css", "prism.css", "media"):
        link = site / shared
        if not os.path.lexists(link):
            link.symlink_to(help_root / shared)
    printed = site / "ko" / "text" / page
    printed.write_text(html, encoding="utf-8")
    return printed


def print_pdf(html: Path, out: Path, header_footer: bool):
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--lang=ko-KR", "--run-all-compositor-stages-before-draw", "--virtual-time-budget=2000",
               f"--print-to-pdf={out}"]
    if not header_footer:
        command.append("--no-pdf-header-footer")
    subprocess.run(command + [html.as_uri()], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def scan(source: Path, out: Path, seed: int):
    """The pages as a phone or a flatbed would give them back: 150 dpi grey, tilted 0.5–1.5°,
    a little blur and sensor noise, JPEG at quality 55; no text layer."""
    from PIL import Image, ImageFilter
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", str(source), f"{tmp}/p"], check=True)
        pages = []
        for path in sorted(Path(tmp).glob("p-*.png")):
            page = Image.open(path).convert("L")
            angle = rng.choice((-1, 1)) * rng.uniform(0.5, 1.5)
            page = page.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=235)
            page = page.filter(ImageFilter.GaussianBlur(0.6))
            noise = Image.frombytes("L", page.size, rng.randbytes(page.size[0] * page.size[1]))
            page = Image.blend(page, noise, 0.10)
            # paper is never white under a phone's light
            page = page.point(lambda v: int(v * 0.92 + 8))
            buffer = io.BytesIO()
            page.save(buffer, "JPEG", quality=55)
            pages.append(Image.open(io.BytesIO(buffer.getvalue())))
        pages[0].save(out, "PDF", save_all=True, append_images=pages[1:], resolution=150.0)


def main():
    help_root, out_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)
    for label_file in sorted(LABELS.glob("*.json")):
        if label_file.name.startswith("judged"):
            continue
        label = json.loads(label_file.read_text(encoding="utf-8"))
        out = out_dir / label["file"]
        if out.exists():
            continue
        if "scanOf" in label:
            continue
        print_pdf(printable_page(help_root, label["helpPage"]), out, label.get("headerFooter", True))
        print("made", out)
    for label_file in sorted(LABELS.glob("*.json")):
        label = json.loads(label_file.read_text(encoding="utf-8"))
        out = out_dir / label.get("file", "")
        if "scanOf" in label and not out.exists():
            source = json.loads((LABELS / (label["scanOf"] + ".json")).read_text(encoding="utf-8"))
            scan(out_dir / source["file"], out, label["seed"])
            print("made", out)


if __name__ == "__main__":
    main()
