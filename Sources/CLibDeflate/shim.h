// libdeflate (https://github.com/ebiggers/libdeflate): whole-buffer DEFLATE/zlib compression and CRC-32, used by
// the PNG encoder for the image data. Only Sources/Decor/Codecs imports it.
#include <libdeflate.h>
