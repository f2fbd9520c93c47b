"""밑줄 in a real browser: search the (fake) Aladin, add a book, open a page photo, draw an underline
with the mouse, get the recognised words in the form, save them with a page and an emotion, and
find the sentence on the book's page."""
import json
import subprocess
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from notio_e2e import click, random_email, signup, text_of, wait_for, wait

ROOT = Path(__file__).resolve().parent.parent.parent
OCR_SECONDS = 60


@pytest.fixture(scope="module")
def page_photo(tmp_path_factory):
    """A book page rendered by notio-testpages with its true span and strokes (seed 3, page 0:
    a straight underline under four words)."""
    out = tmp_path_factory.mktemp("pages")
    tool = ROOT / ".build" / "debug" / "notio-testpages"
    subprocess.run([str(tool), "generate", "--out", str(out), "--count", "1", "--variants", "clean", "--seed", "3"],
                   check=True, capture_output=True)
    truth = json.loads((out / "p000-clean.truth.json").read_text())
    strokes = json.loads((out / "p000-clean.strokes.json").read_text())
    return out / "p000-clean.png", truth, strokes


def draw(driver, canvas, stroke, image_width):
    """Drags the mouse along `stroke` (image pixels) on the canvas, as a finger would."""
    scale = canvas.size["width"] / image_width
    cx, cy = canvas.size["width"] / 2, canvas.size["height"] / 2
    points = [(p["x"] * scale - cx, p["y"] * scale - cy) for p in stroke[:: max(1, len(stroke) // 12)]] + \
             [(stroke[-1]["x"] * scale - cx, stroke[-1]["y"] * scale - cy)]
    chain = ActionChains(driver).move_to_element_with_offset(canvas, int(points[0][0]), int(points[0][1])).click_and_hold()
    last = points[0]
    for x, y in points[1:]:
        chain.move_by_offset(int(round(x - last[0])), int(round(y - last[1])))
        last = (last[0] + int(round(x - last[0])), last[1] + int(round(y - last[1])))
    chain.release().perform()


def test_search_add_capture_underline_and_keep(server, driver, page_photo):
    image, truth, strokes = page_photo
    signup(driver, server, "밑줄 테스터", random_email(), "correct horse 1")

    # Search the catalog and put the first result on the shelf.
    driver.get(f"{server}/books/new")
    field = wait_for(driver, "#catalog-q")
    field.send_keys("소년")
    click(driver, ".catalog-search button[type=submit]")
    wait_for(driver, "#catalog-results .catalog-item")
    title = text_of(driver, "#catalog-results .catalog-item .catalog-item-title")
    assert "알라딘" in text_of(driver, ".catalog-credit")
    click(driver, "#catalog-results .catalog-add button")
    wait_for(driver, "#book-title")
    assert text_of(driver, "#book-title") == title

    # Capture: a page photo, an underline drawn with the mouse, the words in the form.
    click(driver, "#capture-sentence")
    wait_for(driver, "#capture-pick")
    driver.find_element(By.ID, "capture-file").send_keys(str(image))
    canvas = wait_for(driver, "#capture-canvas")
    wait(driver, 10).until(lambda d: canvas.size["width"] > 100, "the photo never showed")
    draw(driver, canvas, strokes[0], truth["imageWidth"])
    wait(driver, OCR_SECONDS, poll_frequency=0.2).until(
        lambda d: d.find_element(By.ID, "sentence-text").get_attribute("value").strip(), "no words came back")
    text = driver.find_element(By.ID, "sentence-text").get_attribute("value")
    hangul = [w for w in truth["span"].split() if all("\uac00" <= ch <= "\ud7a3" for ch in w)]
    assert all(w in text for w in hangul), (text, truth["span"])
    assert driver.find_element(By.ID, "capture-undo").is_enabled()

    # Page and emotion, then save: the sentence is on the book's page.
    page = driver.find_element(By.ID, "sentence-page")
    page.clear()
    page.send_keys("42")
    click(driver, 'label.emotion-option:has(input[value="insight"])')
    click(driver, "#save-sentence")
    wait_for(driver, "#book-sentences .sentence-card")
    card = text_of(driver, "#book-sentences .sentence-card")
    assert hangul[-1] in card
    assert "42쪽" in card and "깨달음" in card
    assert text_of(driver, "#book-sentence-count") == "1"


def test_a_stroke_under_nothing_says_so(server, driver, page_photo):
    image, truth, _ = page_photo
    signup(driver, server, "밑줄 테스터", random_email(), "correct horse 1")
    driver.get(f"{server}/books/new?manual=1")
    wait_for(driver, "#book-title")
    driver.find_element(By.ID, "book-title").send_keys("손으로 넣은 책")
    click(driver, "#manual-book button[type=submit]")
    wait_for(driver, "#capture-sentence")
    click(driver, "#capture-sentence")
    wait_for(driver, "#capture-pick")
    driver.find_element(By.ID, "capture-file").send_keys(str(image))
    canvas = wait_for(driver, "#capture-canvas")
    wait(driver, 10).until(lambda d: canvas.size["width"] > 100)
    # Across the empty top margin.
    draw(driver, canvas, [{"x": 100, "y": 10}, {"x": 700, "y": 12}], truth["imageWidth"])
    wait(driver, OCR_SECONDS, poll_frequency=0.2).until(
        lambda d: d.find_element(By.ID, "capture-status").get_attribute("data-kind") == "empty", "no 'nothing found' message")
    assert driver.find_element(By.ID, "sentence-text").get_attribute("value") == ""
    assert text_of(driver, "#capture-status")
