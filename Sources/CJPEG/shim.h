// libjpeg-turbo's libjpeg API (jpeglib.h): JPEG files read by scanlines, with DCT scaling, for JPEGRowSource (and so
// for every JPEG decode: the whole image is every row read), and
// written by scanlines, for JPEGRowWriter (so that a render is compressed band by band, never held whole).
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
  /// libjpeg stopped on an error while compressing, or memory ran out (`message` holds the words).
  DECOR_JPEG_FAILED = 3,
};

/// The APP1 marker, where EXIF lives (JPEG_APP0 + 1, a macro expression Swift cannot import).
static const int DECOR_JPEG_APP1 = JPEG_APP0 + 1;

/// Where a reader's compressed bytes come from: a function of the Swift side (a `ByteReader`: a file, bytes in memory
/// or standard input spooled) that copies up to `capacity` bytes into `buffer` and returns how many (0 at the end, −1
/// on a read error, whose words the Swift side keeps). It is called by libjpeg from inside a helper below, returns
/// before libjpeg goes on, and never calls libjpeg, so libjpeg's `longjmp` never crosses its frame.
typedef long (*decor_jpeg_read_function)(void *context, unsigned char *buffer, size_t capacity);

/// How many compressed bytes a reader asks for at a time.
#define DECOR_JPEG_INPUT_SIZE 65536

/// One input and libjpeg's state for reading it once. `cinfo` comes first, so libjpeg's callbacks, which get a
/// pointer to it, find the whole reader. Allocated by `decor_jpeg_reader_open`, freed by `decor_jpeg_reader_close`.
typedef struct decor_jpeg_reader {
  struct jpeg_decompress_struct cinfo;
  struct jpeg_error_mgr error;
  struct jpeg_source_mgr source;
  jmp_buf jump;
  decor_jpeg_read_function read;
  void *context;
  int created;
  /// Whether the input ended before its EOI marker, or could not be read (the Swift side then has the reason).
  int ended;
  int read_failed;
  /// Whether the pixels come as CMYK (from a CMYK or YCCK file), for the caller to convert; else as RGBA.
  int cmyk;
  /// Warnings seen and passed over (the first one's words in `warning`).
  int warnings;
  char warning[JMSG_LENGTH_MAX];
  /// The error that stopped libjpeg, or the system's.
  char message[JMSG_LENGTH_MAX];
  JOCTET buffer[DECOR_JPEG_INPUT_SIZE];
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

/// The source's start: nothing is read before libjpeg asks.
static void decor_jpeg_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

/// The next bytes, from the Swift side. At the end of the input, as libjpeg's own sources do, a warning (which
/// `decor_jpeg_on_message` makes an error) and a fake EOI marker; a read error stops libjpeg.
static boolean decor_jpeg_fill_input_buffer(j_decompress_ptr cinfo) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)cinfo;
  long n = reader->read(reader->context, reader->buffer, sizeof reader->buffer);
  if (n < 0) {
    reader->read_failed = 1;
    ERREXIT(cinfo, JERR_FILE_READ);
  }
  if (n == 0) {
    reader->ended = 1;
    WARNMS(cinfo, JWRN_JPEG_EOF);
    reader->buffer[0] = (JOCTET)0xFF;
    reader->buffer[1] = (JOCTET)JPEG_EOI;
    n = 2;
  }
  reader->source.next_input_byte = reader->buffer;
  reader->source.bytes_in_buffer = (size_t)n;
  return TRUE;
}

/// Skips `count` bytes (a marker segment libjpeg does not keep), reading through them.
static void decor_jpeg_skip_input_data(j_decompress_ptr cinfo, long count) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)cinfo;
  if (count <= 0) return;
  while (count > (long)reader->source.bytes_in_buffer) {
    count -= (long)reader->source.bytes_in_buffer;
    decor_jpeg_fill_input_buffer(cinfo);
  }
  reader->source.next_input_byte += (size_t)count;
  reader->source.bytes_in_buffer -= (size_t)count;
}

/// The source's end: the Swift side closes its input.
static void decor_jpeg_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

/// Frees everything the reader holds; `reader` may be NULL.
static void decor_jpeg_reader_close(decor_jpeg_reader *reader) {
  if (!reader) return;
  if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
  free(reader);
}

/// Starts a reader of the bytes `read` gives, reads the header (keeping the APP1 markers, for the EXIF orientation,
/// and the APP2 markers, for a CMYK file's ICC profile)
/// and sets the decoding as TurboJPEG's tjDecompress2 sets it by default (the accurate integer DCT, smooth chroma
/// upsampling: libjpeg's defaults), with RGBA output (CMYK for CMYK and YCCK files) and DCT scaling by
/// 1/`scale_denominator` (1, 2, 4, 8); the output size is then in `cinfo.output_width` and `output_height`.
/// Allocates no pixel memory. On return `*out` is set (even on failure, for the message) and must be closed.
static int decor_jpeg_reader_open(decor_jpeg_read_function read, void *context, unsigned int scale_denominator,
                                  decor_jpeg_reader **out) {
  decor_jpeg_reader *reader = (decor_jpeg_reader *)calloc(1, sizeof(decor_jpeg_reader));
  *out = reader;
  if (!reader) return DECOR_JPEG_IO;
  reader->read = read;
  reader->context = context;
  reader->cinfo.err = jpeg_std_error(&reader->error);
  reader->error.error_exit = decor_jpeg_on_error;
  reader->error.emit_message = decor_jpeg_on_message;
  if (setjmp(reader->jump)) return reader->read_failed ? DECOR_JPEG_IO : DECOR_JPEG_CORRUPT;
  jpeg_create_decompress(&reader->cinfo);
  reader->created = 1;
  reader->source.init_source = decor_jpeg_init_source;
  reader->source.fill_input_buffer = decor_jpeg_fill_input_buffer;
  reader->source.skip_input_data = decor_jpeg_skip_input_data;
  reader->source.resync_to_restart = jpeg_resync_to_restart;
  reader->source.term_source = decor_jpeg_term_source;
  reader->cinfo.src = &reader->source;
  jpeg_save_markers(&reader->cinfo, JPEG_APP0 + 1, 0xFFFF);
  jpeg_save_markers(&reader->cinfo, JPEG_APP0 + 2, 0xFFFF);
  jpeg_read_header(&reader->cinfo, TRUE);
  J_COLOR_SPACE space = reader->cinfo.jpeg_color_space;
  reader->cmyk = space == JCS_CMYK || space == JCS_YCCK;
  reader->cinfo.out_color_space = reader->cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  reader->cinfo.scale_num = 1;
  reader->cinfo.scale_denom = scale_denominator;
  jpeg_calc_output_dimensions(&reader->cinfo);
  return DECOR_JPEG_OK;
}

/// The ICC profile of the header's APP2 markers (joined by libjpeg-turbo's `jpeg_read_icc_profile`, which refuses
/// missing or repeated pieces): `*data` (to be freed with `free`) and `*length`, or 0 when there is none.
static int decor_jpeg_reader_icc(decor_jpeg_reader *reader, JOCTET **data, unsigned int *length) {
  *data = NULL;
  *length = 0;
  if (setjmp(reader->jump)) return 0;
  return jpeg_read_icc_profile(&reader->cinfo, data, length) ? 1 : 0;
}

/// The subsampling factors of component `index` (0 for luma), for the header's description.
static int decor_jpeg_sampling(const decor_jpeg_reader *reader, int index, int *horizontal, int *vertical) {
  if (index < 0 || index >= reader->cinfo.num_components || !reader->cinfo.comp_info) return 0;
  *horizontal = reader->cinfo.comp_info[index].h_samp_factor;
  *vertical = reader->cinfo.comp_info[index].v_samp_factor;
  return 1;
}

/// Starts decompressing: libjpeg allocates its buffers (a few MCU rows; for a progressive file, every coefficient
/// of the image, and reads all its scans now).
static int decor_jpeg_reader_start(decor_jpeg_reader *reader) {
  if (setjmp(reader->jump)) return reader->read_failed ? DECOR_JPEG_IO : DECOR_JPEG_CORRUPT;
  jpeg_start_decompress(&reader->cinfo);
  return DECOR_JPEG_OK;
}

/// Reads the next `count` scanlines, `stride` bytes apart, 4 bytes a pixel.
static int decor_jpeg_reader_read(decor_jpeg_reader *reader, unsigned char *rows, size_t stride, unsigned int count) {
  if (setjmp(reader->jump)) return reader->read_failed ? DECOR_JPEG_IO : DECOR_JPEG_CORRUPT;
  unsigned int done = 0;
  while (done < count) {
    JSAMPROW pointers[16];
    unsigned int n = count - done < 16 ? count - done : 16;
    for (unsigned int i = 0; i < n; i++) pointers[i] = rows + (size_t)(done + i) * stride;
    JDIMENSION got = jpeg_read_scanlines(&reader->cinfo, pointers, n);
    // The source never suspends; no progress means a broken stream.
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
  if (setjmp(reader->jump)) return reader->read_failed ? DECOR_JPEG_IO : DECOR_JPEG_CORRUPT;
  jpeg_finish_decompress(&reader->cinfo);
  return DECOR_JPEG_OK;
}

// MARK: Writing

/// libjpeg's compressor and the memory it writes the file into. `cinfo` comes first, so libjpeg's callbacks, which
/// get a pointer to it, find the whole writer. The compressed bytes collect in `buffer` (the first `capacity −
/// destination.free_in_buffer` bytes); the Swift side takes them after each helper call and hands them on
/// (`decor_jpeg_writer_drained`), so the buffer holds what one call makes (a band's bytes), never the file. libjpeg
/// never waits on the destination, so nothing Swift runs inside a libjpeg call. Allocated by
/// `decor_jpeg_writer_create`, freed by `decor_jpeg_writer_close`.
typedef struct decor_jpeg_writer {
  struct jpeg_compress_struct cinfo;
  struct jpeg_error_mgr error;
  struct jpeg_destination_mgr destination;
  jmp_buf jump;
  int created;
  JOCTET *buffer;
  size_t capacity;
  /// The error that stopped libjpeg (or a warning, which stops it too, as it makes tjCompress2 fail).
  char message[JMSG_LENGTH_MAX];
} decor_jpeg_writer;

/// libjpeg's error callback: keep the words, then jump back into the helper that called libjpeg (never further).
static void decor_jpeg_writer_on_error(j_common_ptr cinfo) {
  decor_jpeg_writer *writer = (decor_jpeg_writer *)cinfo;
  (*cinfo->err->format_message)(cinfo, writer->message);
  longjmp(writer->jump, 1);
}

/// libjpeg's messages: traces are dropped; a warning is an error, as tjCompress2 reports one (and libjpeg's own
/// handler would print it on stderr).
static void decor_jpeg_writer_on_message(j_common_ptr cinfo, int level) {
  if (level >= 0) return;
  decor_jpeg_writer_on_error(cinfo);
}

/// The destination's start: the buffer is empty.
static void decor_jpeg_writer_init_destination(j_compress_ptr cinfo) {
  decor_jpeg_writer *writer = (decor_jpeg_writer *)cinfo;
  writer->destination.next_output_byte = writer->buffer;
  writer->destination.free_in_buffer = writer->capacity;
}

/// Called by libjpeg when the buffer is full, inside a helper: the buffer doubles (the bytes stay for the Swift side
/// to take after the call). Out of memory is libjpeg's error, so it jumps back into that helper.
static boolean decor_jpeg_writer_empty_output_buffer(j_compress_ptr cinfo) {
  decor_jpeg_writer *writer = (decor_jpeg_writer *)cinfo;
  size_t capacity = writer->capacity * 2;
  JOCTET *grown = capacity > writer->capacity ? (JOCTET *)realloc(writer->buffer, capacity) : NULL;
  if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
  writer->destination.next_output_byte = grown + writer->capacity;
  writer->destination.free_in_buffer = capacity - writer->capacity;
  writer->buffer = grown;
  writer->capacity = capacity;
  return TRUE;
}

/// The destination's end: the last bytes stay in the buffer for the Swift side to take.
static void decor_jpeg_writer_term_destination(j_compress_ptr cinfo) { (void)cinfo; }

/// Frees everything the writer holds; `writer` may be NULL.
static void decor_jpeg_writer_close(decor_jpeg_writer *writer) {
  if (!writer) return;
  if (writer->created) jpeg_destroy_compress(&writer->cinfo);
  free(writer->buffer);
  free(writer);
}

/// Creates libjpeg's compressor writing into a buffer of `capacity` bytes (it grows when a call makes more). On
/// return `*out` is set (even on failure, for the message) unless memory ran out, and must be closed.
static int decor_jpeg_writer_create(size_t capacity, decor_jpeg_writer **out) {
  decor_jpeg_writer *writer = (decor_jpeg_writer *)calloc(1, sizeof(decor_jpeg_writer));
  *out = writer;
  if (!writer) return DECOR_JPEG_FAILED;
  writer->buffer = (JOCTET *)malloc(capacity > 0 ? capacity : 1);
  if (!writer->buffer) {
    snprintf(writer->message, sizeof writer->message, "cannot allocate libjpeg's output buffer");
    return DECOR_JPEG_FAILED;
  }
  writer->capacity = capacity > 0 ? capacity : 1;
  writer->cinfo.err = jpeg_std_error(&writer->error);
  writer->error.error_exit = decor_jpeg_writer_on_error;
  writer->error.emit_message = decor_jpeg_writer_on_message;
  if (setjmp(writer->jump)) return DECOR_JPEG_FAILED;
  jpeg_create_compress(&writer->cinfo);
  writer->created = 1;
  writer->destination.init_destination = decor_jpeg_writer_init_destination;
  writer->destination.empty_output_buffer = decor_jpeg_writer_empty_output_buffer;
  writer->destination.term_destination = decor_jpeg_writer_term_destination;
  writer->cinfo.dest = &writer->destination;
  return DECOR_JPEG_OK;
}

/// Sets the compression exactly as TurboJPEG's tjCompress2 sets it (turbojpeg.c, setCompDefaults, libjpeg-turbo
/// 2.1) for RGB pixels, `quality` and TJFLAG_ACCURATEDCT, so that the bytes are tjCompress2's: libjpeg's defaults
/// (Huffman tables not optimised, baseline, JFIF 1.01 APP0), `jpeg_set_quality(…, TRUE)`, the accurate integer DCT,
/// YCbCr with the luma sampled 2×2 (`subsampled`, 4:2:0) or 1×1 (4:4:4) and both chroma planes 1×1. The pixels
/// come 4 bytes apart (RGBX: the fourth byte is not read; libjpeg converts RGBX and RGB alike). The JFIF density is
/// set when `density_unit` ≥ 0. Then starts compressing, which writes SOI and the JFIF APP0 segment.
static int decor_jpeg_writer_start(decor_jpeg_writer *writer, unsigned int width, unsigned int height, int quality,
                                   int subsampled, int grey, int density_unit, unsigned int x_density,
                                   unsigned int y_density) {
  if (setjmp(writer->jump)) return DECOR_JPEG_FAILED;
  j_compress_ptr cinfo = &writer->cinfo;
  cinfo->image_width = width;
  cinfo->image_height = height;
  cinfo->in_color_space = JCS_EXT_RGBX;
  cinfo->input_components = 4;
  jpeg_set_defaults(cinfo);
  jpeg_set_quality(cinfo, quality, TRUE);
  cinfo->dct_method = JDCT_ISLOW;
  if (grey) {
    // One component: libjpeg takes Y from the RGB rows, which for r = g = b is that value exactly (its weights,
    // 19595 + 38470 + 7471, sum to 65536). tjCompress2 with TJSAMP_GRAY sets the same.
    jpeg_set_colorspace(cinfo, JCS_GRAYSCALE);
  } else {
    jpeg_set_colorspace(cinfo, JCS_YCbCr);
  }
  int factor = subsampled && !grey ? 2 : 1;
  cinfo->comp_info[0].h_samp_factor = factor;
  cinfo->comp_info[0].v_samp_factor = factor;
  for (int c = 1; c < cinfo->num_components; c++) {
    cinfo->comp_info[c].h_samp_factor = 1;
    cinfo->comp_info[c].v_samp_factor = 1;
  }
  if (density_unit >= 0) {
    cinfo->density_unit = (UINT8)density_unit;
    cinfo->X_density = (UINT16)x_density;
    cinfo->Y_density = (UINT16)y_density;
  }
  jpeg_start_compress(cinfo, TRUE);
  return DECOR_JPEG_OK;
}

/// Writes a marker segment (`marker` 0xE0…0xEF for APPn) with `length` bytes of body, after those already written
/// and before the image's tables: between `decor_jpeg_writer_start` and the first rows.
static int decor_jpeg_writer_marker(decor_jpeg_writer *writer, int marker, const unsigned char *body,
                                    unsigned int length) {
  if (setjmp(writer->jump)) return DECOR_JPEG_FAILED;
  jpeg_write_marker(&writer->cinfo, marker, body, length);
  return DECOR_JPEG_OK;
}

/// Compresses the next `count` scanlines, `stride` bytes apart, 4 bytes a pixel (RGBX).
static int decor_jpeg_writer_write(decor_jpeg_writer *writer, const unsigned char *rows, size_t stride,
                                   unsigned int count) {
  if (setjmp(writer->jump)) return DECOR_JPEG_FAILED;
  unsigned int done = 0;
  while (done < count) {
    JSAMPROW pointers[16];
    unsigned int n = count - done < 16 ? count - done : 16;
    // libjpeg only reads the rows, but its row type is not const.
    for (unsigned int i = 0; i < n; i++) pointers[i] = (JSAMPROW)(rows + (size_t)(done + i) * stride);
    JDIMENSION wrote = jpeg_write_scanlines(&writer->cinfo, pointers, n);
    // The destination never suspends; no progress means libjpeg refused the rows.
    if (wrote == 0) {
      snprintf(writer->message, sizeof writer->message, "libjpeg took no scanline");
      return DECOR_JPEG_FAILED;
    }
    done += wrote;
  }
  return DECOR_JPEG_OK;
}

/// Ends the file after the last scanline: the last MCU rows, then EOI.
static int decor_jpeg_writer_finish(decor_jpeg_writer *writer) {
  if (setjmp(writer->jump)) return DECOR_JPEG_FAILED;
  jpeg_finish_compress(&writer->cinfo);
  return DECOR_JPEG_OK;
}

/// How many compressed bytes wait at the start of `buffer`.
static size_t decor_jpeg_writer_pending(const decor_jpeg_writer *writer) {
  return writer->capacity - writer->destination.free_in_buffer;
}

/// The pending bytes were taken: the buffer is empty again. Only between helper calls (libjpeg reads the
/// destination's fields anew at each call; its bit buffer holds the bits of a byte not yet complete).
static void decor_jpeg_writer_drained(decor_jpeg_writer *writer) {
  writer->destination.next_output_byte = writer->buffer;
  writer->destination.free_in_buffer = writer->capacity;
}

#endif
