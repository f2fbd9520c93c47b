# Sourced by the scripts that put a downloaded or built dependency into .cache/ of the tree: it is
# made once per machine (NOTIO_CACHE, default ~/.cache/notio) and copied into each tree.

# The machine's folder for $1 (name-version).
machine_folder() {
    echo "${NOTIO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/notio}/$1"
}

# A new empty folder beside $1, to fill and then `finish_machine_folder`: a run stopped half-way
# leaves no half dependency.
start_machine_folder() {
    mkdir -p "$(dirname "$1")"
    staging=$(mktemp -d "$1.XXXXXX")
    chmod 755 "$staging"
    echo "$staging"
}

# Moves the filled folder $1 to its place $2.
finish_machine_folder() {
    rm -rf "$2" && mv "$1" "$2"
}

# Copies the machine's folder $1 into the tree at $2 (hard links where both are on one file system).
copy_into_tree() {
    rm -rf "$2.partial" "$2"
    mkdir -p "$(dirname "$2")"
    cp -al "$1" "$2.partial" 2>/dev/null || cp -a "$1" "$2.partial"
    mv "$2.partial" "$2"
}
