// PNG encoding of a composed picture, over OpenCV's imgcodecs: the intonation report's plot (--plot).
#include <cstring>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "CPreview.h"
#include "Support/Guarded.hpp"

using theremin::preview::guarded;
using theremin::preview::wrap;
using theremin::preview::writeError;

extern "C" pv_status pv_encode_png(pv_image image, uint8_t *buffer, size_t capacity, size_t *written, char *error,
                                   size_t error_size) {
    cv::Mat mat;
    if (buffer == nullptr || written == nullptr || !wrap(image, mat)) {
        writeError(error, error_size, "the picture or the output buffer is empty");
        return PV_ERROR_INVALID_ARGUMENT;
    }
    *written = 0;
    return guarded(PV_ERROR_DRAWING, error, error_size, [&] {
        std::vector<uint8_t> encoded;
        if (!cv::imencode(".png", mat, encoded)) {
            writeError(error, error_size, "OpenCV could not encode the picture as PNG");
            return PV_ERROR_DRAWING;
        }
        if (encoded.size() > capacity) {
            writeError(error, error_size, "the PNG is larger than the buffer given for it");
            return PV_ERROR_INVALID_ARGUMENT;
        }
        std::memcpy(buffer, encoded.data(), encoded.size());
        *written = encoded.size();
        return PV_OK;
    });
}
