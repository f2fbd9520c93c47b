"""The dial timer and image cards in a real browser: start the timer on a book, reload and see the
countdown go on, stop it and find the session on the book and in the statistics; make a card of
a sentence and get its PNG; a finished timer shows its moment of completion once."""
import re
import time

from selenium.webdriver.common.by import By

from notio_e2e import click, exists, random_email, signup, text_of, wait, wait_for, wait_for_attribute, wait_for_text
from page_checks import check_widths, set_viewport
from test_quiz import fetch_json


def seconds_left(driver):
    m, s = text_of(driver, "#dial-time").split(":")
    return int(m) * 60 + int(s)


def make_book_with_sentence(driver, server, title):
    driver.get(f"{server}/books/new?manual=1")
    wait_for(driver, "#book-title").send_keys(title)
    click(driver, "#manual-book button[type=submit]")
    wait_for(driver, "#capture-sentence")
    click(driver, "#capture-sentence")
    wait_for(driver, "#sentence-text").send_keys("천천히 가도 괜찮다. 멈추지만 않는다면.")
    click(driver, "#save-sentence")
    wait_for(driver, "#book-sentences .sentence-card")
    return driver.current_url.split("?")[0]


def start_timer(driver, server, reader, book, minutes):
    """A new reader with a book and a sentence, and a timer of `minutes` running on the book; the book's URL."""
    signup(driver, server, reader, random_email(), "correct horse 1")
    book_url = make_book_with_sentence(driver, server, book)
    driver.get(f"{server}/timer")
    field = wait_for(driver, "#timer-minutes")
    field.clear()
    field.send_keys(str(minutes))
    click(driver, "#timer-start")
    wait_for_attribute(driver, "#timer", "data-state", "running")
    return book_url


def test_timer_survives_a_reload_and_records_the_session(server, driver):
    book_url = start_timer(driver, server, "타이머 테스터", "타이머로 읽는 책", 25)
    first = seconds_left(driver)
    assert 24 * 60 <= first <= 25 * 60
    time.sleep(2.2)
    driver.refresh()
    wait_for(driver, "#dial-time")
    wait(driver, 5).until(lambda d: seconds_left(d) < first, "the countdown did not go on after a reload")

    # The timer bar is on other pages while it runs.
    driver.get(f"{server}/reading")
    bar = wait_for(driver, "#timer-bar")
    assert "타이머로 읽는 책" in bar.text

    driver.get(f"{server}/timer")
    click(driver, "#timer-stop")
    wait_for_attribute(driver, "#timer", "data-state", "idle")
    assert "타이머로 읽는 책" in text_of(driver, "#session-list")

    driver.get(book_url)
    spent = text_of(driver, "#book-reading-time")
    assert re.match(r"^\d+초$", spent) and int(spent[:-1]) >= 2, spent
    driver.get(f"{server}/reading/stats?period=week")
    assert text_of(driver, "#period-total") == spent
    assert "타이머로 읽는 책" in text_of(driver, "#top-books")


def test_a_finished_timer_says_so_once(clock_server, driver):
    """Issue 14, point 6: after the time is up the next page shows the moment of completion (the
    minutes read, 문장 담기, 한 번 더) instead of "끝 0:00", and once seen the bar is gone. The
    shortest timer is a minute: the server's clock is moved past its end instead of waiting."""
    server, clock = clock_server
    book_url = start_timer(driver, server, "완독 테스터", "한 분 동안 읽은 책", 1)
    driver.get(book_url)
    assert fetch_json(driver, "/api/v1/timer").get("state") == "running"
    clock.forward(61)
    assert fetch_json(driver, "/api/v1/timer").get("state") == "finished"

    driver.get(f"{server}/reading")
    wait_for(driver, "#timer-bar.timer-bar-finished")
    assert text_of(driver, "#timer-bar-read") == "1분 읽었어요"
    capture = driver.find_element(By.CSS_SELECTOR, "#timer-bar a.timer-bar-capture")
    assert capture.text == "문장 담기" and capture.get_attribute("href").startswith(book_url)
    assert driver.find_element(By.ID, "timer-again").text == "한 번 더"
    # Fits 360 px (and 1280 px with screenshots on), 0 critical or serious axe-core findings.
    set_viewport(driver, 360, 740)
    assert check_widths(driver, "timer-finished") == []
    # Seen once: the page put the timer away (the session kept), so the next page has no bar.
    wait(driver, 10).until(lambda d: fetch_json(d, "/api/v1/timer").get("state") == "idle", "the finished timer was not put away")
    driver.get(f"{server}/reading")
    wait_for(driver, "main")
    assert not exists(driver, "#timer-bar")


def test_make_a_card_and_get_the_png(server, driver):
    signup(driver, server, "카드 테스터", random_email(), "correct horse 1")
    make_book_with_sentence(driver, server, "카드로 만들 책")
    click(driver, "#book-sentences .sentence-actions a[href$='/card']")
    wait_for(driver, "#card-preview")
    click(driver, 'label.segment:has(input[value="story"])')
    assert driver.find_element(By.ID, "card-preview").get_attribute("data-size") == "story"
    click(driver, 'label.swatch:has(input[value="night"])')
    click(driver, "#card-make")
    wait(driver, 60).until(lambda d: d.find_element(By.ID, "card-result").is_displayed(), "no card came back")
    link = driver.find_element(By.ID, "card-download")
    assert link.get_attribute("download") == "notio-card.png"
    # The card the reader sees and downloads is one decoded image of the story size (read from the
    # <img>, as a page may not fetch blob: URLs under connect-src 'self').
    assert link.get_attribute("href") == driver.find_element(By.ID, "card-image").get_attribute("src")
    size = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const img = document.getElementById('card-image');
        img.decode().then(() => done([img.naturalWidth, img.naturalHeight])).catch(e => done(String(e)));
    """)
    assert size == [1080, 1920], size
    # Where Web Share cannot take files (every desktop browser, any http:// address), the share
    # button is not offered: its hidden attribute wins over the button's display.
    can_share = driver.execute_script(
        "const f = new File([new Uint8Array(1)], 'c.png', {type: 'image/png'});"
        "return !!(navigator.canShare && navigator.canShare({files: [f]}));")
    assert driver.find_element(By.ID, "card-share").is_displayed() == can_share
    if not can_share:
        # The same place offers copying the image and the sentence instead, each with a toast.
        driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        click(driver, "#card-copy-text")
        wait_for_text(driver, "#toasts .toast", "복사했어요")
        copied = driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0](String(e)))")
        assert copied.startswith("천천히 가도 괜찮다. 멈추지만 않는다면.") and "카드로 만들 책" in copied, copied
        click(driver, "#card-copy-image")
        wait_for_text(driver, "#toasts .toast", "이미지를 복사했어요")
