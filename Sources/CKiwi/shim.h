// Kiwi 0.24's C API (include/kiwi/capi.h), as scripts/build-korean-model.sh puts it in the tree.
#include "../../.cache/kiwi/include/kiwi/capi.h"
