// zlib (https://zlib.net): the PNG encoder's streamed compressor. Its output depends only on the input and the
// settings, and a full flush ends a piece byte-aligned with no reference into earlier data, so pieces compressed
// separately, on several threads, join into the one zlib stream PNG requires. Only Sources/Decor/Codecs imports it.
#include <zlib.h>

// deflateInit2 is a macro Swift cannot import: raw deflate (no zlib header; Decor writes its own), a 32 KiB window.
static inline int decor_deflate_init_raw(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}
