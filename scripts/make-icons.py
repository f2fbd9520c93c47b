#!/usr/bin/env python3
"""Draws the Notio logo — a page with one sentence underlined — as the PWA icons.

Writes Public/icons/logo.svg, icon-192.png, icon-512.png, icon-maskable-512.png,
Public/apple-touch-icon.png (180) and Public/favicon.ico. Run from the repository root:
    python3 scripts/make-icons.py
"""
from pathlib import Path

from PIL import Image, ImageDraw

PUBLIC = Path(__file__).resolve().parent.parent / "Public"
TOP, BOTTOM = (0x4F, 0x46, 0xE5), (0x6D, 0x28, 0xD9)   # indigo → violet
PAGE = (0xFF, 0xFF, 0xFF)
LINE = (0xC7, 0xD2, 0xFE)
INK = (0x43, 0x38, 0xCA)
UNDERLINE = (0xF5, 0x9E, 0x0B)

# Geometry on a 512 × 512 canvas: (x0, y0, x1, y1, colour, width) for each stroke.
PAGE_BOX = (136, 96, 376, 416, 32)
STROKES = [
    (180, 168, 332, 168, LINE, 22),
    (180, 228, 332, 228, INK, 22),
    (172, 266, 340, 266, UNDERLINE, 18),
    (180, 320, 312, 320, LINE, 22),
    (180, 368, 268, 368, LINE, 22),
]


def hex_(c):
    return "#%02x%02x%02x" % c


def draw(size, maskable=False, rounded=True):
    scale = 4                                  # draw large, then downsample: smooth edges
    n = size * scale
    img = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    # vertical gradient background
    bg = Image.new("RGBA", (n, n))
    px = ImageDraw.Draw(bg)
    for y in range(n):
        t = y / (n - 1)
        px.line([(0, y), (n, y)], fill=tuple(round(a + (b - a) * t) for a, b in zip(TOP, BOTTOM)) + (255,))
    mask = Image.new("L", (n, n), 0)
    radius = 0 if (maskable or not rounded) else round(112 / 512 * n)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, n - 1, n - 1], radius=radius, fill=255)
    img.paste(bg, (0, 0), mask)

    # Maskable icons keep their content inside the central safe zone (80 %).
    k = n / 512 * (0.78 if maskable else 1.0)
    off = (n - 512 * k) / 2
    p = lambda v: off + v * k
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1, r = PAGE_BOX
    d.rounded_rectangle([p(x0), p(y0), p(x1), p(y1)], radius=r * k, fill=PAGE)
    for sx, sy, ex, ey, colour, width in STROKES:
        w = width * k
        d.line([(p(sx), p(sy)), (p(ex), p(ey))], fill=colour, width=round(w))
        for cx, cy in ((p(sx), p(sy)), (p(ex), p(ey))):   # round caps
            d.ellipse([cx - w / 2, cy - w / 2, cx + w / 2, cy + w / 2], fill=colour)
    return img.resize((size, size), Image.LANCZOS)


def svg():
    x0, y0, x1, y1, r = PAGE_BOX
    lines = "\n".join(
        f'  <line x1="{sx}" y1="{sy}" x2="{ex}" y2="{ey}" stroke="{hex_(c)}" stroke-width="{w}" stroke-linecap="round"/>'
        for sx, sy, ex, ey, c, w in STROKES
    )
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <title>Notio</title>
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="{hex_(TOP)}"/><stop offset="1" stop-color="{hex_(BOTTOM)}"/>
  </linearGradient></defs>
  <rect width="512" height="512" rx="112" fill="url(#bg)"/>
  <rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="{r}" fill="{hex_(PAGE)}"/>
{lines}
</svg>
"""


def main():
    icons = PUBLIC / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    (icons / "logo.svg").write_text(svg())
    draw(192).save(icons / "icon-192.png", optimize=True)
    draw(512).save(icons / "icon-512.png", optimize=True)
    draw(512, maskable=True).save(icons / "icon-maskable-512.png", optimize=True)
    # iOS rounds the corners itself and shows transparency as black: a full square.
    draw(180, rounded=False).convert("RGB").save(PUBLIC / "apple-touch-icon.png", optimize=True)
    draw(256).save(PUBLIC / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])
    print("icons written to", icons)


if __name__ == "__main__":
    main()
