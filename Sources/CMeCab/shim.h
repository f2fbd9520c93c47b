// MeCab 0.996's C API (Debian libmecab-dev): models, taggers, lattices, nodes.
#include <mecab.h>
