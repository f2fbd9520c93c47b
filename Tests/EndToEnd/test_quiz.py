"""The quiz loop in a real browser, as issue 4 describes it: demo login → 운영체제 → new quiz 상 × 5 →
answer (some wrong on purpose, one by keyboard, a reload in the middle) → result → history → attempt
detail → wrong-answer notebook → retry only the wrong ones → all right → the notebook is empty →
learning rate and status on the note and the home."""
from urllib.parse import urlparse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from notio_e2e import click, exists, login, text_of, wait_for, wait_for_text, wait

QUIZ_SECONDS = 30


def fetch_json(driver, path):
    """GET an API path with the page's own session."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin', headers: {Accept: 'application/json'}})"
        ".then(r => r.json()).then(done, e => done({error: String(e)}));", path)


def wait_for_path_prefix(driver, prefix, timeout=QUIZ_SECONDS):
    wait(driver, timeout).until(lambda d: urlparse(d.current_url).path.startswith(prefix), f"never reached {prefix}…")
    return urlparse(driver.current_url).path


def current_question(driver):
    return next(q for q in driver.find_elements(By.CSS_SELECTOR, ".quiz-question") if q.is_displayed())


def progress(driver):
    return text_of(driver, "#quiz-progress-text")


def test_quiz_loop(server, driver):
    login(driver, server)
    notes = fetch_json(driver, "/api/v1/notes")["items"]
    note = next(n for n in notes if n["title"].startswith("운영체제"))["id"]
    # The demo account has a study history already: figures below are counted from it.
    before = fetch_json(driver, f"/api/v1/notes/{note}/attempts")["summary"]
    driver.get(f"{server}/notes")
    click(driver, f'.note-card[data-note-id="{note}"] .note-card-title a')
    wait_for(driver, "#new-quiz-form")
    assert exists(driver, '#study [data-status="in_progress"]')

    # 상 × 5: the segmented control and the stepper (10 → 5).
    click(driver, driver.find_element(By.CSS_SELECTOR, '.segment input[value="hard"]').find_element(By.XPATH, ".."))
    assert driver.find_element(By.CSS_SELECTOR, '.segment input[value="hard"]').is_selected()
    minus = wait_for(driver, '.stepper-button[data-step="-1"]')
    for _ in range(5):
        click(driver, minus)
    assert driver.find_element(By.ID, "quiz-count").get_attribute("value") == "5"
    click(driver, "#start-quiz")
    quiz_path = wait_for_path_prefix(driver, "/quizzes/")
    wait_for(driver, "#quiz-progress")
    assert progress(driver) == "1 / 5"
    assert "상" in text_of(driver, "#quiz-title")

    # Question 1 by keyboard: "1" chooses the first option (or the text field takes "모름"), Enter moves on.
    q = current_question(driver)
    if q.get_attribute("data-kind") == "choice":
        ActionChains(driver).send_keys("1").perform()
        assert q.find_elements(By.CSS_SELECTOR, 'input[type="radio"]')[0].is_selected()
        ActionChains(driver).send_keys(Keys.ENTER).perform()
    else:
        field = q.find_element(By.CSS_SELECTOR, 'input[type="text"]')
        # The runner does not take the focus when the page loads (show(…, false)): tap the field.
        click(driver, field)
        assert driver.switch_to.active_element == field
        field.send_keys("모름", Keys.ENTER)
    wait_for_text(driver, "#quiz-progress-text", "2 / 5")
    # ← goes back, → forward again; the answer is still there. The second question has the focus:
    # in a short answer's text field the arrows move the caret, so there the back button is used.
    if current_question(driver).get_attribute("data-kind") == "choice":
        ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    else:
        click(driver, "#quiz-back")
    wait_for_text(driver, "#quiz-progress-text", "1 / 5")
    click(driver, "#quiz-next")
    wait_for_text(driver, "#quiz-progress-text", "2 / 5")

    def answer_wrongly(question):
        if question.get_attribute("data-kind") == "choice":
            click(driver, question.find_elements(By.CSS_SELECTOR, "label.option")[0])
        else:
            question.find_element(By.CSS_SELECTOR, 'input[type="text"]').send_keys("모름")

    answer_wrongly(current_question(driver))
    click(driver, "#quiz-next")
    wait_for_text(driver, "#quiz-progress-text", "3 / 5")
    # A reload keeps the answers and the place (sessionStorage).
    driver.refresh()
    wait_for_text(driver, "#quiz-progress-text", "3 / 5")
    for n in (3, 4, 5):
        answer_wrongly(current_question(driver))
        click(driver, "#quiz-next")
    wait_for(driver, "#quiz-final")
    assert not driver.find_elements(By.CSS_SELECTOR, "#unanswered-list li")
    click(driver, "#submit-quiz")
    attempt_path = wait_for_path_prefix(driver, "/attempts/")

    # The result: score, marks, the right answers, the note's status.
    score = text_of(driver, ".score-main")
    correct = int(score.split("/")[0])
    assert score.endswith("/ 5") and correct < 5
    wrong = len(driver.find_elements(By.CSS_SELECTOR, ".answer-row.is-wrong"))
    assert wrong == 5 - correct
    assert len(driver.find_elements(By.CSS_SELECTOR, ".answer-row")) == 5
    assert exists(driver, '.answer-source a[href^="/notes/%s/source#p-"]' % note)
    assert exists(driver, "#retry-wrong")
    # The quiz cannot be answered twice: its page now leads to the attempt.
    driver.get(f"{server}{quiz_path}")
    wait_for_path_prefix(driver, attempt_path)

    # History → attempt detail.
    driver.get(f"{server}/notes/{note}/attempts")
    wait_for(driver, "#attempt-list")
    assert text_of(driver, "#summary-attempts") == str(before["attempts"] + 1)
    assert text_of(driver, "#summary-wrong") == str(before["wrong"] + wrong)
    click(driver, f'.attempt-row a[href="{attempt_path}"]')
    wait_for_path_prefix(driver, attempt_path)
    wait_for(driver, ".score")

    # The notebook holds exactly what the API says; retry makes a quiz of exactly those.
    driver.get(f"{server}/notes/{note}/wrong-answers")
    notebook = fetch_json(driver, f"/api/v1/notes/{note}/wrong-answers")["items"]
    assert len(notebook) >= wrong
    assert len(driver.find_elements(By.CSS_SELECTOR, ".wrong-item")) == len(notebook)
    click(driver, ".retry-wrong")
    retry_path = wait_for_path_prefix(driver, "/quizzes/")
    assert retry_path != quiz_path
    total = len(notebook)
    wait_for_text(driver, "#quiz-progress-text", f"1 / {total}")
    retry = fetch_json(driver, f"/api/v1/quizzes/{retry_path.rsplit('/', 1)[1]}")["quiz"]
    assert len(retry["questions"]) == total
    right = {e["prompt"]: e["correctAnswer"] for e in notebook}
    prompts = {q["id"]: q["prompt"] for q in retry["questions"]}

    for n in range(total):
        question = current_question(driver)
        answer = right[prompts[question.get_attribute("data-question-id")]]
        if question.get_attribute("data-kind") == "choice":
            option = next(o for o in question.find_elements(By.CSS_SELECTOR, "label.option")
                          if o.find_element(By.CSS_SELECTOR, ".option-text").get_attribute("textContent") == answer)
            click(driver, option)
        else:
            question.find_element(By.CSS_SELECTOR, 'input[type="text"]').send_keys(answer)
        click(driver, "#quiz-next")
    wait_for(driver, "#quiz-final")
    click(driver, "#submit-quiz")
    wait_for_path_prefix(driver, "/attempts/")
    assert text_of(driver, ".score-main") == f"{total} / {total}"
    assert not exists(driver, "#retry-wrong")
    # A perfect retry is practice, not mastery: the learning rate is the best full quiz's.
    rate = max(before.get("learningRate") or 0, correct / 5)
    status = "done" if rate >= 0.8 - 1e-9 else "in_progress"
    assert exists(driver, f'.result-card [data-status="{status}"]')

    # The notebook is empty; the note and the home show the progress.
    driver.get(f"{server}/notes/{note}/wrong-answers")
    wait_for(driver, '[data-empty="notebook"]')
    driver.get(f"{server}/notes/{note}")
    assert text_of(driver, "#learning-rate") == f"{int(rate * 100 + 0.5)}%"
    assert exists(driver, f'#study [data-status="{status}"]')
    assert text_of(driver, "#notebook-count") == "0"
    driver.get(f"{server}/notes")
    assert ("완료" if status == "done" else "진행중") in text_of(driver, f'.note-card[data-note-id="{note}"] .note-card-status')
    driver.get(f"{server}/")
    assert int("".join(ch for ch in text_of(driver, "#home-streak") if ch.isdigit())) >= 1
    assert int(text_of(driver, "#home-week")) >= 5 + total
    assert exists(driver, '#home-review[href="/review"]')


def test_guest_sees_results_but_no_quiz_buttons(server, driver):
    driver.get(f"{server}/welcome")
    driver.get(f"{server}/")
    click(driver, ".guest-form button")
    wait_for(driver, ".guest-banner")
    notes = fetch_json(driver, "/api/v1/notes")["items"]
    note = next(n for n in notes if n["title"].startswith("운영체제"))["id"]
    driver.get(f"{server}/notes/{note}")
    wait_for(driver, "#study")
    assert not exists(driver, "#new-quiz-form")
    assert exists(driver, "#study .guest-hint a[href='/signup']")
    driver.get(f"{server}/review")
    wait_for(driver, "h1")


def post_json(driver, path, body):
    """POST JSON with the page's session and its CSRF token (from /api/v1/me)."""
    return driver.execute_async_script(
        "const [path, body, done] = arguments;"
        "fetch('/api/v1/me', {credentials: 'same-origin'}).then(r => r.json()).then(me =>"
        " fetch(path, {method: 'POST', credentials: 'same-origin', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': me.csrfToken},"
        " body: JSON.stringify(body)})).then(r => r.json()).then(done, e => done({error: String(e)}));", path, body)


def test_sheet_says_the_supply_and_the_notebook_says_why(server, driver):
    """Issue 13: the quiz sheet says how many new questions each level supports before anything is
    asked (the server's count, the same as the API's), and the notebook and the attempt page say
    why each answer was refused."""
    login(driver, server)
    notes = fetch_json(driver, "/api/v1/notes")["items"]
    note = next(n for n in notes if n["title"].startswith("운영체제"))["id"]
    supply = fetch_json(driver, f"/api/v1/notes/{note}/quiz-supply")
    driver.get(f"{server}/notes/{note}")
    wait_for(driver, "#quiz-supply")
    checked = driver.find_element(By.CSS_SELECTOR, '.segment input[name="difficulty"]:checked').get_attribute("value")
    assert text_of(driver, "#quiz-supply") == supply[checked]["message"]
    assert "새 문제를" in text_of(driver, "#quiz-supply")
    for level in ("hard", "easy", "medium"):
        click(driver, driver.find_element(By.CSS_SELECTOR, f'.segment input[value="{level}"]').find_element(By.XPATH, ".."))
        wait_for_text(driver, "#quiz-supply", supply[level]["message"])
        n = supply[level]["newQuestions"]
        count = driver.find_element(By.ID, "quiz-count")
        assert count.get_attribute("max") == str(max(1, min(30, n)))
        assert int(count.get_attribute("value")) <= max(1, n)

    # A quiz answered wrong everywhere: the notebook and the result say why, in Korean only.
    made = post_json(driver, f"/api/v1/notes/{note}/quizzes", {"difficulty": "hard", "count": 4})
    questions = made["quiz"]["questions"]
    answers = [{"questionId": q["id"], "choice": 0} if q["kind"] == "choice" else {"questionId": q["id"], "text": "모름"} for q in questions]
    attempt = post_json(driver, f"/api/v1/quizzes/{made['quiz']['id']}/attempts", {"answers": answers})["attempt"]
    wrong = [a for a in attempt["answers"] if not a["isCorrect"]]
    assert wrong, "choosing option 0 and writing 모름 gets something wrong"
    driver.get(f"{server}/notes/{note}/wrong-answers")
    wait_for(driver, ".wrong-item")
    for a in wrong:
        item = driver.find_element(By.CSS_SELECTOR, f'.wrong-item[data-question-id="{a["questionId"]}"]')
        reason = item.find_element(By.CSS_SELECTOR, ".answer-reason")
        assert reason.get_attribute("data-reason") in ("different", "other_option")
        assert reason.text.strip() in ("정답과 달라요.", "다른 보기를 골랐어요.")
    driver.get(f"{server}/attempts/{attempt['id']}")
    wait_for(driver, ".answer-row")
    reasons = [e.get_attribute("data-reason") for e in driver.find_elements(By.CSS_SELECTOR, ".answer-row .answer-reason")]
    assert reasons == [a["reason"] for a in attempt["answers"]]

    # 오늘 복습 says why too, right after the answer (the demo's wrong answers are due).
    driver.get(f"{server}/review")
    item = next(e for e in driver.find_elements(By.CSS_SELECTOR, ".review-item") if e.is_displayed())
    if item.get_attribute("data-kind") == "choice":
        click(driver, item.find_elements(By.CSS_SELECTOR, ".option")[0])
    else:
        item.find_element(By.CSS_SELECTOR, 'input[name="text"]').send_keys("모름")
    click(driver, item.find_element(By.CSS_SELECTOR, 'button[type="submit"]'))
    reason = wait_for(driver, ".review-result .answer-reason")
    assert reason.get_attribute("data-reason") in ("right_option", "other_option", "different", "exact")
    assert reason.text.strip()
