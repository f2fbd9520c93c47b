"""노트 in a real browser: upload a real Korean PDF through the sheet, watch the stages live, open
the summary, a concept and the source text with find; cancel a scanned PDF in the middle of OCR.
Needs the PDFs of scripts/fetch-test-pdfs.sh (make test fetches them)."""
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from notio_e2e import click, exists, login, scanned_pdf, text_of, wait, wait_for, wait_for_path, wait_for_text
from page_checks import check_widths

ROOT = Path(__file__).resolve().parent.parent.parent
PDFS = ROOT / ".cache" / "pdfs"
KOTEX = PDFS / "kotex-doc.pdf"
ANALYSIS_SECONDS = 120

needs_pdfs = pytest.mark.skipif(not KOTEX.exists(), reason="run scripts/fetch-test-pdfs.sh first")


def open_upload_sheet(driver, server):
    driver.get(f"{server}/notes")
    click(driver, "#open-upload")
    return wait_for(driver, "#upload-sheet[open]")


def upload(driver, server, path, title=None, category=None):
    open_upload_sheet(driver, server)
    driver.find_element(By.ID, "upload-file").send_keys(str(path))
    wait_for_text(driver, "#upload-file-name", path.name)
    if category:
        driver.find_element(By.CSS_SELECTOR, f'#upload-category option[value="{category}"]').click()
    if title:
        driver.find_element(By.ID, "upload-note-title").send_keys(title)
    click(driver, "#upload-submit")
    wait(driver, 30).until(lambda d: d.current_url.endswith("/progress"), "never reached the progress page")


@needs_pdfs
def test_upload_watch_summary_concept_source(server, driver):
    login(driver, server)
    upload(driver, server, KOTEX, category="general")

    # Live stages: the stepper moves past 업로드 and the bar fills while the page stays put.
    wait_for(driver, "#job-progress")
    assert "업로드" in text_of(driver, ".job-steps")
    assert "텍스트 추출" in text_of(driver, ".job-steps") and "분석" in text_of(driver, ".job-steps")
    assert driver.find_element(By.ID, "job-message").get_attribute("aria-live") == "polite"
    seen = set()

    def progressed(d):
        # One script reads the URL and the stage together: the page may navigate between two
        # WebDriver calls, which would leave a stale element behind.
        url, stage = d.execute_script(
            "const b = document.getElementById('job-progress');"
            "return [location.href, b ? b.dataset.stage : null];")
        if "/progress" not in url:
            return True
        if stage:
            seen.add(stage)
        return False

    wait(driver, ANALYSIS_SECONDS).until(progressed, "the job never finished")
    assert seen & {"extract", "analyse", "save", "queued", "upload"}, seen

    # The summary page: title, 교양, concept cards and keywords.
    wait_for(driver, "#note-title")
    assert "교양" in text_of(driver, ".note-meta")
    cards = driver.find_elements(By.CSS_SELECTOR, ".concept-card h3 a")
    assert cards, "no concept cards"
    assert exists(driver, ".keyword-list .chip-keyword")
    first_name = cards[0].text

    # A concept: its name, a 요약, pages linking into the source viewer.
    click(driver, cards[0])
    wait_for(driver, "#concept-name")
    assert text_of(driver, "#concept-name") == first_name
    assert exists(driver, ".concept-section")
    if len(cards) > 1:
        assert exists(driver, ".concept-nav-next"), "the first concept has no next link"
    page_link = driver.find_elements(By.CSS_SELECTOR, ".page-links a")
    assert page_link, "the concept lists no pages"
    href = page_link[0].get_attribute("href")
    assert "/source#p-" in href
    click(driver, page_link[0])
    anchor = href.split("#")[1]
    wait_for(driver, f"#{anchor}")

    # Find in the text: a Korean word is marked and counted; Enter moves to the next match.
    find = wait_for(driver, "#find-input")
    find.send_keys("한글")
    wait_for(driver, ".source-text mark")
    wait(driver, 5).until(lambda d: text_of(d, "#find-count").startswith("1/"))
    total = int(text_of(driver, "#find-count").split("/")[1])
    assert total >= 2
    assert all("한글" == m.text for m in driver.find_elements(By.CSS_SELECTOR, ".source-text mark")[:5])
    find.send_keys(Keys.ENTER)
    wait(driver, 5).until(lambda d: text_of(d, "#find-count") == f"2/{total}")
    find.send_keys(Keys.SHIFT, Keys.ENTER)
    wait(driver, 5).until(lambda d: text_of(d, "#find-count") == f"1/{total}")
    find.clear()
    find.send_keys("없는낱말xyz")
    wait(driver, 5).until(lambda d: text_of(d, "#find-count") == "0/0")
    assert not exists(driver, ".source-text mark")

    # The note is in the list, and the search finds it by a 2-character Korean substring.
    driver.get(f"{server}/notes?q=한글")
    wait_for(driver, ".note-card")


@pytest.fixture
def scanned_lecture(tmp_path):
    """Ten real pages of lshort-ko rasterised into an image-only PDF (no text layer): OCR has to read them."""
    source = PDFS / "lshort-ko.pdf"
    if not source.exists():
        pytest.skip("run scripts/fetch-test-pdfs.sh first")
    return scanned_pdf(source, 20, 29, tmp_path)


def test_cancel_in_the_middle_of_ocr(server, driver, scanned_lecture):
    login(driver, server)
    upload(driver, server, scanned_lecture, title="스캔 취소 시험")
    wait_for(driver, '.step[data-stage="ocr"].is-current', timeout=60)
    wait(driver, 30).until(lambda d: "/10" in text_of(d, '.step[data-stage="ocr"] .step-detail'))
    # Mid-job on a 360 px phone: the stepper, "3/10", the bar and the message fit, no stage name
    # breaks, and axe finds nothing serious (test_phone_fit.py checks every other page).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": False})
    problems = check_widths(driver, "notes_progress_mid-job")
    assert not problems, "\n".join(problems)
    click(driver, "#job-cancel")
    wait_for_text(driver, "#job-message", "취소했어요", timeout=30)
    assert driver.find_element(By.ID, "job-back").is_displayed()
    assert not driver.find_element(By.ID, "job-cancel").is_displayed()
    driver.get(f"{server}/notes")
    wait_for(driver, "h1")
    assert "스캔 취소 시험" not in driver.find_element(By.CSS_SELECTOR, "main").text


def test_upload_sheet_refuses_a_file_that_is_not_a_pdf(server, driver, tmp_path):
    fake = tmp_path / "notes.pdf"
    fake.write_bytes(b"this is not a pdf at all" * 10)
    login(driver, server)
    open_upload_sheet(driver, server)
    driver.find_element(By.ID, "upload-file").send_keys(str(fake))
    click(driver, "#upload-submit")
    wait_for_text(driver, "#upload-error", "PDF 파일만")
    assert "/notes" == driver.current_url.split(server)[1].split("?")[0]


def test_guest_sees_no_upload_or_edit_controls(server, driver):
    driver.get(f"{server}/")
    click(driver, ".guest-form button")
    wait_for(driver, ".guest-banner")
    driver.get(f"{server}/notes")
    wait_for(driver, ".note-filters")
    assert not exists(driver, "#open-upload")
    assert not exists(driver, "#upload-sheet")


def test_filters_and_empty_state(server, driver):
    login(driver, server)
    driver.get(f"{server}/notes?q=절대없는제목qq")
    wait_for(driver, '[data-empty="no-results"]')
    click(driver, '[data-empty="no-results"] a')
    wait_for_path(driver, "/notes")
    chips = driver.find_elements(By.CSS_SELECTOR, ".chips .chip")
    assert [c.text.strip() for c in chips[:4]] == ["전체", "전공", "교양", "자격증"]
    click(driver, chips[3])
    wait(driver, 10).until(lambda d: "category=certificate" in d.current_url)
    assert "is-current" in driver.find_elements(By.CSS_SELECTOR, ".chips .chip")[3].get_attribute("class")


def test_one_title_from_upload_on(server, driver, tmp_path):
    """A browser-printed lecture whose metadata title is a file name: the progress page shows the
    file name, then the first heading; the note keeps that heading. Nothing else in between."""
    lecture = tmp_path / "os-scheduling.pdf"
    lecture.write_bytes((ROOT / "Tests/NotioAnalysisTests/Fixtures/layout/scheduling.pdf").read_bytes())
    login(driver, server)
    upload(driver, server, lecture)
    titles = set()

    def finished(d):
        url, title = d.execute_script(
            "const h = document.getElementById('job-note-title') || document.getElementById('note-title');"
            "return [location.href, h ? h.textContent.trim() : null];")
        if title:
            titles.add(title)
        return "/progress" not in url and title is not None and "job-note-title" not in d.page_source

    wait(driver, ANALYSIS_SECONDS).until(finished, "the job never finished")
    wait_for(driver, "#note-title")
    assert text_of(driver, "#note-title") == "3장. 프로세스 스케줄링"
    assert titles <= {"os-scheduling", "3장. 프로세스 스케줄링"}, titles
