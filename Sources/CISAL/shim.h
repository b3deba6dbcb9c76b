// Intel's ISA-L (https://github.com/intel/isa-l): streaming DEFLATE with full flushes, which lets the PNG encoder
// compress bands of rows independently, on several threads, into one zlib stream. Only Sources/Decor/Codecs
// imports it.
#include <isa-l.h>

// The level-3 working buffer size is a macro expression Swift cannot import.
static inline uint32_t decor_isal_level3_buffer_size(void) { return ISAL_DEF_LVL3_DEFAULT; }
