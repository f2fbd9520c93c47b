#!/usr/bin/env python3
"""A second, independent renderer of underlined book pages, photographed tilted or at an angle.

Usage: render_tilted_pages.py --out DIR [--seed N] [--count K] [--first I] [--text help|law]
                              [--variants flat,tilt+2,...]

notio-testpages draws its own corpus with pango and its own photo effects; a benchmark drawn by
one renderer only can end up tuned to it. This one shares nothing with it: Pillow's FreeType
drawing, other text (the LibreOffice help prose of Tests/NotioMediaTests/Fixtures), Latin words
and digits in DejaVu beside Hangul in Noto CJK (as books set them), wider pages with wider or
narrower margins, justified lines, its own strokes and its own perspective warp, blur, noise and
JPEG. It writes the same files as `notio-testpages generate` (NAME.jpg, NAME.strokes.json,
NAME.truth.json, underline-batch.txt), so `notio-worker underline-batch` and
scripts/score_underline.py read both.

Variants: flat (square to the page), tiltN (turned N degrees, positive clockwise: tilt+2, tilt-6,
any N up to 10), angled (photographed from one side: the near edge of the page longer than
the far one by 6-9%, so the lines converge, and turned up to 1.5 degrees), and the phone's:
angledN (one side N% shorter: angled12, angled20), curl (the lines bend and crowd towards the spine), light
(a lamp's gradient, a vignette and a hand's shadow band across the underlined words), paper
(yellowish paper, JPEG quality 70, a slight blur), at-once (each of these at once, turned 3-6
degrees).

--text law sets the Constitution of the Republic of Korea (public domain; KoNLPy's kolaw corpus,
Tests/NotioMediaTests/Fixtures/constitution.txt: numbers, middle dots, circled numbers) in a
Myeongjo, a Batang and a Gothic face (fonts-nanum, fonts-unfonts-core), Latin letters and digits in
the same face, and photographs it in PHONE_VARIANTS unless --variants says otherwise.
"""
import argparse
import json
import math
import os
import random
import re
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "Tests", "NotioMediaTests", "Fixtures")
TEXT = os.path.join(FIXTURES, "korean-help-print.txt")
LAW = os.path.join(FIXTURES, "constitution.txt")
NOTO = "/usr/share/fonts/opentype/noto/"
DEJAVU = "/usr/share/fonts/truetype/dejavu/"
# (Hangul face, index of the KR face in the collection, Latin face)
FACES = [
    (NOTO + "NotoSerifCJK-Regular.ttc", 1, DEJAVU + "DejaVuSerif.ttf"),
    (NOTO + "NotoSansCJK-Regular.ttc", 1, DEJAVU + "DejaVuSans.ttf"),
    (NOTO + "NotoSerifCJK-Bold.ttc", 1, DEJAVU + "DejaVuSerifCondensed.ttf"),
]
NANUM = "/usr/share/fonts/truetype/nanum/"
UNFONTS = "/usr/share/fonts/truetype/unfonts-core/"
# Faces nobody tuned the reading on: a Myeongjo, a Batang and a Gothic, each its own Latin face.
LAW_FACES = [
    (NANUM + "NanumMyeongjo.ttf", 0, None),
    (UNFONTS + "UnBatang.ttf", 0, None),
    (NANUM + "NanumGothic.ttf", 0, None),
]
VARIANTS = ["flat", "tilt+2", "tilt-2", "tilt+4", "tilt-4", "angled"]
PHONE_VARIANTS = ["flat", "tilt+3", "tilt-3", "tilt+6", "tilt-6", "angled12", "angled20", "curl", "light", "paper", "at-once"]


def known_variant(variant):
    if variant.startswith("tilt"):
        try:
            return abs(float(variant[4:])) <= 10
        except ValueError:
            return False
    if re.fullmatch(r"angled\d+", variant):
        return int(variant[6:]) <= 30
    return variant in VARIANTS + PHONE_VARIANTS


def paragraphs(text="help"):
    """The help's paragraphs, short ones joined until each is a few lines long, as in a book;
    or the Constitution's articles, each a paragraph (its numbered clauses run on in it)."""
    out, current = [], []
    if text == "law":
        with open(LAW, encoding="utf-8") as f:
            for line in f:
                words = line.split()
                if words and re.match(r"제\d+조", words[0]) and len(current) >= 20:
                    out.append(current)
                    current = []
                current += words
        return out + ([current] if current else [])
    with open(TEXT, encoding="utf-8") as f:
        for line in f:
            current += line.split()
            if len(current) >= 45:
                out.append(current)
                current = []
    return out


def runs(word, one_face=False):
    """Splits a word into runs set in the Latin face (ASCII) and in the Hangul face."""
    out = []
    for ch in word:
        latin = ord(ch) < 0x2000 and not one_face
        if out and out[-1][0] == latin:
            out[-1][1] += ch
        else:
            out.append([latin, ch])
    return out


class Page:
    """Lays out paragraphs in justified lines; keeps every word's ink box and line."""

    def __init__(self, rnd, faces=FACES):
        face, index, latin = rnd.choice(faces)
        self.size = rnd.randint(34, 44)
        self.hangul = ImageFont.truetype(face, self.size, index=index)
        # DejaVu looks bigger than Noto at one size; books match their x-heights. A face that
        # sets Latin letters itself (latin None) sets them as the book does.
        self.one_face = latin is None
        self.latin = self.hangul if self.one_face else ImageFont.truetype(latin, round(self.size * 0.9))
        self.margin_x = rnd.randint(70, 220)
        self.margin_top = rnd.randint(80, 200)
        self.text_width = rnd.randint(1500, 1800)
        self.leading = self.size * rnd.uniform(1.55, 1.8)
        self.paper = tuple(rnd.randint(236, 250) for _ in range(3))
        self.ink = rnd.randint(20, 50)
        self.face = os.path.basename(face)
        self.words = []  # dicts: text, line, paragraph, box [x0, y0, x1, y1]

    def width(self, word):
        return sum((self.latin if latin else self.hangul).getlength(text) for latin, text in runs(word, self.one_face))

    def layout(self, paras, max_lines):
        space = self.hangul.getlength(" ")
        line = 0
        for p, words in enumerate(paras):
            current = []
            for word in words + [None]:
                fits = word is not None and sum(self.width(w) for w in current + [word]) + space * len(current) <= self.text_width
                if word is not None and (fits or not current):
                    current.append(word)
                    continue
                last = word is None
                gap = space if last or len(current) < 2 else (self.text_width - sum(self.width(w) for w in current)) / (len(current) - 1)
                x = self.margin_x
                for w in current:
                    self.words.append({"text": w, "line": line, "paragraph": p, "x": x})
                    x += self.width(w) + gap
                line += 1
                if line >= max_lines:
                    return
                current = [word] if word is not None else []

    def render(self):
        lines = max(w["line"] for w in self.words) + 1
        height = int(self.margin_top * 2 + lines * self.leading)
        width = self.text_width + 2 * self.margin_x
        image = Image.new("RGB", (width, height), self.paper)
        draw = ImageDraw.Draw(image)
        ink = (self.ink,) * 3
        for w in self.words:
            baseline = self.margin_top + (w["line"] + 0.8) * self.leading
            x, box = w["x"], None
            for latin, text in runs(w["text"], self.one_face):
                font = self.latin if latin else self.hangul
                draw.text((x, baseline), text, font=font, fill=ink, anchor="ls")
                b = draw.textbbox((x, baseline), text, font=font, anchor="ls")
                box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
                x += font.getlength(text)
            w["box"] = list(box)
            w["baseline"] = baseline
        return image


def holds_latin(text):
    return any(c.isascii() and c.isalnum() for c in text)


def holds_number_or_mark(text):
    """Digits, a middle dot or a circled number: what legal prose prints between its words."""
    return any(c.isdigit() or c in "·ㆍ「」『』―" or 0x2460 <= ord(c) <= 0x2473 for c in text)


def choose_span(page, rnd, kind, latin, holds=holds_latin):
    """Consecutive words holding a Latin word or not (as `latin` asks, when the page allows
    within a few tries; `holds` says what counts): on one line, or across a line break inside a
    paragraph."""
    span = pick_span(page, rnd, kind)
    for _ in range(80):
        if any(holds(page.words[i]["text"]) for i in span) == latin:
            break
        span = pick_span(page, rnd, kind)
    return span


def pick_span(page, rnd, kind):
    by_line = {}
    for i, w in enumerate(page.words):
        by_line.setdefault(w["line"], []).append(i)
    lines = sorted(by_line)
    if kind == "straight":
        line = by_line[rnd.choice(lines)]
        start = rnd.randrange(len(line))
        end = min(len(line) - 1, start + rnd.randint(1, 5))
        return line[start:end + 1]
    breaks = [l for l in lines[:-1] if page.words[by_line[l][0]]["paragraph"] == page.words[by_line[l + 1][0]]["paragraph"]]
    l = rnd.choice(breaks or lines[:-1])
    first, second = by_line[l], by_line[l + 1]
    return first[-rnd.randint(1, min(3, len(first))):] + second[:rnd.randint(1, min(3, len(second)))]


def strokes_under(page, span, rnd, kind):
    """A finger's strokes a little under the baseline; hooked goes back to the next line in one go."""
    per_line = {}
    for i in span:
        per_line.setdefault(page.words[i]["line"], []).append(i)
    segments = []
    for line in sorted(per_line):
        words = [page.words[i] for i in per_line[line]]
        x0 = words[0]["box"][0] + rnd.uniform(-0.2, 0.3) * page.size
        x1 = words[-1]["box"][2] - rnd.uniform(-0.2, 0.3) * page.size
        y = words[0]["baseline"] + rnd.uniform(0.12, 0.35) * page.size
        tilt = math.tan(math.radians(rnd.uniform(-1, 1)))
        n = max(2, int((x1 - x0) / 8))
        segments.append([(x0 + (x1 - x0) * k / n, y + tilt * (x1 - x0) * k / n + rnd.gauss(0, 0.7)) for k in range(n + 1)])
    if kind == "hooked" and len(segments) == 2:
        return [segments[0] + segments[1]]
    return segments


def solve(a, b):
    """Gaussian elimination with partial pivoting (8 unknowns: no numpy needed)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def homography(src, dst):
    """Coefficients h of x' = (h0 x + h1 y + h2) / (h6 x + h7 y + 1), y' likewise with h3..h5."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.append(u)
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y]); b.append(v)
    return solve(a, b)


def apply(h, x, y):
    d = h[6] * x + h[7] * y + 1
    return (h[0] * x + h[1] * y + h[2]) / d, (h[3] * x + h[4] * y + h[5]) / d


def curl_map(w, h, rnd):
    """A page curling towards the spine (one side edge): in the last third of the width the lines
    bend down and crowd together, more the nearer the spine. Returns page -> curled-page maps for
    points (forward) and, per output column, the page column it came from (for the image)."""
    spine_right = rnd.random() < 0.5
    zone = rnd.uniform(0.25, 0.35) * w
    bend = rnd.uniform(0.03, 0.05) * h
    crowd = rnd.uniform(0.08, 0.12) * zone

    def depth(x):
        s = (x - (w - zone)) / zone if spine_right else (zone - x) / zone
        return max(0.0, min(1.0, s))

    def forward(x, y):
        d = depth(x)
        dx = -crowd * d * d if spine_right else crowd * d * d
        return x + dx, y + bend * d * d * (0.5 + 0.5 * y / h)

    return forward


def light_field(size, rnd, across):
    """Light as a phone in one hand gets it: a lamp's gradient, a vignette and a shadow band (a
    hand's or the phone's, light multiplied by 0.45 in it) whose edge crosses `across` (x, y)."""
    w, h = size
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    angle = rnd.uniform(0, 2 * math.pi)
    t = (xs * math.cos(angle) + ys * math.sin(angle))
    t = (t - t.min()) / max(1.0, float(t.max() - t.min()))
    field = 1.0 - rnd.uniform(0.25, 0.4) * t
    r2 = ((xs - w / 2) / (w / 2)) ** 2 + ((ys - h / 2) / (h / 2)) ** 2
    field *= 1.0 - rnd.uniform(0.2, 0.35) * r2 / 2
    # The band: a soft-edged strip turned up to 25 degrees from upright, its left edge at the
    # span's middle give or take a third of the band.
    tilt = math.radians(rnd.uniform(-25, 25))
    width = rnd.uniform(0.12, 0.2) * w
    cx, cy = across
    edge = cx + rnd.uniform(-0.3, 0.3) * width
    u = (xs - edge) * math.cos(tilt) + (ys - cy) * math.sin(tilt)
    soft = max(4.0, 0.01 * w)
    inside = 1 / (1 + np.exp(np.clip(-u / soft, -50, 50))) * (1 / (1 + np.exp(np.clip((u - width) / soft, -50, 50))))
    field *= 1.0 - 0.55 * inside
    return field


def sample(image, source_x, source_y, fill):
    """Bilinear sampling of `image` (H x W x 3 floats) at the given source coordinates."""
    h, w = image.shape[:2]
    x0 = np.floor(source_x).astype(np.int64); y0 = np.floor(source_y).astype(np.int64)
    fx = (source_x - x0)[..., None]; fy = (source_y - y0)[..., None]
    outside = (x0 < 0) | (y0 < 0) | (x0 >= w - 1) | (y0 >= h - 1)
    x0 = np.clip(x0, 0, w - 2); y0 = np.clip(y0, 0, h - 2)
    top = image[y0, x0] * (1 - fx) + image[y0, x0 + 1] * fx
    bottom = image[y0 + 1, x0] * (1 - fx) + image[y0 + 1, x0 + 1] * fx
    out = top * (1 - fy) + bottom * fy
    out[outside] = fill
    return out


def photograph(image, variant, rnd, span_centre=None):
    """The page as a phone sees it: returns the photo and the page-to-photo map."""
    w, h = image.size
    corners = [(0, 0), (w, 0), (w, h), (0, h)]
    moved = list(corners)
    angle = 0.0
    every = variant == "at-once"
    if variant.startswith("tilt"):
        angle = float(variant[4:])
    elif variant.startswith("angled") or every:
        if every:
            share = 0.12
        elif variant == "angled":
            share = rnd.uniform(0.06, 0.09)
        else:
            share = int(variant[6:]) / 100
        k = share * h / 2
        if rnd.random() < 0.5:  # the left edge is the far one
            moved = [(0, k), (w, 0), (w, h), (0, h - k)]
        else:
            moved = [(0, 0), (w, k), (w, h - k), (0, h)]
        angle = rnd.uniform(-1.5, 1.5)
    if every:
        angle = rnd.choice([-1, 1]) * rnd.uniform(3, 6)
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    cx, cy = w / 2, h / 2
    turned = [(cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c) for x, y in moved]
    left, top = min(x for x, _ in turned), min(y for _, y in turned)
    placed = [(x - left, y - top) for x, y in turned]
    size = (math.ceil(max(x for x, _ in placed)), math.ceil(max(y for _, y in placed)))
    forward = homography(corners, placed)
    # Pillow's PERSPECTIVE takes the map from the output back to the input.
    backward = homography(placed, corners)
    paper = image.getpixel((0, 0))
    curl = curl_map(w, h, rnd) if variant == "curl" or every else None
    if curl is None:
        photo = image.transform(size, Image.PERSPECTIVE, backward, Image.BICUBIC, fillcolor=paper)
        to_photo = lambda x, y: apply(forward, x, y)
    else:
        # The curl moves each column's points by the same shift along y and a shift along x
        # that depends on x alone: the curled page is drawn column by column from a table of
        # where each curled column came from.
        columns = np.arange(w, dtype=np.float64)
        curled_x = np.array([curl(x, 0)[0] for x in columns])
        flat = Image.new("RGB", (w, h), paper)
        source = np.asarray(image, dtype=np.float32)
        ys, xs = np.mgrid[0:h, 0:w].astype(np.float64)
        page_x = np.interp(xs, curled_x, columns)
        dy_top = np.array([curl(x, 0)[1] for x in columns])
        dy_bottom = np.array([curl(x, h)[1] - h for x in columns])
        # y_curled = y + a(x) + (b(x) - a(x)) * y / h, solved for y.
        a = np.interp(page_x, columns, dy_top); b = np.interp(page_x, columns, dy_bottom)
        page_y = (ys - a) / (1 + (b - a) / h)
        flat = Image.fromarray(np.clip(sample(source, page_x, page_y, paper), 0, 255).astype(np.uint8))
        photo = flat.transform(size, Image.PERSPECTIVE, backward, Image.BICUBIC, fillcolor=paper)
        to_photo = lambda x, y: apply(forward, *curl(x, y))
    if variant == "paper" or every:
        # Yellowish paper: blue taken out of the light, a little red and green kept.
        tint = np.array([rnd.uniform(0.97, 1.0), rnd.uniform(0.9, 0.95), rnd.uniform(0.7, 0.8)], dtype=np.float32)
        photo = Image.fromarray(np.clip(np.asarray(photo, dtype=np.float32) * tint, 0, 255).astype(np.uint8))
    if variant == "light" or every:
        centre = to_photo(*span_centre) if span_centre else (size[0] / 2, size[1] / 2)
        field = light_field(size, rnd, centre)
        photo = Image.fromarray(np.clip(np.asarray(photo, dtype=np.float32) * field[..., None], 0, 255).astype(np.uint8))
    blur = rnd.uniform(1.1, 1.4) if variant == "paper" or every else rnd.uniform(0.5, 0.9)
    photo = photo.filter(ImageFilter.GaussianBlur(blur))
    noise = Image.effect_noise(size, rnd.uniform(4, 8)).convert("RGB")
    photo = Image.blend(photo, noise, 0.06)
    return photo, to_photo


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=4)
    # Pages depend on the seed and their index only: a test can draw the one page it needs.
    parser.add_argument("--first", type=int, default=0, help="index of the first page")
    parser.add_argument("--text", choices=["help", "law"], default="help")
    parser.add_argument("--variants")
    args = parser.parse_args()
    law = args.text == "law"
    variants = (args.variants or ",".join(PHONE_VARIANTS if law else VARIANTS)).split(",")
    unknown = [v for v in variants if not known_variant(v)]
    if unknown:
        parser.error(f"unknown variant {unknown[0]}; known: {','.join(VARIANTS + PHONE_VARIANTS)}, tiltN")
    os.makedirs(args.out, exist_ok=True)
    paras = paragraphs(args.text)
    batch = []
    kinds = ["straight", "two-strokes", "hooked"]
    for index in range(args.first, args.first + args.count):
        # The help's pages keep the seeds' pages they always had; the law's are of their own.
        rnd = random.Random(f"{args.seed} page {index}" + (" law" if law else ""))
        page = Page(rnd, LAW_FACES if law else FACES)
        start = rnd.randrange(len(paras) - 4)
        page.layout(paras[start:start + 4], max_lines=rnd.randint(14, 18))
        image = page.render()
        kind = kinds[index % len(kinds)]
        # Two spans in three hold a Latin word, as in notio-testpages.
        # On the law's pages two in three hold a number or a mark.
        span = choose_span(page, rnd, kind, latin=index % 3 != 2, holds=holds_number_or_mark if law else holds_latin)
        strokes = strokes_under(page, span, rnd, kind)
        first = page.words[span[0]]["box"]
        for variant in variants:
            vrnd = random.Random(f"{args.seed} page {index} {variant}")
            photo, to_photo = photograph(image, variant, vrnd, span_centre=((first[0] + first[2]) / 2, (first[1] + first[3]) / 2))
            name = f"{'l' if law else 'q'}{index:03d}-{variant}"
            quality = 70 if variant in ("paper", "at-once") else vrnd.randint(82, 90)
            photo.save(os.path.join(args.out, name + ".jpg"), quality=quality)
            photo_strokes = [[dict(zip("xy", to_photo(x, y))) for x, y in stroke] for stroke in strokes]
            with open(os.path.join(args.out, name + ".strokes.json"), "w") as f:
                json.dump(photo_strokes, f)
            truth = {
                "image": name + ".jpg", "strokes": name + ".strokes.json", "variant": variant,
                "span": " ".join(page.words[i]["text"] for i in span), "spanWords": span, "strokeKind": kind,
                "font": page.face, "fontPx": page.size, "renderer": "pillow", "text": args.text, "seed": args.seed, "page": index,
                "imageWidth": photo.width, "imageHeight": photo.height,
                "pageStrokes": [[{"x": x, "y": y} for x, y in stroke] for stroke in strokes],
                "words": [{"text": w["text"], "line": w["line"], "box": w["box"]} for w in page.words],
            }
            with open(os.path.join(args.out, name + ".truth.json"), "w", encoding="utf-8") as f:
                json.dump(truth, f, ensure_ascii=False)
            out = os.path.abspath(args.out)
            batch.append(f"{out}/{name}.jpg\t{out}/{name}.strokes.json")
    with open(os.path.join(args.out, "underline-batch.txt"), "w") as f:
        f.write("\n".join(batch) + "\n")
    print(f"wrote {len(batch)} images to {args.out}")


if __name__ == "__main__":
    main()
