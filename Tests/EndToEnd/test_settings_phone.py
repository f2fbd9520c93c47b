"""Settings as a phone reader uses them: time zones named "서울 (GMT+9)" and found by a search,
saved as soon as one is chosen (no 저장 button), widget addresses copied with a button and a
toast, drop zones for files."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from notio_e2e import click, random_email, signup, wait, wait_for, wait_for_text


def test_time_zone_search_saves_on_change_and_widget_copy(server, driver):
    signup(driver, server, "설정 테스터", random_email(), "correct horse 1")
    driver.get(f"{server}/settings")
    zones = Select(wait_for(driver, "#timeZone"))
    labels = [o.text for o in zones.options]
    assert "서울 (GMT+9)" in labels
    assert any(label.startswith("뉴욕 (GMT-") for label in labels), labels[:5]
    assert not any("_" in label or "/" in label for label in labels)
    # The 저장 button is only for pages without JavaScript.
    assert "visually-hidden" in driver.find_element(By.CSS_SELECTOR, "[data-autosubmit-button]").get_attribute("class")

    search = wait_for(driver, "#timeZone-search")
    search.send_keys("new york")
    shown = driver.execute_script("return [...document.getElementById('timeZone').options].filter(o => !o.hidden).map(o => o.value)")
    assert "America/New_York" in shown and "Asia/Tokyo" not in shown, shown

    # Choosing a zone saves it: the page comes back with the saved toast and the zone selected.
    Select(driver.find_element(By.ID, "timeZone")).select_by_value("America/New_York")
    wait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-toast") == "저장했어요")
    wait(driver, 10).until(
        lambda d: Select(d.find_element(By.ID, "timeZone")).first_selected_option.get_attribute("value") == "America/New_York")

    # A widget address, copied by its button (clipboard allowed for the page), with a toast.
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    click(driver, "#widget-create")
    wait_for(driver, "#widget-urls")
    click(driver, 'button[data-copy="widget-url-json"]')
    wait_for_text(driver, "#toasts .toast", "복사했어요")
    copied = driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0](String(e)))")
    assert copied == driver.find_element(By.ID, "widget-url-json").get_attribute("value")

    # The restore file is chosen in a drop zone that names the file.
    zone = driver.find_element(By.CSS_SELECTOR, "#restore-form [data-dropzone]")
    assert zone.find_element(By.CSS_SELECTOR, "label").text
