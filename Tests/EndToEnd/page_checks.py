"""Checks a page as a phone reader sees it: nothing wider than the screen, no label broken inside a
word or stacked one syllable per line, and axe-core's accessibility rules (0 critical, 0 serious).

axe-core is not on npm here; the PyPI package `axe-playwright-python` ships axe.min.js, which is all
we use of it (installed without its Playwright dependency by scripts/deps.sh). The script is read
from the installed package without importing it."""
import base64
import importlib.util
import io
import os
from functools import lru_cache
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"

# Problems of the layout, as a list of strings (empty: the page fits). A word is broken when one
# whitespace-free run of a short label (a button, a step name, "136/143") lays out on more than one
# line; "stacked" is a text of two or more characters with at most one character per line. Text
# inside a horizontal scroller (overflow-x auto/scroll) may be wider than the screen: the scroller is
# what must fit. Hidden and visually-hidden (clipped, 1 px) elements are skipped, and so is the inside of a closed
# <details>.
LAYOUT_SCRIPT = r"""
const viewport = document.documentElement.clientWidth;
const LABELS = 'button, a, label, th, h1, h2, h3, h4, legend, summary, .tag, .chip, .step, .segment, .button, dt';
const problems = [];
const scroller = document.scrollingElement;
if (scroller.scrollWidth > scroller.clientWidth)
  problems.push(`the page scrolls sideways: scrollWidth ${scroller.scrollWidth} > clientWidth ${scroller.clientWidth}`);
const describe = (el) => {
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  if (el.classList.length) s += '.' + [...el.classList].join('.');
  return s;
};
const shown = (el) => {
  if (!el.getClientRects().length) return false;
  const closed = el.closest('details:not([open])');
  if (closed && !el.closest('summary')) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.clipPath === 'none' && style.clip === 'auto';
};
const insideScroller = (el) => {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const o = getComputedStyle(p).overflowX;
    if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return true;
  }
  return false;
};
for (const el of document.body.querySelectorAll('*')) {
  if (!shown(el)) continue;
  const r = el.getBoundingClientRect();
  if (r.width <= 1 || r.height <= 1) continue;
  if (insideScroller(el)) continue;
  if (r.width > viewport + 0.5) problems.push(`${describe(el)} is ${Math.round(r.width)} px wide (screen ${viewport})`);
  else if (r.right > viewport + 0.5 && getComputedStyle(el).position !== 'fixed')
    problems.push(`${describe(el)} reaches ${Math.round(r.right)} px (screen ${viewport})`);
}
const lines = (range) => {
  const tops = new Set();
  for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top + rect.height / 2));
  // Rects of one line differ by a pixel or two (mixed fonts): count lines 4 px apart.
  return [...tops].sort((a, b) => a - b).filter((t, i, all) => i === 0 || t - all[i - 1] > 4).length;
};
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const text = node.data;
  const trimmed = text.replace(/\s+/g, '');
  if (trimmed.length < 2) continue;
  const el = node.parentElement;
  if (!el || !shown(el) || el.closest('script, style, textarea, pre, code, [data-wraps-anywhere]')) continue;
  const range = document.createRange();
  range.selectNodeContents(node);
  const count = lines(range);
  if (count < 2) continue;
  if (trimmed.length / count <= 1) {
    problems.push(`${describe(el)} "${text.trim().slice(0, 30)}" stacks ${trimmed.length} characters on ${count} lines`);
    continue;
  }
  // A label (a button, a link, a heading, a tag, a table's header, a step): no word of it may break.
  // Prose may break a long word at a hyphen or a bracket, as browsers do.
  if (trimmed.length > 40 || !el.closest(LABELS)) continue;
  const word = /\S+/g;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    if (m[0].length < 2) continue;
    const part = document.createRange();
    part.setStart(node, m.index);
    part.setEnd(node, m.index + m[0].length);
    if (lines(part) > 1) { problems.push(`${describe(el)} breaks "${m[0]}" inside the word`); break; }
  }
}
return problems;
"""


@lru_cache(maxsize=1)
def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("axe-core is missing: run scripts/deps.sh test (pip package axe-playwright-python)")
    return (Path(spec.submodule_search_locations[0]) / "axe.min.js").read_text()


def layout_problems(driver):
    return driver.execute_script(LAYOUT_SCRIPT)


def axe_violations(driver, impacts=("critical", "serious")):
    """axe-core's violations of the given impacts on the page as it is now, one line per node."""
    driver.set_script_timeout(60)
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(axe_source())
    results = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done(String(e)));")
    if isinstance(results, str):
        raise RuntimeError(f"axe-core failed: {results}")
    found = []
    for rule in results:
        if rule.get("impact") not in impacts:
            continue
        for node in rule["nodes"]:
            summary = (node.get("failureSummary") or "").replace("\n", " ")[:200]
            found.append(f"{rule['id']} ({rule['impact']}) {' '.join(map(str, node['target']))}: {summary}")
    return found


def save_screenshot(png, path):
    """The page's picture in 256 colours (Pillow, from scripts/deps.sh): a quarter of the bytes, which
    matters since the pictures are committed (screenshots/pages/), and the interface's few colours
    come through; a long gradient may band."""
    from PIL import Image
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE).save(path, optimize=True)


def set_viewport(driver, width, height):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def whole_page(driver):
    """The whole page as a PNG, at the window's width. The viewport is made as tall as the page for
    the picture (a capture beyond the viewport leaves the fixed tab bar where the window ended and
    a scrolled page's sticky header part-way down; no vertical scrollbar either, as on a phone),
    then put back and scrolled where it was: the test goes on from the same state."""
    width, height, scrolled = driver.execute_script("return [innerWidth, innerHeight, scrollY]")
    # No scrollbar in the picture, as on a phone (its overlay scrollbar takes no room): hidden
    # outright, since a page whose grid of covers grows 30 px when 15 px wider would keep one.
    driver.execute_script("document.documentElement.style.scrollbarWidth = 'none'")
    # The page may grow in the taller viewport: measure again, a pixel to spare for a fraction.
    tall = height
    for _ in range(3):
        full = driver.execute_script("return document.documentElement.scrollHeight")
        if full < tall:
            break
        tall = full + 1
        set_viewport(driver, width, tall)
    try:
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})
    finally:
        set_viewport(driver, width, height)
        driver.execute_script("document.documentElement.style.scrollbarWidth = ''; window.scrollTo(0, arguments[0])", scrolled)
    return base64.b64decode(shot["data"])


def check_page(driver, name):
    """Every problem of the page as it is now (layout and accessibility), each prefixed with `name`.
    With NOTIO_E2E_SCREENSHOTS=1 the page is also saved as screenshots/pages/<name>.png."""
    if os.environ.get("NOTIO_E2E_SCREENSHOTS"):
        folder = SCREENSHOTS / "pages"
        folder.mkdir(parents=True, exist_ok=True)
        width = driver.execute_script("return window.innerWidth")
        save_screenshot(whole_page(driver), folder / f"{name}-{width}.png")
    return [f"{name}: {p}" for p in layout_problems(driver) + axe_violations(driver)]


def check_widths(driver, name, wide=1280):
    """check_page as the window is now (a phone) and, with NOTIO_E2E_SCREENSHOTS=1, at `wide` px too,
    for the desktop screenshot of a state only one test reaches (mid-OCR, a finished timer). The
    window is put back to the phone's size afterwards."""
    problems = check_page(driver, name)
    if not os.environ.get("NOTIO_E2E_SCREENSHOTS"):
        return problems
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    set_viewport(driver, wide, 800)
    try:
        problems += check_page(driver, name)
    finally:
        set_viewport(driver, width, height)
    return problems
