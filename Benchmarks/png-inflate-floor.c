// The floor under any PNG reader that inflates with zlib: the time zlib's `inflate` (and ISA-L's `isal_inflate`,
// when its headers are installed) takes for one PNG's IDAT stream alone, into a 1 MiB buffer reused, one core.
// It told how far `scale 0.1` of a 16384² PNG can go (Benchmarks/README.md).
//
//     cc -O2 Benchmarks/png-inflate-floor.c -lz [-lisal] -o /tmp/png-inflate-floor
//     /tmp/png-inflate-floor IMAGE.png
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#if __has_include(<isa-l/igzip_lib.h>)
#include <isa-l/igzip_lib.h>
#define HAVE_ISAL 1
#endif

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint32_t be32(const unsigned char *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s IMAGE.png\n", argv[0]); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 1; }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *file = malloc(size), *stream = malloc(size);
  if (!file || !stream || fread(file, 1, size, f) != (size_t)size) { fprintf(stderr, "cannot read\n"); return 1; }
  fclose(f);
  // The IDAT chunks' data, joined: the zlib stream.
  size_t length = 0;
  for (long at = 8; at + 12 <= size;) {
    uint32_t n = be32(file + at);
    if (at + 12 + (long)n > size) break;
    if (memcmp(file + at + 4, "IDAT", 4) == 0) { memcpy(stream + length, file + at + 8, n); length += n; }
    at += 12 + n;
  }
  enum { chunk = 1 << 20 };
  unsigned char *out = malloc(chunk);
  size_t total = 0;
  double start = now();
  z_stream z = {0};
  inflateInit(&z);
  z.next_in = stream;
  z.avail_in = (uInt)length;
  int status;
  do {
    z.next_out = out;
    z.avail_out = chunk;
    status = inflate(&z, Z_NO_FLUSH);
    total += chunk - z.avail_out;
  } while (status == Z_OK);
  inflateEnd(&z);
  printf("zlib %s inflate: %.3f s, %zu bytes of rows from %zu (status %d)\n", zlibVersion(), now() - start, total,
         length, status);
#ifdef HAVE_ISAL
  total = 0;
  start = now();
  struct inflate_state s;
  isal_inflate_init(&s);
  s.crc_flag = IGZIP_ZLIB;
  s.next_in = stream;
  s.avail_in = (uint32_t)length;
  do {
    s.next_out = out;
    s.avail_out = chunk;
    status = isal_inflate(&s);
    total += chunk - s.avail_out;
  } while (status == ISAL_DECOMP_OK && s.block_state != ISAL_BLOCK_FINISH);
  printf("ISA-L isal_inflate: %.3f s, %zu bytes of rows (status %d)\n", now() - start, total, status);
#endif
  return 0;
}
