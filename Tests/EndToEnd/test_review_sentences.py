"""Issue 14, points 8 and 9 in a real browser on a phone (360 px): a reader's saved sentences come
back in 오늘 복습 (answered blank by blank, the next review said, the 다음 button above the tab
bar); a guest of the demo tries a quiz on a demo note and nothing is stored. Neither touches the
demo account's own review queue, which other tests read."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from notio_e2e import click, csp_violations, exists, random_email, signup, text_of, wait, wait_for
from page_checks import check_widths

from test_quiz import fetch_json


def current_item(driver):
    return next(e for e in driver.find_elements(By.CSS_SELECTOR, ".review-item") if e.is_displayed())


def above_tab_bar(driver, element):
    """Whether the element is inside the viewport and above the phone's tab bar."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); const nav = document.querySelector('.app-nav');"
        "const top = nav && getComputedStyle(nav).position === 'fixed' ? nav.getBoundingClientRect().top : innerHeight;"
        "return r.top >= 0 && r.bottom <= top;", element)


READWISE = (
    "Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,Location Type,Location,Highlighted at\n"
    "우리는 모두 각자의 속도로 자라는 나무와 같아서 서두를 필요가 없다.,나무의 시간,김작가,,,,,page,37,2025-03-01 10:00:00\n"
    "바다는 언제나 같은 자리에서 새로운 파도를 보낸다.,나무의 시간,김작가,,,,,page,41,2025-03-02 10:00:00\n"
)


def import_readwise(driver, csv):
    """Imports a Readwise CSV with the page's session: sentences kept on the dates it gives."""
    return driver.execute_async_script(
        "const [csv, done] = arguments;"
        "fetch('/api/v1/me', {credentials: 'same-origin'}).then(r => r.json()).then(me => {"
        " const form = new FormData(); form.append('file', new Blob([csv], {type: 'text/csv'}), 'readwise.csv');"
        " return fetch('/api/v1/imports', {method: 'POST', credentials: 'same-origin', headers: {'X-CSRF-Token': me.csrfToken}, body: form});"
        "}).then(r => r.json()).then(done, e => done({error: String(e)}));", csv)


def test_sentence_review_on_a_phone(server):
    phone = make_driver(width=360, height=740)
    try:
        signup(phone, server, "문장 독자", random_email(), "correct horse 1")
        # Kept last year (a Readwise export keeps the dates): due today, blanked, with book and page.
        assert "error" not in import_readwise(phone, READWISE)
        queue = fetch_json(phone, "/api/v1/review")
        sentences = [i for i in queue["items"] if i["itemKind"] == "sentence"]
        assert len(sentences) == 2 == queue["due"]
        assert all("____" in i["sentence"]["cloze"] and i["sentence"]["blankCount"] in (1, 2) for i in sentences)
        assert fetch_json(phone, "/api/v1/stats/study")["reviewDue"] == 2

        phone.get(f"{server}/review")
        wait_for(phone, "#review-root.is-stepped")
        # Fits 360 px, 0 critical or serious axe-core findings.
        assert check_widths(phone, "review-sentence") == []
        item = current_item(phone)
        assert item.get_attribute("data-item-kind") == "sentence"
        sentence_id = item.get_attribute("data-item-id")
        wanted = next(i for i in sentences if i["sentence"]["id"] == sentence_id)["sentence"]
        assert item.find_element(By.CSS_SELECTOR, ".review-cloze").text == wanted["cloze"]
        assert "나무의 시간" in item.find_element(By.CSS_SELECTOR, ".question-meta").text
        assert item.find_element(By.CSS_SELECTOR, ".review-page").text == f'{wanted["page"]}쪽'
        blanks = item.find_elements(By.CSS_SELECTOR, 'input[name^="blank-"]')
        assert len(blanks) == wanted["blankCount"]
        for b in blanks:
            b.send_keys("모름")
        submit = item.find_element(By.CSS_SELECTOR, 'button[type="submit"]')
        click(phone, submit)
        nxt = WebDriverWait(phone, 10).until(lambda d: item.find_element(By.CSS_SELECTOR, ".review-next"))
        result = item.find_element(By.CSS_SELECTOR, ".review-result")
        assert "틀렸어요" in result.text and "빠진 말" in result.text
        assert result.find_element(By.CSS_SELECTOR, ".review-next-due").text == "다음 복습: 오늘 안에"
        # The whole sentence is shown back, and 다음 is where the thumb is: above the tab bar.
        assert "____" not in result.find_element(By.CSS_SELECTOR, ".review-whole").text
        assert above_tab_bar(phone, nxt)
        assert check_widths(phone, "review-sentence-answered") == []
        assert text_of(phone, "#review-due") == "1"
        click(phone, nxt)
        assert current_item(phone).get_attribute("data-item-id") != sentence_id
        # The answer was scheduled (again, within the day) and counts as a study day.
        after = fetch_json(phone, "/api/v1/review")
        assert [i["sentence"]["id"] for i in after["items"]] == [i["sentence"]["id"] for i in sentences if i["sentence"]["id"] != sentence_id]
        assert fetch_json(phone, "/api/v1/stats/study")["streakDays"] == 1
        # Settings turn sentence review off on change (no 저장 button to find): the queue drops them.
        phone.get(f"{server}/settings")
        switch = phone.find_element(By.ID, "sentence-review")
        assert switch.is_selected()
        assert "visually-hidden" in phone.find_element(By.ID, "sentence-review-save").get_attribute("class")
        click(phone, switch)
        wait(phone, 10).until(lambda d: "done=review" in d.current_url)
        assert not phone.find_element(By.ID, "sentence-review").is_selected()
        assert fetch_json(phone, "/api/v1/me")["user"]["sentenceReview"] is False
        assert fetch_json(phone, "/api/v1/review")["due"] == 0
        assert not csp_violations(phone)
    finally:
        phone.quit()


def test_a_guest_tries_a_quiz_and_nothing_is_stored(server, driver):
    driver.get(f"{server}/")
    click(driver, ".guest-form button")
    wait_for(driver, ".guest-banner")
    notes = fetch_json(driver, "/api/v1/notes")["items"]
    note = next(n for n in notes if n["title"].startswith("운영체제"))["id"]
    attempts_before = fetch_json(driver, f"/api/v1/notes/{note}/attempts")["summary"]
    driver.get(f"{server}/notes/{note}")
    click(driver, "#trial-start")
    wait_for(driver, "#trial-form")
    assert "저장되지 않아요" in text_of(driver, "#trial-notice")
    assert check_widths(driver, "trial-quiz") == []
    for q in driver.find_elements(By.CSS_SELECTOR, ".quiz-question"):
        if q.get_attribute("data-kind") == "choice":
            click(driver, q.find_elements(By.CSS_SELECTOR, ".option")[0])
        else:
            q.find_element(By.CSS_SELECTOR, "input[type=text]").send_keys("모름")
    submit = driver.find_element(By.ID, "trial-submit")
    click(driver, submit)
    wait_for(driver, "#trial-score")
    score = text_of(driver, "#trial-score")
    assert "/ " in score
    assert exists(driver, '#trial-signup[href="/signup"]')
    assert check_widths(driver, "trial-result") == []
    assert fetch_json(driver, f"/api/v1/notes/{note}/attempts")["summary"] == attempts_before
    # Anything else still refuses the guest.
    driver.get(f"{server}/notes/{note}")
    assert not exists(driver, "#new-quiz-form")
