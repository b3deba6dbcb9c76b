// libtiff (https://libtiff.gitlab.io/libtiff/), 4.5 or later for per-file error handlers: TIFF files read from any
// byte source (through a Swift ByteReader's positional reads) and written to memory, through TIFFClientOpenExt.
// Only Sources/DecorCodecs imports it (TIFFRowReader, TIFFDecoder, TIFFEncoder).
//
// libtiff prints its errors and warnings to stderr unless told otherwise: every file is opened with handlers that
// keep the first error's message (for CodecError) and drop warnings, and the process-wide handlers, which libtiff
// still calls where it has no file at hand, are set to none once.
#include <tiffio.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A TIFF file in memory, or read through a caller's function: the bytes read (`data`) or written (`output`, grown by
// realloc), or `source_read` asked for `length` bytes at an offset (a Swift ByteReader, `source`; `size` is then
// the source's size), where libtiff is, and the first error libtiff reported.
typedef struct {
  void *source;
  intptr_t (*source_read)(void *source, void *buffer, intptr_t length, uint64_t offset);
  const uint8_t *data;
  uint8_t *output;
  size_t size;
  size_t capacity;
  size_t position;
  int outOfMemory;
  char message[256];
} decor_tiff_io;

static tmsize_t decor_tiff_read(thandle_t handle, void *buffer, tmsize_t length) {
  decor_tiff_io *io = (decor_tiff_io *)handle;
  if (io->source_read != NULL) {
    if (length <= 0) return 0;
    intptr_t count = io->source_read(io->source, buffer, (intptr_t)length, (uint64_t)io->position);
    if (count < 0) return -1;
    io->position += (size_t)count;
    return (tmsize_t)count;
  }
  const uint8_t *bytes = io->data ? io->data : io->output;
  if (length <= 0 || io->position >= io->size || bytes == NULL) return 0;
  size_t left = io->size - io->position;
  size_t count = (size_t)length < left ? (size_t)length : left;
  memcpy(buffer, bytes + io->position, count);
  io->position += count;
  return (tmsize_t)count;
}

static tmsize_t decor_tiff_write(thandle_t handle, void *buffer, tmsize_t length) {
  decor_tiff_io *io = (decor_tiff_io *)handle;
  if (io->data != NULL || io->source_read != NULL || length < 0) return -1;
  size_t end = io->position + (size_t)length;
  if (end < io->position) return -1;
  if (end > io->capacity) {
    size_t capacity = io->capacity ? io->capacity : 65536;
    while (capacity < end) {
      if (capacity > SIZE_MAX / 2) return -1;
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(io->output, capacity);
    if (grown == NULL) {
      io->outOfMemory = 1;
      return -1;
    }
    io->output = grown;
    io->capacity = capacity;
  }
  // A seek beyond the end leaves a gap: zeros, as a file would read.
  if (io->position > io->size) memset(io->output + io->size, 0, io->position - io->size);
  memcpy(io->output + io->position, buffer, (size_t)length);
  io->position = end;
  if (end > io->size) io->size = end;
  return length;
}

static toff_t decor_tiff_seek(thandle_t handle, toff_t offset, int whence) {
  decor_tiff_io *io = (decor_tiff_io *)handle;
  uint64_t base = whence == SEEK_CUR ? io->position : whence == SEEK_END ? io->size : 0;
  uint64_t target = base + offset;
  // Offsets are unsigned: a negative relative seek arrives wrapped around, and a target past 2^62 is nonsense.
  if (target > ((uint64_t)1 << 62)) return (toff_t)-1;
  io->position = (size_t)target;
  return target;
}

static int decor_tiff_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t decor_tiff_size(thandle_t handle) { return ((decor_tiff_io *)handle)->size; }

// Reading bytes in memory maps them as they are (libtiff then reads strips in place); reading through
// `source_read` and writing never map.
static int decor_tiff_map(thandle_t handle, void **base, toff_t *size) {
  decor_tiff_io *io = (decor_tiff_io *)handle;
  if (io->data == NULL) return 0;
  *base = (void *)io->data;
  *size = io->size;
  return 1;
}

static void decor_tiff_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle;
  (void)base;
  (void)size;
}

static int decor_tiff_error(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
  (void)tif;
  (void)module;
  decor_tiff_io *io = (decor_tiff_io *)user;
  if (io->message[0] == 0) vsnprintf(io->message, sizeof io->message, format, arguments);
  return 1;
}

static int decor_tiff_warning(TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
  (void)tif;
  (void)user;
  (void)module;
  (void)format;
  (void)arguments;
  return 1;
}

static void decor_tiff_silence_process_once(void) {
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
}

// Sets the process-wide handlers to none, once per process (a header-only shim has one copy per translation unit;
// setting them again is harmless).
static inline void decor_tiff_silence_process(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, decor_tiff_silence_process_once);
}

// Opens `io` as a TIFF file, for reading ("r") or writing ("w"); NULL with `io->message` set when libtiff refuses.
static inline TIFF *decor_tiff_open(decor_tiff_io *io, const char *mode) {
  decor_tiff_silence_process();
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetErrorHandlerExtR(options, decor_tiff_error, io);
  TIFFOpenOptionsSetWarningHandlerExtR(options, decor_tiff_warning, io);
  TIFF *tif = TIFFClientOpenExt("<memory>", mode, (thandle_t)io, decor_tiff_read, decor_tiff_write, decor_tiff_seek,
                                decor_tiff_close, decor_tiff_size, decor_tiff_map, decor_tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  return tif;
}

// Opens the bytes `io->source_read` reads from `io->source` (`io->size` of them) as a TIFF file for reading, named
// `name` in libtiff's messages; NULL with `io->message` set when libtiff refuses.
static inline TIFF *decor_tiff_open_source(decor_tiff_io *io, const char *name) {
  decor_tiff_silence_process();
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetErrorHandlerExtR(options, decor_tiff_error, io);
  TIFFOpenOptionsSetWarningHandlerExtR(options, decor_tiff_warning, io);
  TIFF *tif = TIFFClientOpenExt(name, "rm", (thandle_t)io, decor_tiff_read, decor_tiff_write, decor_tiff_seek,
                                decor_tiff_close, decor_tiff_size, decor_tiff_map, decor_tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  return tif;
}

// The output buffer `decor_tiff_write` grew, released once copied.
static inline void decor_tiff_free_output(decor_tiff_io *io) {
  free(io->output);
  io->output = NULL;
}

// TIFFGetField's variadic forms, which Swift cannot call.
static inline int decor_tiff_get_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
  return TIFFGetField(tif, tag, value);
}
static inline int decor_tiff_get_u32(TIFF *tif, uint32_t tag, uint32_t *value) {
  return TIFFGetField(tif, tag, value);
}
static inline int decor_tiff_get_float(TIFF *tif, uint32_t tag, float *value) { return TIFFGetField(tif, tag, value); }
static inline int decor_tiff_get_defaulted_u16(TIFF *tif, uint32_t tag, uint16_t *value) {
  return TIFFGetFieldDefaulted(tif, tag, value);
}
// ExtraSamples: how many, and what each is (EXTRASAMPLE_ASSOCALPHA, …).
static inline int decor_tiff_get_extra_samples(TIFF *tif, uint16_t *count, uint16_t **kinds) {
  return TIFFGetFieldDefaulted(tif, TIFFTAG_EXTRASAMPLES, count, kinds);
}
static inline int decor_tiff_get_icc(TIFF *tif, uint32_t *count, void **bytes) {
  return TIFFGetField(tif, TIFFTAG_ICCPROFILE, count, bytes);
}
static inline int decor_tiff_set_u16(TIFF *tif, uint32_t tag, uint16_t value) {
  return TIFFSetField(tif, tag, (int)value);
}
static inline int decor_tiff_set_u32(TIFF *tif, uint32_t tag, uint32_t value) { return TIFFSetField(tif, tag, value); }
static inline int decor_tiff_set_float(TIFF *tif, uint32_t tag, float value) {
  return TIFFSetField(tif, tag, (double)value);
}
static inline int decor_tiff_set_extra_samples(TIFF *tif, uint16_t count, const uint16_t *kinds) {
  return TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, count, kinds);
}
static inline int decor_tiff_set_icc(TIFF *tif, uint32_t count, const void *bytes) {
  return TIFFSetField(tif, TIFFTAG_ICCPROFILE, count, bytes);
}
// XMP: the XMLPacket tag (700), raw bytes.
static inline int decor_tiff_get_xmp(TIFF *tif, uint32_t *count, void **bytes) {
  return TIFFGetField(tif, TIFFTAG_XMLPACKET, count, bytes);
}
static inline int decor_tiff_set_xmp(TIFF *tif, uint32_t count, const void *bytes) {
  return TIFFSetField(tif, TIFFTAG_XMLPACKET, count, bytes);
}
