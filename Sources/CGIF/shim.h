// giflib (https://giflib.sourceforge.net): GIF files read through DGifOpen's input function (from memory, or pulled
// from a ByteReader frame by frame) and written through EGifOpen's output function. Only DecorCodecs imports it
// (GIFDecoder, GIFFrameReader, GIFAnimationWriter). giflib reports every failure through return codes and the
// GifFileType's Error field, and never prints.
#include <gif_lib.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

// The bytes giflib reads, and how far it has read.
typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} decor_gif_memory;

// giflib's input function: copies at most `length` bytes, fewer at the end of the data (giflib then reports
// D_GIF_ERR_READ_FAILED, which GIFDecoder turns into a "truncated" error).
static inline int decor_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
  decor_gif_memory *memory = (decor_gif_memory *)gif->UserData;
  if (length <= 0 || memory->position >= memory->size) return 0;
  size_t left = memory->size - memory->position;
  size_t count = (size_t)length < left ? (size_t)length : left;
  memcpy(buffer, memory->data + memory->position, count);
  memory->position += count;
  return (int)count;
}

// DGifOpen over `memory`; NULL with `*error` set when the header or the screen descriptor cannot be read.
static inline GifFileType *decor_gif_open(decor_gif_memory *memory, int *error) {
  return DGifOpen(memory, decor_gif_read, error);
}

// A GIF read as a stream: giflib's input function pulls its bytes through `read` (Swift's ByteReader, which checks
// cancellation before every read), so a file is never held whole. `read` returns the bytes copied, 0 at the end,
// -1 on an error the reader keeps.
typedef long (*decor_gif_read_function)(void *context, unsigned char *buffer, size_t capacity);

typedef struct {
  decor_gif_read_function read;
  void *context;
} decor_gif_source;

// giflib asks for exact counts: a short read from a pipe or a file is completed here; fewer bytes mean the end of
// the data (giflib then reports D_GIF_ERR_READ_FAILED).
static inline int decor_gif_source_read(GifFileType *gif, GifByteType *buffer, int length) {
  decor_gif_source *source = (decor_gif_source *)gif->UserData;
  if (length <= 0) return 0;
  int total = 0;
  while (total < length) {
    long got = source->read(source->context, buffer + total, (size_t)(length - total));
    if (got <= 0) break;
    total += (int)got;
  }
  return total;
}

// DGifOpen over `source`; NULL with `*error` set when the header or the screen descriptor cannot be read.
static inline GifFileType *decor_gif_open_source(decor_gif_source *source, int *error) {
  return DGifOpen(source, decor_gif_source_read, error);
}

// A GIF written through `write` (Swift's buffer in front of a ByteSink): the bytes taken, fewer on an error the
// writer keeps (giflib then reports E_GIF_ERR_WRITE_FAILED).
typedef long (*decor_gif_write_function)(void *context, const unsigned char *bytes, size_t count);

typedef struct {
  decor_gif_write_function write;
  void *context;
} decor_gif_sink;

static inline int decor_gif_sink_write(GifFileType *gif, const GifByteType *bytes, int length) {
  decor_gif_sink *sink = (decor_gif_sink *)gif->UserData;
  if (length <= 0) return 0;
  return (int)sink->write(sink->context, bytes, (size_t)length);
}

// EGifOpen over `sink`; NULL with `*error` set when giflib cannot allocate its state.
static inline GifFileType *decor_gif_open_sink(decor_gif_sink *sink, int *error) {
  return EGifOpen(sink, decor_gif_sink_write, error);
}
