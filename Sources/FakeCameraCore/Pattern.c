#include "FakeCameraCore.h"

#include <string.h>

static const uint32_t fourcc_yuyv = FAKE_FOURCC('Y', 'U', 'Y', 'V');
static const uint32_t fourcc_bgr3 = FAKE_FOURCC('B', 'G', 'R', '3');

fake_square fake_pattern_square(uint64_t sequence, int32_t width, int32_t height) {
    fake_square square = {0, 0, 0};
    int32_t size = (height / 12) & ~1;
    if (size < 2 || width < size) return square;
    int32_t columns = width / size;
    int32_t rows = height / size;
    uint64_t cell = sequence % (uint64_t)(columns * rows);
    square.x = (int32_t)(cell % (uint64_t)columns) * size;
    square.y = (int32_t)(cell / (uint64_t)columns) * size;
    square.size = size;
    return square;
}

uint32_t fake_pattern_bytes_per_line(uint32_t fourcc, int32_t width) {
    if (width <= 0 || width > 16384) return 0;
    if (fourcc == fourcc_yuyv) return (uint32_t)width * 2;
    if (fourcc == fourcc_bgr3) return (uint32_t)width * 3;
    return 0;
}

uint32_t fake_pattern_image_size(uint32_t fourcc, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0 || width > 16384 || height > 16384) return 0;
    uint32_t line = fake_pattern_bytes_per_line(fourcc, width);
    if (line == 0) line = (uint32_t)width * 2;
    return line * (uint32_t)height;
}

static void fill_rows(uint8_t *rows, uint32_t bytes_per_line, int32_t height, uint8_t value) {
    memset(rows, value, (size_t)bytes_per_line * (size_t)height);
}

void fake_pattern_render(uint8_t *destination, uint32_t fourcc, int32_t width, int32_t height, uint64_t sequence) {
    uint32_t size = fake_pattern_image_size(fourcc, width, height);
    if (size == 0) return;
    fake_square square = fake_pattern_square(sequence, width, height);
    if (fourcc == fourcc_yuyv) {
        uint32_t line = fake_pattern_bytes_per_line(fourcc, width);
        // Y U Y V per pixel pair: background luma, neutral chroma.
        for (int32_t y = 0; y < height; y++) {
            uint8_t *row = destination + (size_t)y * line;
            for (int32_t x = 0; x < width; x += 2) {
                row[2 * x + 0] = FAKE_PATTERN_BACKGROUND;
                row[2 * x + 1] = 128;
                row[2 * x + 2] = FAKE_PATTERN_BACKGROUND;
                row[2 * x + 3] = 128;
            }
        }
        for (int32_t y = square.y; y < square.y + square.size; y++) {
            uint8_t *row = destination + (size_t)y * line;
            for (int32_t x = square.x; x < square.x + square.size; x++) row[2 * x] = FAKE_PATTERN_SQUARE;
        }
    } else if (fourcc == fourcc_bgr3) {
        uint32_t line = fake_pattern_bytes_per_line(fourcc, width);
        fill_rows(destination, line, height, FAKE_PATTERN_BACKGROUND);
        for (int32_t y = square.y; y < square.y + square.size; y++)
            memset(destination + (size_t)y * line + (size_t)square.x * 3, FAKE_PATTERN_SQUARE, (size_t)square.size * 3);
    } else {
        // Opaque payload: a counter no codec accepts as a stream header.
        for (uint32_t i = 0; i < size; i++) destination[i] = (uint8_t)(i + sequence);
    }
}
