"""The pages under the Content-Security-Policy in a real Chromium: every page a reader reaches
(signed out, signed in with the demo's notes and books, the offline page, the widget) loads
without a single violation in the console, the modules behind the import map still run, and a
violation, when there is one, is seen (so the check itself can fail)."""
from urllib.parse import urljoin, urlparse

from selenium.webdriver.common.by import By

from notio_e2e import csp_violations, login, wait_for

# Links that change something or leave the pages (the logout form is a POST; these are GETs).
SKIPPED = ("/logout", "/static/", "/api/", "/widget/sentence.png")
MAX_PAGES = 45


def visit(driver, url):
    driver.get(url)
    driver.execute_script("return document.readyState")  # the load event has fired
    return csp_violations(driver)


def same_origin_links(driver, base):
    found = []
    for a in driver.find_elements(By.CSS_SELECTOR, "a[href]"):
        href = urljoin(driver.current_url, a.get_attribute("href") or "")
        parsed = urlparse(href)
        if href.startswith(base) and not any(parsed.path.startswith(s) for s in SKIPPED):
            found.append(parsed._replace(fragment="").geturl())
    return found


def module_runs(driver, name):
    """Imports a shared module by its import-map name from the page: only works if the page's
    import map was accepted."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"import('notio/{name}').then(() => done('ok'), (e) => done(String(e)));")


def test_signed_out_pages_and_the_offline_page(server, driver):
    for path in ["/", "/welcome", "/login", "/signup", "/terms", "/offline.html", "/no-such-page"]:
        assert visit(driver, server + path) == [], path
    driver.get(server + "/login")
    assert module_runs(driver, "api.js") == "ok"


def test_every_signed_in_page_runs_without_a_violation(server, driver):
    login(driver, server)
    assert csp_violations(driver) == []
    queue = [server + p for p in ["/", "/notes", "/reading", "/sentences", "/timer", "/reading/stats", "/settings",
                                  "/review", "/wrong-answers", "/books/new", "/reading/import"]]
    seen = set()
    while queue and len(seen) < MAX_PAGES:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        assert visit(driver, url) == [], url
        queue += [link for link in same_origin_links(driver, server) if link not in seen]
    # The crawl reached the demo's notes, books and sentences, not only the tab pages.
    paths = {urlparse(u).path for u in seen}
    assert any(p.startswith("/notes/") for p in paths), sorted(paths)
    assert any(p.startswith("/books/") for p in paths), sorted(paths)
    # Modules named through the import map still load and run.
    assert module_runs(driver, "toast.js") == "ok"
    # Book search shows catalog thumbnails from the (fake) catalog's https URLs.
    assert visit(driver, server + "/books/new?q=" + "소설") == []


def test_the_widget_page_runs_without_a_violation(server, driver):
    login(driver, server)
    token = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/v1/widget/token', {method: 'POST', headers: {'X-CSRF-Token': document.querySelector('meta[name=csrf-token]').content}})"
        ".then(r => r.json()).then(j => done(j.token), e => done(String(e)));")
    assert visit(driver, f"{server}/widget/sentence?token={token}") == []
    wait_for(driver, "body")


def test_a_violation_is_seen(server, driver):
    """The check can fail: an inline script added to a page is blocked and reported."""
    driver.get(server + "/login")
    csp_violations(driver)
    ran = driver.execute_script(
        "const s = document.createElement('script'); s.textContent = 'window.__inline = 1';"
        "document.head.appendChild(s); return window.__inline === 1;")
    assert ran is False
    messages = csp_violations(driver)
    assert any("script-src" in m for m in messages), messages
