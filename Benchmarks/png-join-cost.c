// The cost of joining libdeflate's parts, on one thread: libdeflate over a PNG's whole filtered rows in
// one call against 1 MiB parts of whole rows, the zlib inflate pass (Z_BLOCK, as gzjoin.c) that finds each part's
// last block, and zlib level 1 with full flushes (`fast`), which needs no such pass. CPU seconds of this thread.
//
//     decor apply IN.png -o stored.png --compression 0      # the filtered rows, stored
//     cc -O2 Benchmarks/png-join-cost.c -ldeflate -lz -o /tmp/png-join-cost && /tmp/png-join-cost stored.png
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned be32(const unsigned char *p) { return (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

// The filtered rows of a PNG file (its IDAT data inflated), its row length in bytes with the filter byte.
static unsigned char *filtered_rows(const char *path, size_t *count, size_t *stride) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(1); }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  unsigned char *bytes = malloc(size), *idat = malloc(size);
  if (fread(bytes, 1, size, file) != (size_t)size) { perror(path); exit(1); }
  fclose(file);
  size_t idat_count = 0, width = 0, channels = 4, height = 0;
  for (long offset = 8; offset + 12 <= size; offset += 12 + be32(bytes + offset)) {
    const unsigned char *chunk = bytes + offset;
    if (!memcmp(chunk + 4, "IHDR", 4)) {
      width = be32(chunk + 8);
      height = be32(chunk + 12);
      channels = chunk[17] == 6 ? 4 : 3;
    } else if (!memcmp(chunk + 4, "IDAT", 4)) {
      memcpy(idat + idat_count, chunk + 8, be32(chunk));
      idat_count += be32(chunk);
    }
  }
  *stride = width * channels + 1;
  uLongf length = *stride * height;
  unsigned char *rows = malloc(length);
  if (uncompress(rows, &length, idat, idat_count) != Z_OK) { fprintf(stderr, "%s: bad IDAT\n", path); exit(1); }
  *count = length;
  free(bytes);
  free(idat);
  return rows;
}

// Inflates `compressed` block by block to its end, as DeflateParts.join does; the seconds it took.
static double find_last_block(const unsigned char *compressed, size_t count, unsigned char *scratch, size_t room) {
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  inflateInit2(&stream, -15);
  stream.next_in = (unsigned char *)compressed;
  stream.avail_in = count;
  stream.next_out = scratch;
  stream.avail_out = room;
  double start = now();
  for (;;) {
    int status = inflate(&stream, Z_BLOCK);
    if (status != Z_OK || !(stream.data_type & 128)) { fprintf(stderr, "inflate: %d\n", status); exit(1); }
    if (stream.data_type & 64) break;
  }
  double seconds = now() - start;
  inflateEnd(&stream);
  return seconds;
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s STORED.png [PART_BYTES]\n", argv[0]); return 2; }
  size_t count, stride;
  unsigned char *rows = filtered_rows(argv[1], &count, &stride);
  size_t part_bytes = argc > 2 ? (size_t)atol(argv[2]) : 1 << 20;
  size_t part = (part_bytes / stride ? part_bytes / stride : 1) * stride;
  size_t room = count + count / 100 + (1 << 16);
  unsigned char *out = malloc(room), *scratch = malloc(part);
  printf("%s: %zu bytes of filtered rows, parts of %zu\n", argv[1], count, part);
  int levels[] = {1, 4, 5, 6, 7, 8, 9, 12};
  for (int i = 0; i < 8; i++) {
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(levels[i]);
    double start = now();
    size_t whole = libdeflate_zlib_compress(compressor, rows, count, out, room);
    double whole_seconds = now() - start;
    size_t parts = 0;
    double compress_seconds = 0, join_seconds = 0;
    for (size_t offset = 0; offset < count; offset += part) {
      size_t length = count - offset < part ? count - offset : part;
      start = now();
      size_t size = libdeflate_deflate_compress(compressor, rows + offset, length, out, room);
      compress_seconds += now() - start;
      parts += size + 6;  // at most 5 bytes of empty stored block, and zlib's header and Adler-32 shared
      if (offset + length < count) join_seconds += find_last_block(out, size, scratch, part);
    }
    printf("libdeflate %2d: whole %.3f s %zu B | parts %.3f s + join %.3f s, %zu B (%+.2f%%)\n", levels[i],
           whole_seconds, whole, compress_seconds, join_seconds, parts, 100.0 * parts / whole - 100);
    libdeflate_free_compressor(compressor);
  }
  double start = now();
  size_t total = 0;
  for (size_t offset = 0; offset < count; offset += part) {
    size_t length = count - offset < part ? count - offset : part;
    z_stream stream;
    memset(&stream, 0, sizeof stream);
    deflateInit2(&stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    stream.next_in = rows + offset;
    stream.avail_in = length;
    stream.next_out = out;
    stream.avail_out = room;
    deflate(&stream, offset + length < count ? Z_FULL_FLUSH : Z_FINISH);
    total += stream.total_out;
    deflateEnd(&stream);
  }
  printf("zlib 1, full flushes: %.3f s, %zu B\n", now() - start, total);
  return 0;
}
