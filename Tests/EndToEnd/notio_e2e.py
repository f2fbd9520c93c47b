"""Helpers for Notio's browser tests: waiting, filling forms, signing in, scanned PDFs."""
import subprocess
import uuid
from urllib.parse import urlparse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10
# How often a wait looks again. Selenium's default, half a second, is most of what a quick step
# costs: a page that is ready in 40 ms would still be seen only after 500.
POLL_SECONDS = 0.05
DEMO_EMAIL = "study@notio.io"
DEMO_PASSWORD = "password"
DEMO_NAME = "데모 학생"


def wait(driver, timeout=TIMEOUT, poll_frequency=POLL_SECONDS, **options) -> WebDriverWait:
    """Selenium's WebDriverWait, looking again every POLL_SECONDS unless told otherwise."""
    return WebDriverWait(driver, timeout, poll_frequency=poll_frequency, **options)


def wait_for(driver, css, timeout=TIMEOUT, visible=True):
    """The first element matching `css`, once it exists (and is visible, by default)."""
    condition = EC.visibility_of_element_located if visible else EC.presence_of_element_located
    return wait(driver, timeout).until(condition((By.CSS_SELECTOR, css)), f"no {css} on {driver.current_url}")


def wait_for_text(driver, css, text, timeout=TIMEOUT):
    """Waits until the element matching `css` contains `text`; returns the element."""
    wait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: any(text in (e.get_attribute("textContent") or "") for e in d.find_elements(By.CSS_SELECTOR, css)),
        f"{css} never contained {text!r} on {driver.current_url}",
    )
    return next(e for e in driver.find_elements(By.CSS_SELECTOR, css) if text in (e.get_attribute("textContent") or ""))


def wait_for_attribute(driver, css, name, value, timeout=TIMEOUT):
    """Waits until the element matching `css` has attribute `name` equal to `value`. The element is
    looked up afresh each time, since the page may reload under it (the timer's buttons do)."""
    wait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: any(e.get_attribute(name) == value for e in d.find_elements(By.CSS_SELECTOR, css)),
        f"{css} never had {name}={value!r} on {driver.current_url}",
    )


def wait_for_path(driver, path, timeout=TIMEOUT):
    wait(driver, timeout).until(lambda d: urlparse(d.current_url).path == path,
                                         f"never reached {path}")


def wait_gone(driver, css, timeout=TIMEOUT):
    wait(driver, timeout).until(lambda d: not d.find_elements(By.CSS_SELECTOR, css), f"{css} is still there")


def text_of(driver, css):
    return (driver.find_element(By.CSS_SELECTOR, css).get_attribute("textContent") or "").strip()


def exists(driver, css):
    return bool(driver.find_elements(By.CSS_SELECTOR, css))


def click(driver, css_or_element):
    """Scrolls the element to the middle of the screen (clear of the tab bar) and clicks it."""
    element = wait_for(driver, css_or_element) if isinstance(css_or_element, str) else css_or_element
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    wait(driver, TIMEOUT).until(lambda d: element.is_enabled(), "the element stays disabled")
    element.click()
    return element


def fill(driver, fields: dict):
    """Types into inputs by name: fill(driver, {"email": "a@b.c", "password": "..."})."""
    for name, value in fields.items():
        element = wait_for(driver, f'[name="{name}"]')
        element.clear()
        element.send_keys(value)


def random_email():
    return f"e2e-{uuid.uuid4().hex[:12]}@example.com"


def login(driver, base, email=DEMO_EMAIL, password=DEMO_PASSWORD):
    """Signs in through the login page and waits for the signed-in header."""
    driver.get(f"{base}/login")
    fill(driver, {"email": email, "password": password})
    click(driver, '#login-form button[type="submit"]')
    wait_for(driver, ".app-header .user-name")


def logout(driver):
    click(driver, '.app-header .logout-form button[type="submit"]')
    wait_gone(driver, ".app-header")


def signup(driver, base, name, email, password):
    """Fills the sign-up form like a person would, submits it and waits for the signed-in header.
    The wait matters: a test that navigated on at once would cancel the sign-up's answer (the
    password hash takes a moment) and be left without a session cookie."""
    driver.get(f"{base}/signup")
    fill(driver, {"name": name, "email": email, "password": password, "passwordConfirm": password})
    box = wait_for(driver, 'input[name="agreeTerms"]')
    if not box.is_selected():
        click(driver, box)
    click(driver, "#signup-submit")
    wait_for(driver, ".app-header .user-name", timeout=30)


def scanned_pdf(source, first, last, folder):
    """Pages first..last of a real PDF rasterised at 100 dpi into an image-only PDF (no text
    layer): OCR has to read them. Written to folder/scanned-lecture.pdf."""
    from PIL import Image
    subprocess.run(["pdftoppm", "-r", "100", "-gray", "-f", str(first), "-l", str(last), "-png", str(source), str(folder / "p")], check=True)
    images = [Image.open(p).convert("L") for p in sorted(folder.glob("p-*.png"))]
    assert len(images) == last - first + 1
    out = folder / "scanned-lecture.pdf"
    images[0].save(out, save_all=True, append_images=images[1:], resolution=100.0)
    return out


def csp_violations(driver):
    """The Content-Security-Policy messages Chromium logged since the last call (reading the
    console empties it): each blocked script, style, image or frame is one entry."""
    return [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
