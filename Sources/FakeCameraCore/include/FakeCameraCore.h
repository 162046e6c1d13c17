#ifndef FAKE_CAMERA_CORE_H
#define FAKE_CAMERA_CORE_H
// The fake camera's test pattern, shared by the fake camera (which draws it) and the tests (which predict it), so
// that both sides agree on one definition.
//
// The pattern is a dark frame with one bright square. The square steps through a grid, one cell per frame, in
// reading order, so its position encodes the frame's sequence number (modulo the number of cells): a stale or
// torn frame shows the square in the wrong place.
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Packs four characters into a V4L2 fourcc.
#define FAKE_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

/// Luma (YUYV) and gray level (BGR) of the background and of the square.
enum { FAKE_PATTERN_BACKGROUND = 32, FAKE_PATTERN_SQUARE = 224 };

/// Where the square of one frame lies, in pixels.
typedef struct {
    int32_t x;
    int32_t y;
    int32_t size;
} fake_square;

/// The square of frame `sequence` in a `width` x `height` frame: side `height / 12` rounded down to even,
/// cell `sequence mod (columns * rows)` of the grid in reading order.
fake_square fake_pattern_square(uint64_t sequence, int32_t width, int32_t height);

/// Bytes per row and per image of a frame in `fourcc` (YUYV, BGR3; any other fourcc is treated as an opaque
/// 2-bytes-per-pixel payload with no row stride). Returns 0 for sizes out of range.
uint32_t fake_pattern_bytes_per_line(uint32_t fourcc, int32_t width);
uint32_t fake_pattern_image_size(uint32_t fourcc, int32_t width, int32_t height);

/// Draws frame `sequence` into `destination` (at least `fake_pattern_image_size` bytes). YUYV and BGR3 get the
/// moving square; other fourccs get bytes that no decoder can read (for "no usable format" tests).
void fake_pattern_render(uint8_t *destination, uint32_t fourcc, int32_t width, int32_t height, uint64_t sequence);

/// How the fake camera damages an MJPEG frame with `--corrupt-jpeg EVERY,SEED` (what real webcams send now and then).
typedef enum {
    FAKE_CORRUPTION_NONE = 0,
    FAKE_CORRUPTION_TRUNCATED = 1, /* the first third of the JPEG only: no end-of-image marker */
    FAKE_CORRUPTION_GARBAGE = 2,   /* as long as the frame, but seeded random bytes: no JPEG header */
    FAKE_CORRUPTION_EMPTY = 3,     /* bytesused 0 */
} fake_corruption;

/// Whether and how frame `sequence` is damaged: about one frame in `every` (0: none), at positions and of kinds
/// drawn from `seed`, so the tests that predict it and the camera that does it agree.
fake_corruption fake_corruption_at(uint64_t seed, uint32_t every, uint64_t sequence);

/// A seeded pseudo-random 64-bit value for `sequence` (splitmix64 of seed and sequence): the corruption schedule
/// and the garbage bytes.
uint64_t fake_corruption_hash(uint64_t seed, uint64_t sequence);

#ifdef __cplusplus
}
#endif
#endif
