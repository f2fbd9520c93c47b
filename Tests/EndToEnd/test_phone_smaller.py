"""Smaller things a phone reader meets (issue 14): another random sentence without reloading the
page, and a saved page shown offline says it is one."""

from notio_e2e import click, login, wait, wait_for, wait_for_text


def test_another_random_sentence_without_a_reload(server, driver):
    login(driver, server)
    driver.get(f"{server}/reading?mood=all#random")
    wait_for(driver, "#random-again")
    driver.execute_script("window.samePage = true")
    first = driver.find_element("id", "random-result").get_attribute("data-sentence-id")
    # Random may bring the same sentence again: a few tries find another (the demo has many).
    for _ in range(8):
        click(driver, "#random-again")
        wait(driver, 5).until(lambda d: d.execute_script("return !!window.samePage"), "the page reloaded")
        now = driver.find_element("id", "random-result").get_attribute("data-sentence-id")
        if now != first:
            break
    assert now != first, "다른 문장 never brought another sentence"
    assert driver.execute_script("return window.samePage === true"), "the page reloaded"
    text = driver.execute_script("return document.querySelector('#random-result blockquote').textContent")
    assert text.strip()


def test_a_saved_page_offline_says_so(server, driver):
    login(driver, server)
    driver.get(f"{server}/reading")
    wait(driver, 10).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                                    "the service worker never took the page")
    driver.get(f"{server}/reading")  # now through the worker, which keeps a copy
    wait_for(driver, ".app-header")
    assert not driver.find_elements("id", "offline-banner")
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        driver.get(f"{server}/reading")
        wait_for_text(driver, "#offline-banner", "오프라인이에요 · 저장된 화면")
        assert driver.find_elements("css selector", ".app-header"), "the saved page itself is shown"
    finally:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                               {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
