#!/usr/bin/env python3
"""The README's screenshots: each space (노트, 밑줄) at phone width, signed in as the demo account.

    swift build && python3 scripts/screenshots.py [--out docs/images]

Starts .build/debug/notio (or NOTIO_BIN) with --seed-demo on a free port of 127.0.0.1 and a
temporary data folder, and drives the same phone-sized Korean Chromium as the browser tests
(Tests/EndToEnd/conftest.py), so the pictures show what those tests see."""
import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "EndToEnd"))

from conftest import ServerProcess, make_driver  # noqa: E402
from notio_e2e import login, wait, wait_for  # noqa: E402

# Each space's page, the element that says it has drawn, and the file it is kept in.
SPACES = [
    ("/notes", ".note-card", "notes.png"),
    ("/reading", "#bookshelf", "reading.png"),
]
PHONE = (390, 844)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "images"))
    out = Path(parser.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="notio-screenshots-") as data:
        server = ServerProcess(Path(data), seed_demo=True)
        try:
            base = server.wait_until_listening()
            driver = make_driver(*PHONE)
            try:
                login(driver, base)
                for path, ready, name in SPACES:
                    driver.get(base + path)
                    wait_for(driver, ready)
                    # Covers and icons arrive after the page: a picture of empty frames says little.
                    wait(driver).until(lambda d: d.execute_script(
                        "return [...document.images].every(i => i.complete) && document.fonts.status === 'loaded'"))
                    driver.save_screenshot(str(out / name))
                    print(out / name)
            finally:
                driver.quit()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
