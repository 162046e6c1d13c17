// MJPEG frames of the fake camera: BGR pictures (the pattern or the video) compressed with TurboJPEG, 4:2:2
// chroma like a UVC webcam's, so each buffer carries a different number of bytes.
#include "fake_camera.h"

#include <stdio.h>
#include <turbojpeg.h>

/// JPEG quality: a webcam's usual setting; the tests' tolerances assume it.
enum { FAKE_JPEG_QUALITY = 90 };

uint32_t fake_jpeg_max_size(int32_t width, int32_t height) {
    unsigned long size = tjBufSize(width, height, TJSAMP_422);
    return size == (unsigned long)-1 || size > UINT32_MAX ? 0 : (uint32_t)size;
}

void *fake_jpeg_open(void) { return tjInitCompress(); }

void fake_jpeg_close(void *encoder) {
    if (encoder) tjDestroy(encoder);
}

uint32_t fake_jpeg_compress(void *encoder, const uint8_t *bgr, int32_t width, int32_t height, uint8_t *destination,
                            uint32_t capacity) {
    if (!encoder || capacity < fake_jpeg_max_size(width, height)) return 0;
    unsigned char *output = destination;
    unsigned long size = capacity;
    if (tjCompress2(encoder, bgr, width, width * 3, height, TJPF_BGR, &output, &size, TJSAMP_422, FAKE_JPEG_QUALITY,
                    TJFLAG_NOREALLOC) != 0) {
        fprintf(stderr, "fake-camera: cannot encode a JPEG frame: %s\n", tjGetErrorStr2(encoder));
        return 0;
    }
    return (uint32_t)size;
}

uint32_t fake_jpeg_corrupt(fake_corruption kind, uint64_t seed, uint64_t sequence, uint8_t *data, uint32_t size) {
    switch (kind) {
    case FAKE_CORRUPTION_NONE: return size;
    case FAKE_CORRUPTION_TRUNCATED: return size / 3;
    case FAKE_CORRUPTION_EMPTY: return 0;
    case FAKE_CORRUPTION_GARBAGE:
        for (uint32_t i = 0; i < size; i += 8) {
            uint64_t value = fake_corruption_hash(seed ^ 0x5A5A5A5A5A5A5A5Aull, sequence * 1000003u + i);
            for (uint32_t b = 0; b < 8 && i + b < size; b++) data[i + b] = (uint8_t)(value >> (8 * b));
        }
        data[0] = 0x00; /* never a start-of-image marker by chance */
        return size;
    }
    return size;
}
