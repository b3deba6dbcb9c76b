// libjpeg-turbo's libjpeg API (jpeglib.h): JPEG files read by scanlines, with DCT scaling, for JPEGRowSource.
// libjpeg reports errors by longjmp and no longjmp may cross a Swift frame, so every call into libjpeg is made by
// a C helper below that holds the setjmp and returns a status. Only Sources/Decor/Codecs imports it.
#ifndef DECOR_CJPEG_SHIM_H
#define DECOR_CJPEG_SHIM_H

// jpeglib.h needs FILE and size_t declared first.
#include <errno.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

/// The statuses of the helpers below.
enum {
  DECOR_JPEG_OK = 0,
  /// The file could not be opened (`message` holds the system's reason).
  DECOR_JPEG_IO = 1,
  /// libjpeg stopped on an error, or the file ended early (`message` holds libjpeg's words).
  DECOR_JPEG_CORRUPT = 2,
};

/// The APP1 marker, where EXIF lives (JPEG_APP0 + 1, a macro expression Swift cannot import).
static const int DECOR_JPEG_APP1 = JPEG_APP0 + 1;

/// One open file and libjpeg's state for reading it once. `cinfo` comes first, so libjpeg's callbacks, which get a
/// pointer to it, find the whole reader. Allocated by `decor_jpeg_reader_open`, freed by `decor_jpeg_reader_close`.
typedef struct decor_jpeg_reader {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr error;
  jmp_buf jump;
  FILE *file;
  int created;
  /// Whether the pixels come as (Adobe, inverted) CMYK, for the caller to convert; else as RGBA.
  int cmyk;
  /// Warnings seen and passed over (the first one's words in `warning`).
  int warnings;
  char warning[JMSG_LENGTH_MAX];
  /// The error that stopped libjpeg, or the system's.
  char message[JMSG_LENGTH_MAX];
} decor_jpeg_reader;

/// libjpeg's error callback: keep the words, then jump back into the helper that called libjpeg (never further).
static void decor_jpeg_on_error(j_common_ptr cinfo) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)cinfo;
  (*cinfo->err->format_message)(cinfo, reader->message);
  longjmp(reader->jump, 1);
}

/// libjpeg's messages: traces (level ≥ 0) are dropped; warnings (level −1) are passed over, as browsers and
/// libjpeg's own default do (a stray byte before a marker, a damaged restart interval: the rest of the image still
/// decodes), except the file ending early, after which libjpeg would invent grey pixels for the missing part: that
/// one is an error.
static void decor_jpeg_on_message(j_common_ptr cinfo, int level) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)cinfo;
  if (level >= 0) return;
  if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
    (*cinfo->err->format_message)(cinfo, reader->message);
    longjmp(reader->jump, 1);
  }
  if (reader->warnings++ == 0) (*cinfo->err->format_message)(cinfo, reader->warning);
}

/// Frees everything the reader holds; `reader` may be NULL.
static void decor_jpeg_reader_close(decor_jpeg_reader *reader) {
  if (!reader) return;
  if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
  if (reader->file) fclose(reader->file);
  free(reader);
}

/// Opens `path`, reads the header (keeping the APP1 markers, for the EXIF orientation) and sets the decoding as
/// TurboJPEG's tjDecompress2 sets it by default (the accurate integer DCT, smooth chroma upsampling: libjpeg's
/// defaults), with RGBA output (CMYK for CMYK and YCCK files) and DCT scaling by 1/`scale_denominator` (1, 2, 4,
/// 8); the output size is then in `cinfo.output_width` and `output_height`. Allocates no pixel memory. On return
/// `*out` is set (even on failure, for the message) and must be closed.
static int decor_jpeg_reader_open(const char *path, unsigned int scale_denominator, decor_jpeg_reader **out) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)calloc(1, sizeof(decor_jpeg_reader));
  *out = reader;
  if (!reader) return DECOR_JPEG_IO;
  reader->file = fopen(path, "rb");
  if (!reader->file) {
    snprintf(reader->message, sizeof reader->message, "cannot open: %s", strerror(errno));
    return DECOR_JPEG_IO;
  }
  reader->cinfo.err = jpeg_std_error(&reader->error);
  reader->error.error_exit = decor_jpeg_on_error;
  reader->error.emit_message = decor_jpeg_on_message;
  if (setjmp(reader->jump)) return DECOR_JPEG_CORRUPT;
  jpeg_create_decompress(&reader->cinfo);
  reader->created = 1;
  jpeg_stdio_src(&reader->cinfo, reader->file);
  jpeg_save_markers(&reader->cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_read_header(&reader->cinfo, TRUE);
  J_COLOR_SPACE space = reader->cinfo.jpeg_color_space;
  reader->cmyk = space == JCS_CMYK || space == JCS_YCCK;
  reader->cinfo.out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  reader->cinfo.scale_num = 1;
  reader->cinfo.scale_denom = scale_denominator;
  jpeg_calc_output_dimensions(&reader->cinfo);
  return DECOR_JPEG_OK;
}

/// Starts decompressing: libjpeg allocates its buffers (a few MCU rows; for a progressive file, every coefficient
/// of the image, and reads all its scans now).
static int decor_jpeg_reader_start(decor_jpeg_reader *reader) {
  if (setjmp(reader->jump)) return DECOR_JPEG_CORRUPT;
  jpeg_start_decompress(&reader->cinfo);
  return DECOR_JPEG_OK;
}

/// Reads the next `count` scanlines, `stride` bytes apart, 4 bytes a pixel.
static int decor_jpeg_reader_read(decor_jpeg_reader *reader, unsigned char *rows, size_t stride, unsigned int count) {
  if (setjmp(reader->jump)) return DECOR_JPEG_CORRUPT;
  unsigned int done = 0;
  while (done < count) {
    JSAMPROW pointers[16];
    unsigned int n = count - done < 16 ? count - done : 16;
    for (unsigned int i = 0; i < n; i++) pointers[i] = rows + (size_t)(done + i) * stride;
    JDIMENSION got = jpeg_read_scanlines(&reader->cinfo, pointers, n);
    // With a stdio source libjpeg never suspends; no progress means a broken stream.
    if (got == 0) {
      snprintf(reader->message, sizeof reader->message, "libjpeg gave no scanline");
      return DECOR_JPEG_CORRUPT;
    }
    done += got;
  }
  return DECOR_JPEG_OK;
}

/// Reads the rest of the file after the last scanline (up to EOI), as tjDecompress2 does.
static int decor_jpeg_reader_finish(decor_jpeg_reader *reader) {
  if (setjmp(reader->jump)) return DECOR_JPEG_CORRUPT;
  jpeg_finish_decompress(&reader->cinfo);
  return DECOR_JPEG_OK;
}

#endif
