// The extern "C" API: handles, locking, argument checks, and the conversion of every C++ exception into a status
// and a message. Nothing else in the library is visible to C or Swift.
#include "CHandTracker.h"
#include "CHandTrackerGraph.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>

#include "Classic/ClassicTracker.hpp"
#include "Pipeline/HandPipeline.hpp"
#include "Neural/NeuralModel.hpp"
#include "ShimGuard.hpp"
#include "Support/TrackerFailure.hpp"

struct th_tracker {
    std::mutex lock;
    std::unique_ptr<theremin::Tracker> tracker;
    bool masksFaces = false;
    /// Slots reported by th_tracker_process_hands_bgr (options.max_hands, for the classical tracker too).
    int maxHands = 1;
};

namespace {

using theremin::shim::writeError;

/// Runs `body`, mapping every exception to a status and a message (the tracker's own failures carry their status;
/// the rest is ShimGuard.hpp's).
template <typename Body>
th_status guarded(char *error, size_t errorSize, Body &&body) noexcept {
    return theremin::shim::guarded(TH_ERROR_PROCESSING, TH_ERROR_OUT_OF_MEMORY, error, errorSize, [&] {
        try {
            body();
            writeError(error, errorSize, "");
            return TH_OK;
        } catch (const theremin::TrackerFailure &failure) {
            writeError(error, errorSize, failure.what());
            return failure.status();
        }
    });
}

th_status invalid(char *error, size_t errorSize, const std::string &message) {
    writeError(error, errorSize, message);
    return TH_ERROR_INVALID_ARGUMENT;
}

/// Checks a frame's description: `bytesPerPixel` 3 for BGR24, 2 for YUYV (whose width must be even: pixels come in
/// pairs).
th_status checkFrame(const uint8_t *pixels, int width, int height, size_t stride, int bytesPerPixel, char *error,
                     size_t errorSize) {
    if (pixels == nullptr) {
        return invalid(error, errorSize, "frame has no pixels");
    }
    if (width <= 0 || height <= 0) {
        return invalid(error, errorSize,
                       "frame size " + std::to_string(width) + "x" + std::to_string(height) + " is empty");
    }
    if (stride < static_cast<size_t>(width) * bytesPerPixel) {
        return invalid(error, errorSize, "frame stride " + std::to_string(stride) + " is less than " +
                                             std::to_string(bytesPerPixel) + " x width " + std::to_string(width));
    }
    if (bytesPerPixel == 2 && width % 2 != 0) {
        return invalid(error, errorSize, "YUYV frame width " + std::to_string(width) + " is odd");
    }
    return TH_OK;
}

/// OpenCV logs some failures itself ("[ERROR:0] ... getMemoryShapes") before throwing the exception this API turns
/// into a status and a message; the user needs only the message. Unless the user asked for OpenCV's logs with
/// OPENCV_LOG_LEVEL, they are silenced (OpenCV's process-wide setting).
void quietOpenCVLogs() {
    if (std::getenv("OPENCV_LOG_LEVEL") == nullptr) {
        cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
    }
}

th_options optionsOrDefault(const th_options *options) {
    return options != nullptr ? *options : th_default_options();
}

th_status checkOptions(const th_options &options, char *error, size_t errorSize) {
    if (options.max_hands < 1 || options.max_hands > TH_MAX_HANDS) {
        return invalid(error, errorSize, "max_hands " + std::to_string(options.max_hands) + " is out of range (1 to " +
                                             std::to_string(TH_MAX_HANDS) + ")");
    }
    if (options.detector_interval < 1) {
        return invalid(error, errorSize,
                       "detector_interval " + std::to_string(options.detector_interval) + " is less than 1 frame");
    }
    if (!(options.frame_interval_ms >= 0) || options.frame_interval_ms > 10000) {
        return invalid(error, errorSize,
                       "frame_interval_ms " + std::to_string(options.frame_interval_ms) + " is out of range (0 to 10000)");
    }
    if (options.threads < 1 || options.threads > TH_MAX_TRACKER_THREADS) {
        return invalid(error, errorSize, "threads " + std::to_string(options.threads) + " is out of range (1 to " +
                                             std::to_string(TH_MAX_TRACKER_THREADS) + ")");
    }
    return TH_OK;
}

/// Processes a frame into every slot of the handle, padding a one-slot tracker's result with absent hands.
theremin::HandSlots processSlots(th_tracker &tracker, const theremin::FrameImage &frame) {
    theremin::HandSlots slots = tracker.tracker->processHands(frame);
    for (int i = slots.count; i < tracker.maxHands; ++i) {
        slots.hands[i] = th_hand{};
        slots.hands[i].mirrored = slots.hands[0].mirrored;
        slots.hands[i].detector_ran = slots.hands[0].detector_ran;
    }
    slots.count = tracker.maxHands;
    return slots;
}

/// The two layouts' common call: checks the arguments, then runs `frame()`'s picture under the handle's lock.
template <typename MakeFrame>
th_status processHands(th_tracker *tracker, const uint8_t *pixels, int width, int height, size_t stride,
                       int bytesPerPixel, th_hand *hands, int capacity, int *count, char *error, size_t errorSize,
                       MakeFrame &&frame) {
    if (tracker == nullptr || hands == nullptr || count == nullptr) {
        return invalid(error, errorSize, "tracker, hands or count missing");
    }
    *count = 0;
    if (capacity < tracker->maxHands) {
        return invalid(error, errorSize, "room for " + std::to_string(capacity) + " hands, but the tracker reports " +
                                             std::to_string(tracker->maxHands));
    }
    std::fill(hands, hands + tracker->maxHands, th_hand{});
    const th_status frameStatus = checkFrame(pixels, width, height, stride, bytesPerPixel, error, errorSize);
    if (frameStatus != TH_OK) {
        return frameStatus;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    return guarded(error, errorSize, [&] {
        const theremin::HandSlots slots = processSlots(*tracker, frame());
        std::copy(slots.hands, slots.hands + slots.count, hands);
        *count = slots.count;
    });
}

}  // namespace

extern "C" const char *th_status_name(th_status status) {
    switch (status) {
    case TH_OK: return "ok";
    case TH_ERROR_FILE_MISSING: return "file missing";
    case TH_ERROR_FILE_UNREADABLE: return "file unreadable";
    case TH_ERROR_MODEL_INVALID: return "model invalid";
    case TH_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case TH_ERROR_PROCESSING: return "processing failed";
    case TH_ERROR_OUT_OF_MEMORY: return "out of memory";
    }
    return "unknown status";
}

extern "C" th_options th_default_options(void) {
    th_options options{};
    options.mirrored = 1;
    options.tracking = 1;
    options.min_detection_confidence = 0.5f;
    options.min_presence_confidence = 0.5f;
    options.max_hands = 1;
    options.detector_interval = 5;
    options.threads = 1;
    options.far_search = 1;
    options.frame_interval_ms = 0;
    return options;
}

namespace {

// What both constructors check first: a place for the handle (cleared), and options that make sense.
th_status beginCreate(th_tracker **out, const th_options *options, th_options &settings, char *error,
                      size_t error_size) {
    if (out == nullptr) {
        return invalid(error, error_size, "no place for the tracker handle");
    }
    *out = nullptr;
    settings = optionsOrDefault(options);
    const th_status status = checkOptions(settings, error, error_size);
    if (status == TH_OK) {
        quietOpenCVLogs();
    }
    return status;
}

}  // namespace

extern "C" th_status th_tracker_create(const char *palm_model_path, const char *landmark_model_path,
                                       const th_options *options, th_tracker **out, char *error, size_t error_size) {
    th_options settings;
    const th_status status = beginCreate(out, options, settings, error, error_size);
    if (status != TH_OK) {
        return status;
    }
    if (palm_model_path == nullptr || landmark_model_path == nullptr) {
        return invalid(error, error_size, "model path missing");
    }
    return guarded(error, error_size, [&] {
        auto handle = std::make_unique<th_tracker>();
        handle->tracker = std::make_unique<theremin::HandPipeline>(palm_model_path, landmark_model_path, settings);
        handle->maxHands = settings.max_hands;
        *out = handle.release();
    });
}

extern "C" th_status th_tracker_create_classic(const char *face_cascade_path, const th_options *options,
                                               th_tracker **out, char *error, size_t error_size) {
    th_options settings;
    const th_status status = beginCreate(out, options, settings, error, error_size);
    if (status != TH_OK) {
        return status;
    }
    return guarded(error, error_size, [&] {
        auto handle = std::make_unique<th_tracker>();
        auto classic = std::make_unique<theremin::ClassicTracker>(
            face_cascade_path != nullptr ? face_cascade_path : "", settings);
        handle->masksFaces = classic->masksFaces();
        handle->maxHands = settings.max_hands;
        handle->tracker = std::move(classic);
        *out = handle.release();
    });
}

extern "C" void th_tracker_destroy(th_tracker *tracker) {
    delete tracker;
}

extern "C" th_tracker_kind th_tracker_get_kind(const th_tracker *tracker) {
    return tracker != nullptr && tracker->tracker != nullptr ? tracker->tracker->kind() : TH_TRACKER_NEURAL;
}

extern "C" int th_tracker_masks_faces(const th_tracker *tracker) {
    return tracker != nullptr && tracker->masksFaces ? 1 : 0;
}

extern "C" void th_tracker_reset(th_tracker *tracker) {
    if (tracker == nullptr) {
        return;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    tracker->tracker->reset();
}

extern "C" th_network_use th_tracker_network_use(th_tracker *tracker) {
    if (tracker == nullptr) {
        return {};
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    return tracker->tracker->networkUse();
}

extern "C" void th_tracker_set_frame_budget(th_tracker *tracker, double seconds) {
    if (tracker == nullptr) {
        return;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    tracker->tracker->setFrameBudget(seconds > 0 && std::isfinite(seconds) ? seconds : 0);
}

extern "C" void th_tracker_set_search(th_tracker *tracker, int hands, int detector_interval, th_point focus,
                                      float focus_side) {
    if (tracker == nullptr) {
        return;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    const bool valid = std::isfinite(focus.x) && std::isfinite(focus.y) && std::isfinite(focus_side);
    tracker->tracker->setSearch(hands, detector_interval, focus, valid ? std::min(std::max(focus_side, 0.0f), 1.0f) : 0);
}

extern "C" th_status th_tracker_time_follow(th_tracker *tracker, const uint8_t *pixels, int width, int height,
                                            size_t stride, int runs, double *milliseconds, char *error,
                                            size_t error_size) {
    if (tracker == nullptr || milliseconds == nullptr) {
        return invalid(error, error_size, "tracker or milliseconds missing");
    }
    if (runs < 1 || runs > 1000) {
        return invalid(error, error_size, "runs " + std::to_string(runs) + " is out of range (1 to 1000)");
    }
    const th_status checked = checkFrame(pixels, width, height, stride, 3, error, error_size);
    if (checked != TH_OK) {
        return checked;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    return guarded(error, error_size, [&] {
        const theremin::FrameImage frame =
            theremin::FrameImage::bgr(cv::Mat(height, width, CV_8UC3, const_cast<uint8_t *>(pixels), stride));
        tracker->tracker->timeFollow(frame);  // warm-up
        std::vector<double> times(static_cast<size_t>(runs));
        for (double &time : times) {
            time = tracker->tracker->timeFollow(frame);
        }
        std::nth_element(times.begin(), times.begin() + runs / 2, times.end());
        *milliseconds = times[static_cast<size_t>(runs / 2)] * 1000;
        tracker->tracker->reset();
    });
}

extern "C" void th_tracker_release_hand(th_tracker *tracker, int slot) {
    if (tracker == nullptr) {
        return;
    }
    std::lock_guard<std::mutex> guard(tracker->lock);
    tracker->tracker->releaseHand(slot);
}

extern "C" th_status th_tracker_process_hands_bgr(th_tracker *tracker, const uint8_t *pixels, int width, int height,
                                                  size_t stride, th_hand *hands, int capacity, int *count,
                                                  char *error, size_t error_size) {
    return processHands(tracker, pixels, width, height, stride, 3, hands, capacity, count, error, error_size, [&] {
        // The header merely borrows the caller's pixels, which are only read.
        return theremin::FrameImage::bgr(cv::Mat(height, width, CV_8UC3, const_cast<uint8_t *>(pixels), stride));
    });
}

extern "C" th_status th_tracker_process_hands_yuyv(th_tracker *tracker, const uint8_t *pixels, int width, int height,
                                                   size_t stride, th_ycbcr ycbcr, th_hand *hands, int capacity,
                                                   int *count, char *error, size_t error_size) {
    return processHands(tracker, pixels, width, height, stride, 2, hands, capacity, count, error, error_size, [&] {
        return theremin::FrameImage::yuyv(pixels, width, height, stride,
                                          theremin::shim::YCbCr::make(ycbcr.bt709 != 0, ycbcr.full_range != 0));
    });
}

extern "C" void th_set_num_threads(int threads) {
    cv::setNumThreads(threads < 0 ? -1 : threads);
}

extern "C" int th_get_num_threads(void) {
    return cv::getNumThreads();
}

// ---- one graph on its own (CHandTrackerGraph.h) ----------------------------------------------------------------

struct th_graph {
    std::unique_ptr<theremin::NeuralModel> model;
};

extern "C" th_status th_graph_load(const char *path, int threads, th_graph **out, char *error, size_t error_size) {
    if (out == nullptr || path == nullptr) {
        return invalid(error, error_size, "graph path or handle missing");
    }
    *out = nullptr;
    if (threads < 1 || threads > TH_MAX_TRACKER_THREADS) {
        return invalid(error, error_size, "threads " + std::to_string(threads) + " is out of range");
    }
    return guarded(error, error_size, [&] {
        auto graph = std::make_unique<th_graph>();
        graph->model = std::make_unique<theremin::NeuralModel>(path, "model graph", threads);
        *out = graph.release();
    });
}

extern "C" void th_graph_destroy(th_graph *graph) {
    delete graph;
}

extern "C" int th_graph_input_count(const th_graph *graph) {
    return graph != nullptr ? static_cast<int>(graph->model->inputCount()) : 0;
}

extern "C" size_t th_graph_input_size(const th_graph *graph, int index) {
    if (graph == nullptr || index < 0 || static_cast<size_t>(index) >= graph->model->inputCount()) {
        return 0;
    }
    size_t size = 1;
    for (size_t dim : graph->model->inputDims(static_cast<size_t>(index))) {
        size *= dim;
    }
    return size;
}

extern "C" int th_graph_output_count(const th_graph *graph) {
    return graph != nullptr ? static_cast<int>(graph->model->outputCount()) : 0;
}

extern "C" size_t th_graph_output_size(const th_graph *graph, int index) {
    if (graph == nullptr || index < 0 || static_cast<size_t>(index) >= graph->model->outputCount()) {
        return 0;
    }
    return graph->model->outputSize(static_cast<size_t>(index));
}

extern "C" const char *th_graph_output_name(const th_graph *graph, int index) {
    if (graph == nullptr || index < 0 || static_cast<size_t>(index) >= graph->model->outputCount()) {
        return "";
    }
    return graph->model->outputName(static_cast<size_t>(index)).c_str();
}

extern "C" th_status th_graph_run(th_graph *graph, const float *const *inputs, int input_count, float *const *outputs,
                                  int output_count, char *error, size_t error_size) {
    if (graph == nullptr || inputs == nullptr || outputs == nullptr ||
        input_count != th_graph_input_count(graph) || output_count != th_graph_output_count(graph)) {
        return invalid(error, error_size, "graph, inputs or outputs missing, or counts that differ from the graph's");
    }
    return guarded(error, error_size, [&] {
        for (int i = 0; i < input_count; ++i) {
            float *input = graph->model->input(static_cast<size_t>(i));
            std::copy(inputs[i], inputs[i] + th_graph_input_size(graph, i), input);
        }
        graph->model->run();
        for (int i = 0; i < output_count; ++i) {
            const float *result = graph->model->output(static_cast<size_t>(i));
            std::copy(result, result + th_graph_output_size(graph, i), outputs[i]);
        }
    });
}
