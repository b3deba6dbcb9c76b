// libheif (https://github.com/strukturag/libheif), 1.15 or later: HEIC (through libde265) and AVIF (through dav1d
// or libaom) read from memory, AVIF written through libaom into memory. Only Sources/Decor/Codecs imports it
// (HEIFDecoder, AVIFEncoder).
//
// libheif reports every failure as a returned `struct heif_error` and never prints; the helpers below only hold
// what Swift cannot write itself: the writer callback that gathers the output in memory.
#include <libheif/heif.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// An AVIF file being written to memory: the bytes so far, grown by realloc, and whether memory ran out.
typedef struct {
  uint8_t *data;
  size_t size;
  size_t capacity;
  int outOfMemory;
} decor_heif_output;

static struct heif_error decor_heif_write_bytes(struct heif_context *ctx, const void *data, size_t size,
                                                void *userdata) {
  (void)ctx;
  decor_heif_output *output = (decor_heif_output *)userdata;
  struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};
  struct heif_error full = {heif_error_Memory_allocation_error, heif_suberror_Unspecified, "out of memory"};
  size_t end = output->size + size;
  if (end < output->size) {
    output->outOfMemory = 1;
    return full;
  }
  if (end > output->capacity) {
    size_t capacity = output->capacity ? output->capacity : 65536;
    while (capacity < end) {
      if (capacity > SIZE_MAX / 2) {
        output->outOfMemory = 1;
        return full;
      }
      capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(output->data, capacity);
    if (grown == NULL) {
      output->outOfMemory = 1;
      return full;
    }
    output->data = grown;
    output->capacity = capacity;
  }
  if (size > 0) memcpy(output->data + output->size, data, size);
  output->size = end;
  return ok;
}

// Writes `ctx`'s file into `output` (which the caller frees with decor_heif_free_output, whatever the result).
static inline struct heif_error decor_heif_write(struct heif_context *ctx, decor_heif_output *output) {
  struct heif_writer writer;
  writer.writer_api_version = 1;
  writer.write = decor_heif_write_bytes;
  return heif_context_write(ctx, &writer, output);
}

// The output buffer `decor_heif_write` grew, released once copied.
static inline void decor_heif_free_output(decor_heif_output *output) {
  free(output->data);
  output->data = NULL;
  output->size = 0;
  output->capacity = 0;
}
