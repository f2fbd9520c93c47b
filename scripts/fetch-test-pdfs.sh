#!/bin/sh
# Fetches real PDFs from Debian packages into .cache/pdfs for the media tests and benchmarks, and
# makes the judged Korean corpus (issue 13) into .cache/corpus from LibreOffice's Korean help pages
# (scripts/make-corpus.py; labels in Tests/Fixtures/corpus). Idempotent: packages already downloaded
# or unpacked are not fetched again, PDFs already made are not made again. Only apt is used.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
debs="$root/.cache/debs"
tree="$root/.cache/debs/tree"
pdfs="$root/.cache/pdfs"
mkdir -p "$debs" "$tree" "$pdfs"

# What this script makes depends only on the Debian packages and on this script and
# scripts/make-corpus.py, so it is kept once per machine too (NOTIO_CACHE, default ~/.cache/notio,
# under a hash of the two scripts): a fresh clone on the same machine copies the packages, the PDFs
# and the corpus (about 90 s of downloading, printing and scanning) instead of making them again.
machine=${NOTIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/notio}/test-pdfs-$(cat "$0" "$root/scripts/make-corpus.py" "$root/scripts/make-families.py" | sha256sum | cut -c1-16)
if [ -d "$machine/debs" ] && ! ls "$debs"/*.deb >/dev/null 2>&1; then
    cp -a "$machine/debs/." "$debs/"
fi
for part in pdfs corpus families; do
    if [ -d "$machine/$part" ] && [ -z "$(ls -A "$root/.cache/$part" 2>/dev/null)" ]; then
        mkdir -p "$root/.cache/$part" && cp -a "$machine/$part/." "$root/.cache/$part/"
    fi
done

fetch() {
    package=$1
    if ! ls "$debs/${package}"_*.deb >/dev/null 2>&1; then
        (cd "$debs" && apt-get download "$package")
    fi
    stamp="$tree/.$package.unpacked"
    if [ ! -f "$stamp" ]; then
        dpkg -x "$(ls "$debs/${package}"_*.deb | head -n 1)" "$tree"
        touch "$stamp"
    fi
}

copy() {
    source=$1
    if [ ! -f "$pdfs/$(basename "$source")" ]; then
        cp "$tree/$source" "$pdfs/"
    fi
}

need=""
for file in lshort-ko.pdf kotex-doc.pdf cjk-ko-doc.pdf R-intro.pdf fullrefman.pdf; do
    [ -f "$pdfs/$file" ] || need=yes
done
if [ -n "$need" ]; then
    fetch texlive-lang-korean
    fetch r-doc-pdf
    copy usr/share/doc/texlive-doc/latex/lshort-korean/lshort-ko.pdf
    copy usr/share/doc/texlive-doc/latex/kotex-utf/kotex-doc.pdf
    copy usr/share/doc/texlive-doc/latex/cjk-ko/cjk-ko-doc.pdf
    copy usr/share/R/doc/manual/R-intro.pdf
    copy usr/share/R/doc/manual/fullrefman.pdf
fi
ls -l "$pdfs"

# The corpus: LibreOffice's Korean help (MPL-2.0) printed by headless Chromium, one scanned copy.
corpus="$root/.cache/corpus"
need=""
for label in "$root"/Tests/Fixtures/corpus/*.json; do
    file=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("file",""))' "$label")
    [ -z "$file" ] || [ -f "$corpus/$file" ] || need=yes
done
# Unpacked even when the PDFs are there: the corpus tests compare the quizzes with the help's own text.
fetch libreoffice-help-ko
fetch libreoffice-help-common   # the help's CSS and pictures
if [ -n "$need" ]; then
    python3 "$root/scripts/make-corpus.py" "$tree/usr/share/libreoffice/help" "$corpus"
fi
ls -l "$corpus"

# The document families of the 노트 space (scripts/make-families.py; labels and sources in
# Tests/Fixtures/families): Debian's Korean FAQ and GIMP help (apt), the Constitution and the bills
# of KoNLPy's corpus (its wheel from PyPI, unpacked, never installed).
families="$root/.cache/families"
need=""
for label in "$root"/Tests/Fixtures/families/*.json; do
    file=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["file"])' "$label")
    [ -f "$families/$file" ] || need=yes
done
if [ -n "$need" ]; then
    fetch debian-faq-ko
    fetch gimp-help-ko
    sources="$root/.cache/family-sources"
    mkdir -p "$sources"
    ln -sfn "$tree" "$sources/faq"
    ln -sfn "$tree" "$sources/gimp"
    if ! ls "$debs"/konlpy-0.6.0-*.whl >/dev/null 2>&1; then
        python3 -m pip download --quiet --no-deps konlpy==0.6.0 -d "$debs"
    fi
    [ -d "$sources/konlpy/konlpy" ] || python3 -m zipfile -e "$(ls "$debs"/konlpy-0.6.0-*.whl | head -n 1)" "$sources/konlpy"
    python3 "$root/scripts/make-families.py" "$sources" "$families"
fi
ls -l "$families"

# Kept for the next clone on this machine (written aside, then moved: a run stopped half-way leaves
# no half cache).
if [ ! -d "$machine" ] && mkdir -p "$(dirname "$machine")" 2>/dev/null; then
    staging=$(mktemp -d "$machine.XXXXXX")
    mkdir -p "$staging/debs" && cp -a "$debs"/*.deb "$debs"/*.whl "$staging/debs/" && cp -a "$pdfs" "$staging/pdfs" \
        && cp -a "$corpus" "$staging/corpus" && cp -a "$families" "$staging/families" && mv "$staging" "$machine" 2>/dev/null || rm -rf "$staging"
fi
