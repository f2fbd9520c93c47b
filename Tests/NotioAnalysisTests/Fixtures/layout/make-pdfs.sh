#!/bin/sh
# Prints the layout fixtures the way students save web pages: Chromium's "Save as PDF".
# scheduling.pdf keeps Chromium's header and footer (date, title, address, "1/2"), which the
# extractor must drop; memory.pdf is printed without them.
set -e
cd "$(dirname "$0")"
chromium --headless --no-sandbox --disable-gpu --print-to-pdf=scheduling.pdf scheduling.html
chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer --print-to-pdf=memory.pdf memory.html
