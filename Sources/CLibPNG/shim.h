// The parts of libpng that Swift cannot import directly: macros become static inline functions, so Swift code never
// repeats libpng's arithmetic; and the full (row by row) API wrapped in C helpers, because libpng reports errors by
// longjmp and no longjmp may cross a Swift frame: every setjmp lives in a helper below, which returns a status
// instead.
#ifndef DECOR_CLIBPNG_SHIM_H
#define DECOR_CLIBPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Sequential reading through the full API (PNGRowSource, the one PNG reader)

/// The statuses of the helpers below.
enum {
  DECOR_PNG_OK = 0,
  /// The input could not be read (the Swift side has the reason), or the reader could not be allocated.
  DECOR_PNG_IO = 1,
  /// libpng rejected the data (`message` holds libpng's words).
  DECOR_PNG_CORRUPT = 2,
};

/// Where a reader's bytes come from: up to `capacity` of the next bytes copied into `buffer`; returns how many, 0 at
/// the end of the input, or -1 when it cannot be read (the caller then has the reason). `context` is what was
/// given to `decor_png_reader_open`.
typedef long (*decor_png_read_function)(void *context, unsigned char *buffer, size_t capacity);

/// How many compressed bytes a reader asks its input for at a time (libpng itself asks for a chunk header, or a
/// few kilobytes of image data, at a time).
#define DECOR_PNG_INPUT_SIZE 65536

/// One input and libpng's state for reading it once, top to bottom. Allocated by `decor_png_reader_open`, freed by
/// `decor_png_reader_close` whatever happened in between.
typedef struct decor_png_reader {
  png_structp png;
  png_infop info;
  decor_png_read_function read;
  void *context;
  /// Whether the input could not be read (the Swift side then has the reason).
  int read_failed;
  /// libpng's last error.
  char message[256];
  /// From IHDR.
  png_uint_32 width;
  png_uint_32 height;
  int bit_depth;
  int color_type;
  int interlaced;
  /// Set with the header: the file has neither an alpha channel nor tRNS, so every pixel is opaque.
  int opaque;
  /// The bytes read from the input and not yet given to libpng: `buffer[next..<end]`.
  size_t next;
  size_t end;
  unsigned char buffer[DECOR_PNG_INPUT_SIZE];
} decor_png_reader;

/// libpng's error callback: keep the words, then jump back into the helper that called libpng (never further).
static void decor_png_on_error(png_structp png, png_const_charp message) {
  decor_png_reader *reader = (decor_png_reader *)png_get_error_ptr(png);
  snprintf(reader->message, sizeof reader->message, "%s", message ? message : "libpng error");
  png_longjmp(png, 1);
}

/// Warnings (and benign errors, which the simplified API also demotes) are not failures: libpng has already
/// repaired or skipped what it warns about.
static void decor_png_on_warning(png_structp png, png_const_charp message) {
  (void)png;
  (void)message;
}

/// Frees everything the reader holds; `reader` may be NULL.
static void decor_png_reader_close(decor_png_reader *reader) {
  if (!reader) return;
  if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
  free(reader);
}

/// libpng's read callback: exactly `length` bytes, from the buffer, refilled from the input as it empties. An input
/// that ends first is libpng's "Read Error" (as its own stdio reader says); one that cannot be read stops libpng
/// with `read_failed` set.
static void decor_png_read_data(png_structp png, png_bytep data, size_t length) {
  decor_png_reader *reader = (decor_png_reader *)png_get_io_ptr(png);
  while (length > 0) {
    if (reader->next == reader->end) {
      long n = reader->read(reader->context, reader->buffer, sizeof reader->buffer);
      if (n < 0) {
        reader->read_failed = 1;
        png_error(png, "the input cannot be read");
      }
      if (n == 0) png_error(png, "Read Error");
      reader->next = 0;
      reader->end = (size_t)n;
    }
    size_t available = reader->end - reader->next;
    size_t count = available < length ? available : length;
    memcpy(data, reader->buffer + reader->next, count);
    reader->next += count;
    data += count;
    length -= count;
  }
}

/// Starts a reader of the bytes `read` gives (with `context`) and reads the chunks up to the image data (IHDR, PLTE,
/// tRNS; every other ancillary chunk is skipped unread, the colour-space ones included: samples are taken as
/// sRGB-encoded). Allocates no pixel memory. On return `*out` is set (even on failure, for the message) and must be
/// closed.
static int decor_png_reader_open(decor_png_read_function read, void *context, decor_png_reader **out) {
  decor_png_reader *reader = (decor_png_reader *)calloc(1, sizeof(decor_png_reader));
  *out = reader;
  if (!reader) return DECOR_PNG_IO;
  reader->read = read;
  reader->context = context;
  reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, decor_png_on_error, decor_png_on_warning);
  if (!reader->png) {
    snprintf(reader->message, sizeof reader->message, "libpng could not start");
    return DECOR_PNG_CORRUPT;
  }
  reader->info = png_create_info_struct(reader->png);
  if (!reader->info) {
    snprintf(reader->message, sizeof reader->message, "libpng could not start");
    return DECOR_PNG_CORRUPT;
  }
  if (setjmp(png_jmpbuf(reader->png))) return reader->read_failed ? DECOR_PNG_IO : DECOR_PNG_CORRUPT;
  png_set_read_fn(reader->png, reader, decor_png_read_data);
  // As png_image_begin_read: benign errors (a palette index past the palette, too many IDATs) are warnings.
  png_set_benign_errors(reader->png, 1);
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
  // Each IDAT chunk's CRC already checks every compressed byte read; the zlib stream's Adler-32 would check the
  // same data again after inflating it, at an eighth of the decoding time of a large image (libvips skips it too).
  // A stream that inflates to the wrong length still fails.
  png_set_option(reader->png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
  // Every chunk but the critical ones and tRNS is skipped unread (libpng always handles IHDR, PLTE, tRNS, IDAT and
  // IEND itself), so a damaged text or colour-space chunk fails nothing, and compressed text is never inflated.
  png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  png_read_info(reader->png, reader->info);
  int interlace = 0;
  png_get_IHDR(reader->png, reader->info, &reader->width, &reader->height, &reader->bit_depth,
               &reader->color_type, &interlace, NULL, NULL);
  reader->interlaced = interlace != PNG_INTERLACE_NONE;
  reader->opaque =
    (reader->color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(reader->png, reader->info, PNG_INFO_tRNS);
  return DECOR_PNG_OK;
}

/// Sets the transformations to straight RGBA at 8 bits (16 for 16-bit files, in host byte order): palettes,
/// low bit depths and tRNS expanded, grey spread to RGB, an opaque alpha added where there is none. No gamma or
/// colour conversion is asked for, so none is done. Interlaced files are not de-interlaced here: each of the seven
/// passes comes as its own small image (`decor_png_pass`), which the caller places. Allocates libpng's row buffers
/// (a few rows). `*row_bytes` is the size of one full row as libpng writes it.
static int decor_png_reader_start(decor_png_reader *reader, size_t *row_bytes) {
  if (setjmp(png_jmpbuf(reader->png))) return reader->read_failed ? DECOR_PNG_IO : DECOR_PNG_CORRUPT;
  png_structp png = reader->png;
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  reader->opaque =
    (reader->color_type & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, reader->info, PNG_INFO_tRNS);
  if (reader->opaque) png_set_add_alpha(png, reader->bit_depth == 16 ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
  if (reader->bit_depth == 16) {
    const png_uint_16 one = 1;
    if (*(const png_byte *)&one == 1) png_set_swap(png);
  }
  png_read_update_info(png, reader->info);
  *row_bytes = png_get_rowbytes(png, reader->info);
  return DECOR_PNG_OK;
}

/// Reads the next `count` rows (of the current pass, for an interlaced file), `stride` bytes apart.
static int decor_png_reader_read(decor_png_reader *reader, png_bytep rows, size_t stride, png_uint_32 count) {
  if (setjmp(png_jmpbuf(reader->png))) return reader->read_failed ? DECOR_PNG_IO : DECOR_PNG_CORRUPT;
  for (png_uint_32 i = 0; i < count; i++) png_read_row(reader->png, rows + (size_t)i * stride, NULL);
  return DECOR_PNG_OK;
}

/// Adam7 pass `pass` (0…6) of an image of `width` × `height`: its pixels are at x = x0 + k·dx, y = y0 + k·dy, and
/// it has `columns` × `rows` of them (a pass with none is skipped by libpng).
static void decor_png_pass(int pass, png_uint_32 width, png_uint_32 height, png_uint_32 *x0, png_uint_32 *dx,
                           png_uint_32 *y0, png_uint_32 *dy, png_uint_32 *columns, png_uint_32 *rows) {
  *x0 = PNG_PASS_START_COL(pass);
  *dx = (png_uint_32)1 << PNG_PASS_COL_SHIFT(pass);
  *y0 = PNG_PASS_START_ROW(pass);
  *dy = (png_uint_32)1 << PNG_PASS_ROW_SHIFT(pass);
  *columns = PNG_PASS_COLS(width, pass);
  *rows = PNG_PASS_ROWS(height, pass);
}

#endif
