// zlib (https://zlib.net): the PNG encoder's `fast` compressor and its joiner. `fast` compresses parts at zlib's level 1,
// each ending in a full flush (byte-aligned, no reference into earlier data), which join as they are. libdeflate compresses the parts of an image independently, each
// ending in a final block; zlib's inflate, stopping at every block boundary (Z_BLOCK, as zlib's examples/gzjoin.c
// does), finds where each part's last block starts so its final bit can be cleared, and adler32_combine joins the
// parts' checksums. Only Sources/Decor/Codecs imports it.
#include <zlib.h>

// deflateInit2 is a macro Swift cannot import: raw deflate (no zlib header; Decor writes its own), a 32 KiB window.
static inline int decor_deflate_init_raw(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

// inflateInit2 is a macro Swift cannot import: raw deflate (no zlib header), a 32 KiB window.
static inline int decor_inflate_init_raw(z_stream *stream) {
  return inflateInit2(stream, -15);
}

// adler32_combine may be renamed by a macro (adler32_combine64) that Swift does not see through.
static inline unsigned long decor_adler32_combine(unsigned long first, unsigned long second, long secondLength) {
  return adler32_combine(first, second, (z_off_t)secondLength);
}
