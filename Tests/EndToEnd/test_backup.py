"""Backup and restore in a real browser: download a backup from the settings, delete a book,
restore the backup with the dry-run summary and the confirmation, and the book and its
sentences are back."""
import json

from selenium.webdriver.common.by import By

from notio_e2e import click, random_email, signup, text_of, wait_for, wait


def test_download_delete_restore(server, driver, tmp_path):
    signup(driver, server, "백업 테스터", random_email(), "correct horse 1")
    driver.get(f"{server}/books/new?manual=1")
    wait_for(driver, "#book-title").send_keys("지켜야 할 책")
    click(driver, "#manual-book button[type=submit]")
    wait_for(driver, "#capture-sentence")
    book_url = driver.current_url.split("?")[0]
    click(driver, "#capture-sentence")
    wait_for(driver, "#sentence-text").send_keys("잃어버리면 안 되는 문장.")
    click(driver, "#save-sentence")
    wait_for(driver, "#book-sentences .sentence-card")

    # Download the backup the way the settings page links it (the browser's own cookies).
    driver.get(f"{server}/settings")
    link = wait_for(driver, "#backup-json")
    body = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done).catch(e => done('ERR ' + e));
    """, link.get_attribute("href"))
    doc = json.loads(body)
    assert doc["format"] == "notio-backup" and any(b["title"] == "지켜야 할 책" for b in doc["books"])
    backup = tmp_path / "notio-backup.json"
    backup.write_text(body, encoding="utf-8")

    # Delete the book (with its sentence).
    driver.get(book_url + "/delete")
    click(driver, "#confirm-delete")
    wait(driver, 10).until(lambda d: "/reading" in d.current_url)
    assert "지켜야 할 책" not in driver.page_source

    # Restore: upload, see what would come back, confirm.
    driver.get(f"{server}/settings")
    driver.find_element(By.ID, "restore-file").send_keys(str(backup))
    click(driver, "#restore-check")
    wait_for(driver, "#restore-summary")
    assert text_of(driver, '#restore-summary td[data-key="books"]') == "1"
    assert text_of(driver, '#restore-summary td[data-key="sentences"]') == "1"
    click(driver, "#restore-confirm")
    wait(driver, 10).until(lambda d: "restored=1" in d.current_url)

    driver.get(f"{server}/reading")
    assert "지켜야 할 책" in driver.page_source
    driver.get(book_url)
    assert "잃어버리면 안 되는 문장." in text_of(driver, "#book-sentences")
