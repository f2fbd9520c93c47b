#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib.h>
