// libwebp (https://chromium.googlesource.com/webm/libwebp): WebP decoding and encoding, its demuxer for the first
// frame of an animated file, and its muxer for the ICC profile chunk. Only Sources/Decor/Codecs imports it.
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

// The version checks libwebp's init functions take are macros Swift cannot import.
static inline int decor_webp_init_decoder_config(WebPDecoderConfig *config) { return WebPInitDecoderConfig(config); }
static inline int decor_webp_config_init(WebPConfig *config) { return WebPConfigInit(config); }
static inline int decor_webp_picture_init(WebPPicture *picture) { return WebPPictureInit(picture); }
static inline WebPDemuxer *decor_webp_demux(const WebPData *data) { return WebPDemux(data); }
static inline int decor_webp_anim_decoder_options_init(WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *decor_webp_anim_decoder_new(const WebPData *data,
                                                            const WebPAnimDecoderOptions *options) {
  return WebPAnimDecoderNew(data, options);
}
static inline WebPMux *decor_webp_mux_create(const WebPData *data) { return WebPMuxCreate(data, 1); }

// The animation encoder's option and its version check, macros Swift cannot import.
static inline int decor_webp_anim_encoder_options_init(WebPAnimEncoderOptions *options) {
  return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *decor_webp_anim_encoder_new(int width, int height,
                                                            const WebPAnimEncoderOptions *options) {
  return WebPAnimEncoderNew(width, height, options);
}
