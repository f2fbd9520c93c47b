#!/bin/sh
# Builds Kiwi, the Korean morphological analyser whose language model judges how well a word fits
# a sentence (a quiz's options by the blank they stand in), and puts it into .cache/kiwi:
# include/kiwi/ (the C API), lib/libkiwi_static.a (linked into notio-worker) and model/ (what it
# loads at run time). Both come from PyPI source packages (Apache-2.0): kiwipiepy carries the C++
# sources and the C API, kiwipiepy_model the model. They are downloaded and built once per
# machine (NOTIO_CACHE, default ~/.cache/notio; about 6 minutes on two cores), checked against
# their SHA-256, and copied into the tree (hard links where the cache is on the same file system).
# Idempotent.
set -eu

version=0.24.1
sha256=b5b14d3269419d3caaa60a0259991cb1f544b26a9bd2306c619fb0ea2acad7dc
model_version=0.24.0
model_sha256=55c99505984e4fd99a08ff2aed8abe95be6911d61a132102eef40f63418e1d21
stamp=.version-$version-$model_version

root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/machine-cache.sh"
target="$root/.cache/kiwi"
[ -f "$target/$stamp" ] && exit 0

machine=$(machine_folder "kiwi-$version-$model_version")
if [ ! -f "$machine/$stamp" ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    echo "downloading Kiwi $version and its model $model_version (PyPI source packages, 90 MB)"
    python3 -m pip download -q --no-deps --no-binary :all: -d "$work" "kiwipiepy==$version" "kiwipiepy_model==$model_version"
    echo "$sha256  $work/kiwipiepy-$version.tar.gz" | sha256sum -c --quiet -
    echo "$model_sha256  $work/kiwipiepy_model-$model_version.tar.gz" | sha256sum -c --quiet -
    tar -xzf "$work/kiwipiepy-$version.tar.gz" -C "$work"
    tar -xzf "$work/kiwipiepy_model-$model_version.tar.gz" -C "$work"
    echo "building Kiwi $version (about 6 minutes on two cores; once per machine)"
    # cpuinfo's run-time dispatch takes 28 minutes to build; the SSE kernels alone serve x86-64.
    cmake -S "$work/kiwipiepy-$version/Kiwi" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
        -DKIWI_USE_CPUINFO=OFF -DKIWI_USE_MIMALLOC=OFF -DKIWI_BUILD_DYNAMIC=OFF -DKIWI_BUILD_CLI=OFF \
        -DKIWI_BUILD_EVALUATOR=OFF -DKIWI_BUILD_MODEL_BUILDER=OFF -DKIWI_BUILD_TEST=OFF > "$work/cmake.log"
    cmake --build "$work/build" --target kiwi_static -j "$(nproc)" > "$work/build.log" 2>&1 \
        || { tail -20 "$work/build.log" >&2; exit 1; }
    staging=$(start_machine_folder "$machine")
    mkdir -p "$staging/include/kiwi" "$staging/lib" "$staging/model"
    cp "$work/kiwipiepy-$version/Kiwi/include/kiwi/capi.h" "$work/kiwipiepy-$version/Kiwi/include/kiwi/Macro.h" "$staging/include/kiwi/"
    cp "$work/build/libkiwi_static.a" "$staging/lib/"
    cp -a "$work/kiwipiepy_model-$model_version/kiwipiepy_model/." "$staging/model/"
    rm -f "$staging/model/__init__.py" "$staging/model/_version.py"
    cp "$work/kiwipiepy-$version/LICENSE.txt" "$staging/LICENSE"
    touch "$staging/$stamp"
    finish_machine_folder "$staging" "$machine"
fi

copy_into_tree "$machine" "$target"
