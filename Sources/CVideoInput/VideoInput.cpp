// OpenCV VideoCapture and imread behind the C API of CVideoInput.h.
#include "CVideoInput.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>

#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include "ShimGuard.hpp"

struct tv_video {
    cv::VideoCapture capture;
    cv::Mat frame;
};

struct tv_image {
    cv::Mat pixels;
};

namespace {

using theremin::shim::writeError;

/// Runs `body`, mapping exceptions to `failure` (or out of memory) with a message (see ShimGuard.hpp).
template <typename Body>
tv_status guarded(tv_status failure, char *error, size_t errorSize, Body &&body) noexcept {
    return theremin::shim::guarded(failure, TV_ERROR_OUT_OF_MEMORY, error, errorSize, body);
}

/// FFmpeg prints its own errors ("moov atom not found") to stderr before ours; the user needs only ours, which names
/// the file and says what to do. OpenCV reads this variable once, when its FFmpeg backend starts; a value the user
/// set (to debug a file) is kept.
void quietFFmpegLogs() {
    setenv("OPENCV_FFMPEG_LOGLEVEL", "-8", /*overwrite=*/0);  // AV_LOG_QUIET
}

/// Likewise OpenCV's own warnings ("[ WARN:0] ... can't open file"), unless OPENCV_LOG_LEVEL asks for them.
void quietOpenCVLogs() {
    if (std::getenv("OPENCV_LOG_LEVEL") == nullptr) {
        cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
    }
}

tv_frame_view viewOf(const cv::Mat &mat) {
    tv_frame_view view{};
    view.pixels = mat.ptr<uint8_t>();
    view.width = mat.cols;
    view.height = mat.rows;
    view.stride = mat.step[0];
    return view;
}

/// VideoCapture and imread give BGR already, but a grey or 4-channel source must not reach the tracker as such.
void makeBGR(cv::Mat &mat) {
    if (mat.depth() != CV_8U) {
        cv::Mat converted;
        mat.convertTo(converted, CV_8U, mat.depth() == CV_16U ? 1.0 / 257.0 : 1.0);
        mat = converted;
    }
    if (mat.channels() == 1) {
        cv::cvtColor(mat, mat, cv::COLOR_GRAY2BGR);
    } else if (mat.channels() == 4) {
        cv::cvtColor(mat, mat, cv::COLOR_BGRA2BGR);
    }
}

}  // namespace

extern "C" tv_status tv_video_open(const char *path, tv_video **out, char *error, size_t error_size) {
    if (path == nullptr || out == nullptr) {
        writeError(error, error_size, "path or handle missing");
        return TV_ERROR_INVALID_ARGUMENT;
    }
    *out = nullptr;
    return guarded(TV_ERROR_OPEN, error, error_size, [&] {
        quietFFmpegLogs();
        quietOpenCVLogs();
        auto *video = new tv_video();
        if (!video->capture.open(path, cv::CAP_FFMPEG)) {
            delete video;
            writeError(error, error_size, "FFmpeg finds no decodable video stream in it");
            return TV_ERROR_OPEN;
        }
        *out = video;
        return TV_OK;
    });
}

extern "C" tv_video_info tv_video_get_info(const tv_video *video) {
    tv_video_info info{};
    if (video == nullptr) {
        return info;
    }
    try {
        info.width = static_cast<int>(video->capture.get(cv::CAP_PROP_FRAME_WIDTH));
        info.height = static_cast<int>(video->capture.get(cv::CAP_PROP_FRAME_HEIGHT));
        const double fps = video->capture.get(cv::CAP_PROP_FPS);
        info.frames_per_second = std::isfinite(fps) && fps > 0 ? fps : 0;
        const double frames = video->capture.get(cv::CAP_PROP_FRAME_COUNT);
        info.frame_count = std::isfinite(frames) && frames > 0 ? static_cast<long long>(frames) : 0;
    } catch (...) {
        // Properties are advisory; a backend that cannot report them reports zeros.
    }
    return info;
}

extern "C" tv_status tv_video_read(tv_video *video, tv_frame_view *out, char *error, size_t error_size) {
    if (video == nullptr || out == nullptr) {
        writeError(error, error_size, "video or frame missing");
        return TV_ERROR_INVALID_ARGUMENT;
    }
    *out = tv_frame_view{};
    return guarded(TV_ERROR_READ, error, error_size, [&] {
        if (!video->capture.read(video->frame) || video->frame.empty()) {
            return TV_END;
        }
        makeBGR(video->frame);
        *out = viewOf(video->frame);
        const double milliseconds = video->capture.get(cv::CAP_PROP_POS_MSEC);
        if (std::isfinite(milliseconds) && milliseconds >= 0) {
            out->time_seconds = milliseconds / 1000.0;
            out->has_time = 1;
        }
        return TV_OK;
    });
}

extern "C" void tv_video_close(tv_video *video) {
    delete video;
}

extern "C" tv_status tv_image_load(const char *path, tv_image **out, char *error, size_t error_size) {
    if (path == nullptr || out == nullptr) {
        writeError(error, error_size, "path or handle missing");
        return TV_ERROR_INVALID_ARGUMENT;
    }
    *out = nullptr;
    quietOpenCVLogs();
    return guarded(TV_ERROR_OPEN, error, error_size, [&] {
        cv::Mat pixels = cv::imread(path, cv::IMREAD_COLOR);
        if (pixels.empty()) {
            writeError(error, error_size, "OpenCV cannot decode it as an image");
            return TV_ERROR_OPEN;
        }
        makeBGR(pixels);
        auto *image = new tv_image();
        image->pixels = pixels;
        *out = image;
        return TV_OK;
    });
}

extern "C" tv_frame_view tv_image_view(const tv_image *image) {
    return image != nullptr ? viewOf(image->pixels) : tv_frame_view{};
}

extern "C" void tv_image_free(tv_image *image) {
    delete image;
}
