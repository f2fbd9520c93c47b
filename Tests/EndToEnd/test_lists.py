"""Long lists in a real browser: the shelf shows one screenful, and 더 보기 adds the next page in
place (with scripts) or opens it (the plain link, as without scripts)."""
from selenium.webdriver.common.by import By

from notio_e2e import click, random_email, signup, wait_for, wait

SCREENFUL = 50
BOOKS = SCREENFUL + 7


def add_books(driver, count):
    """Adds `count` books through the JSON API with the page's session and CSRF token."""
    added = driver.execute_async_script("""
        const [count, done] = [arguments[0], arguments[arguments.length - 1]];
        const token = document.querySelector('meta[name="csrf-token"]').content;
        (async () => {
          let ok = 0;
          for (let i = 0; i < count; i++) {
            const r = await fetch("/api/v1/books", { method: "POST",
              headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
              body: JSON.stringify({ title: `긴 서가 ${String(i).padStart(3, "0")}`, author: "저자" }) });
            if (r.status === 201) ok++;
          }
          return ok;
        })().then(done, () => done(-1));
    """, count)
    assert added == count


def cards(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#bookshelf .book-card")


def test_show_more_appends_the_next_page_in_place(server, driver):
    signup(driver, server, "서가 테스터", random_email(), "correct horse 1")
    add_books(driver, BOOKS)
    driver.get(f"{server}/reading")
    wait_for(driver, "#bookshelf")
    assert len(cards(driver)) == SCREENFUL
    link = wait_for(driver, "a[data-list-more]")
    assert link.text.strip() in ("더 보기", "Show more")
    click(driver, link)
    wait(driver, 10).until(lambda d: len(cards(d)) == BOOKS)
    # In place: the same page, every title once, and no link after the last page.
    assert "cursor=" not in driver.current_url
    titles = [c.find_element(By.CSS_SELECTOR, ".book-card-title").text for c in cards(driver)]
    assert len(set(titles)) == BOOKS
    assert not driver.find_elements(By.CSS_SELECTOR, "a[data-list-more]")


def test_the_plain_link_opens_the_next_page(server, driver):
    signup(driver, server, "링크 테스터", random_email(), "correct horse 1")
    add_books(driver, BOOKS)
    driver.get(f"{server}/reading")
    href = wait_for(driver, "a[data-list-more]").get_attribute("href")
    driver.get(href)
    wait_for(driver, "#bookshelf")
    assert len(cards(driver)) == BOOKS - SCREENFUL
    assert not driver.find_elements(By.CSS_SELECTOR, "a[data-list-more]")
