#include <sodium.h>
/* malloc_trim: the server hands its free heap back after starting (NotioCommand.serve). */
#include <malloc.h>
