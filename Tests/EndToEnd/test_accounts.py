"""Accounts in a real browser: sign-up → logout → login, the live duplicate-email message, the
wrong-password message, browsing the demo account as a guest, the splash and onboarding, and a
server started without --seed-demo (no demo account, no 둘러보기)."""
import time

import pytest
from selenium.webdriver.common.by import By

from conftest import ServerProcess

from notio_e2e import (DEMO_EMAIL, DEMO_NAME, click, exists, fill, login, logout, random_email, signup,
                       text_of, wait_for, wait_for_path, wait_for_text)

# Typed as is by the user; the pages must show it as text. Were it not escaped, the alert would
# open and selenium would fail the next command with UnexpectedAlertPresentException.
NAME = "새 학생 <script>alert(1)</script>"
PASSWORD = "Strong-Passw0rd!"


def test_signup_then_logout_then_login(server, driver):
    email = random_email()
    signup(driver, server, NAME, email, PASSWORD)

    assert text_of(driver, ".app-header .user-name") == NAME
    assert NAME in text_of(driver, "h1.greeting")
    assert exists(driver, ".space-notes") and exists(driver, ".space-reading")
    assert not exists(driver, ".guest-banner")

    logout(driver)
    driver.get(f"{server}/")
    assert not exists(driver, ".app-header"), "the home is still shown after logging out"

    login(driver, server, email, PASSWORD)
    wait_for_path(driver, "/")
    assert text_of(driver, ".app-header .user-name") == NAME
    assert exists(driver, ".space-notes") and exists(driver, ".space-reading")


def test_signup_rejects_a_short_password_before_sending(server, driver):
    driver.get(f"{server}/signup")
    fill(driver, {"name": "짧은 비번", "email": random_email(), "password": "short", "passwordConfirm": "short"})
    wait_for_text(driver, '.field-error[data-field="password"]', "8자")
    assert text_of(driver, "#password-strength") == "약함"
    assert not driver.find_element(By.ID, "signup-submit").is_enabled()


def test_password_strength_hint(server, driver):
    driver.get(f"{server}/signup")
    fill(driver, {"password": "abcdefgh"})
    wait_for_text(driver, "#password-strength", "약함")
    fill(driver, {"password": "zebra2024"})
    wait_for_text(driver, "#password-strength", "보통")
    fill(driver, {"password": "Abcd-1234-efgh"})
    wait_for_text(driver, "#password-strength", "강함")


def test_duplicate_email_is_reported_while_typing(server, driver):
    driver.get(f"{server}/signup")
    wait_for(driver, '#signup-form input[name="email"]').send_keys(DEMO_EMAIL)
    # No blur, no submit: the debounced check against /api/v1/auth/email-available answers.
    wait_for_text(driver, '.field-error[data-field="email"]', "이미 가입된 이메일이에요")
    assert driver.find_element(By.CSS_SELECTOR, 'input[name="email"]').get_attribute("aria-invalid") == "true"
    assert not driver.find_element(By.ID, "signup-submit").is_enabled()

    fill(driver, {"email": random_email()})
    wait_for_text(driver, '.field-error[data-field="email"]', "사용할 수 있는 이메일이에요")


def test_wrong_password_shows_an_error(server, driver):
    driver.get(f"{server}/login")
    fill(driver, {"email": DEMO_EMAIL, "password": "not-the-password"})
    click(driver, '#login-form button[type="submit"]')

    error = wait_for(driver, '.form-error[role="alert"]')
    assert error.text.strip(), "the error message is empty"
    assert not exists(driver, ".app-header"), "signed in with a wrong password"
    assert driver.find_element(By.CSS_SELECTOR, '#login-form input[name="email"]').get_attribute("value") == DEMO_EMAIL


@pytest.mark.parametrize("start", ["/login", "/welcome"])
def test_guest_browses_the_demo_read_only(server, driver, start):
    driver.get(f"{server}{start}")
    click(driver, 'form[action="/guest"] button[type="submit"]')

    banner = wait_for(driver, ".guest-banner")
    assert "둘러보기 중이에요" in banner.text
    assert banner.find_element(By.CSS_SELECTOR, 'a[href="/signup"]')
    assert text_of(driver, ".app-header .user-name") == DEMO_NAME
    assert exists(driver, ".space-notes") and exists(driver, ".space-reading")

    # Read-only: the settings cannot be changed, even by posting the form directly.
    driver.get(f"{server}/settings")
    wait_for(driver, ".guest-banner")
    assert driver.find_element(By.CSS_SELECTOR, "#settings-form fieldset").get_attribute("disabled") is not None
    status = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const body = new URLSearchParams({
            csrf_token: document.querySelector('meta[name="csrf-token"]').content,
            language: "en", timeZone: "UTC" });
        fetch("/settings", { method: "POST", body, redirect: "manual" }).then(r => done(r.status), () => done(-1));
    """)
    assert status != -1
    driver.get(f"{server}/settings")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko", f"a guest changed the language ({status})"


def test_logged_in_demo_user_sees_home(server, driver):
    login(driver, server)
    assert text_of(driver, ".app-header .user-name") == DEMO_NAME
    assert not exists(driver, ".guest-banner")


def test_splash_leads_to_onboarding_first_then_to_login(server, driver):
    driver.get(f"{server}/")
    wait_for(driver, ".splash")
    wait_for_path(driver, "/welcome")
    wait_for(driver, ".onboarding")
    for label in ("시작하기", "로그인", "둘러보기"):
        assert label in driver.find_element(By.CSS_SELECTOR, ".onboarding .actions").text

    driver.get(f"{server}/")
    wait_for_path(driver, "/login")
    wait_for(driver, "#login-form")


def post_guest(driver):
    """POST /guest from the current page with its form token; the answer's status."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const body = new URLSearchParams({ csrf_token: document.querySelector('input[name="csrf_token"]').value });
        fetch("/guest", { method: "POST", body, redirect: "manual" }).then(r => done(r.status), () => done(-1));
    """)


def test_without_the_demo_flag_there_is_no_public_account(tmp_path, driver):
    plain = ServerProcess(tmp_path / "plain", seed_demo=False)
    try:
        base = plain.wait_until_listening()
        assert not any("demo account on" in line for line in plain.lines)
        for path in ("/login", "/welcome"):
            driver.get(f"{base}{path}")
            wait_for(driver, "#login-form, .onboarding")
            assert not exists(driver, 'form[action="/guest"]') and "둘러보기" not in driver.page_source, f"{path} offers 둘러보기"
        driver.get(f"{base}/login")
        fill(driver, {"email": DEMO_EMAIL, "password": "password"})
        click(driver, '#login-form button[type="submit"]')
        assert wait_for(driver, '.form-error[role="alert"]').text.strip()
        assert not exists(driver, ".app-header"), "signed in with the public demo password"
        assert post_guest(driver) == 404
    finally:
        plain.stop()

    seeded = ServerProcess(tmp_path / "seeded", seed_demo=True)
    try:
        base = seeded.wait_until_listening()
        deadline = time.time() + 5  # the line comes right after "listening on"
        while not any("demo account on" in line for line in seeded.lines) and time.time() < deadline:
            time.sleep(0.05)
        assert any("demo account on (--seed-demo): study@notio.io" in line for line in seeded.lines), seeded.lines
        driver.get(f"{base}/login")
        assert exists(driver, 'form[action="/guest"]')
        # A redirect answered to fetch(redirect: "manual") reads as status 0 (an opaque redirect).
        assert post_guest(driver) == 0, "the guest form did not sign in"
        login(driver, base)
        assert text_of(driver, ".app-header .user-name") == DEMO_NAME
    finally:
        seeded.stop()
