// giflib (https://giflib.sourceforge.net): GIF files read from memory through DGifOpen's input function. Only
// Sources/Decor/Codecs imports it (GIFDecoder). giflib reports every failure through return codes and the
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
