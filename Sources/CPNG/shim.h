#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// libpng reports errors with longjmp, which Swift cannot survive: the whole encoding happens
// here, behind one setjmp.

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} notio_png_buffer;

static void notio_png_write(png_structp png, png_bytep bytes, png_size_t length) {
    notio_png_buffer *buffer = (notio_png_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity * 2 : 1 << 20;
        while (capacity < buffer->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(buffer->data, capacity);
        if (!grown) png_error(png, "out of memory");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, length);
    buffer->size += length;
}

static void notio_png_flush(png_structp png) { (void)png; }

/// Encodes 8-bit RGB rows as a PNG with one filter for every row (`PNG_FILTER_SUB`, ...) and
/// deflate at `level` with `strategy` (`Z_RLE`, `Z_HUFFMAN_ONLY`, ...). On success returns 1 and
/// a malloc'd `*out` of `*size` bytes (the caller frees it); on failure 0.
static inline int notio_png_encode_rgb(const unsigned char *pixels, int width, int height, size_t stride,
                                       int filter, int level, int strategy,
                                       unsigned char **out, size_t *size) {
    notio_png_buffer buffer = {0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (!png) return 0;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(buffer.data);
        return 0;
    }
    png_set_write_fn(png, &buffer, notio_png_write, notio_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = buffer.data;
    *size = buffer.size;
    return 1;
}
