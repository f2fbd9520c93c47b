#include <pango/pangocairo.h>
#include <cairo.h>
#include <glib.h>
