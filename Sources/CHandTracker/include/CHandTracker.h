#ifndef THEREMIN_CHANDTRACKER_H
#define THEREMIN_CHANDTRACKER_H
/*
 * The hand tracker: MediaPipe's palm detector and hand landmark model run as XNNPACK subgraphs (the crops sampled
 * straight from the frame into the models' tensors by ImageTensor.cpp), or a classical skin-colour tracker, behind a
 * plain C API.
 *
 * - One opaque handle per tracker; every call on a handle is serialized by the handle's own lock, so a handle may be
 *   shared between threads. Different handles share nothing (the library keeps no global state of its own).
 * - Every function that can fail returns a th_status and, when given a buffer, writes a one-line reason into it.
 *   No C++ exception crosses this API.
 * - OpenCV's own log lines are silenced when a tracker is created, unless OPENCV_LOG_LEVEL is set: every failure
 *   reaches the caller through the status and message instead.
 * - Frames are packed BGR24, or YUYV 4:2:2 as a webcam sends it (read where sampled, never converted whole), in the
 *   camera's own orientation (unmirrored), any size, with a row stride in bytes.
 *   Results are normalized to the frame; with `mirrored` set they are in the selfie view the player sees (x' = 1 - x).
 * - The neural tracker has `max_hands` slots (1 to TH_MAX_HANDS). Each hand has a slot: a hand keeps its slot for as
 *   long as it stays tracked from frame to frame, and a newly found hand takes the first free slot (best palm
 *   detection first). th_tracker_process_hands_bgr reports every slot, so slot i names the same hand from frame to
 *   frame. How many of them it looks for at a time, and which hands it lets go, the caller may change from frame to
 *   frame (th_tracker_set_search, th_tracker_release_hand): the player lock keeps a bystander's hand in a slot of
 *   its own while it looks for the player's.
 */
#include <stddef.h>
#include <stdint.h>

#include "CHandTrackerGeometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of a call. */
typedef enum th_status {
    TH_OK = 0,
    /** A model or data file does not exist (or is not a regular file). */
    TH_ERROR_FILE_MISSING = 1,
    /** A model or data file exists but cannot be read (permissions, I/O error). */
    TH_ERROR_FILE_UNREADABLE = 2,
    /** A model file was read but is not a valid model graph (or cascade), or not the expected model (wrong
     *  inputs/outputs). */
    TH_ERROR_MODEL_INVALID = 3,
    /** An argument is out of range (null pointer, empty frame, stride smaller than a row, ...). */
    TH_ERROR_INVALID_ARGUMENT = 4,
    /** OpenCV or XNNPACK failed while processing a frame. */
    TH_ERROR_PROCESSING = 5,
    /** Memory ran out. */
    TH_ERROR_OUT_OF_MEMORY = 6,
} th_status;

/** Which hand, from the player's point of view. */
typedef enum th_handedness {
    TH_HAND_UNKNOWN = 0,
    TH_HAND_LEFT = 1,
    TH_HAND_RIGHT = 2,
} th_handedness;

/** The most hands a tracker follows at once (the largest valid `max_hands`): two-hand play and two bystanders' hands. */
#define TH_MAX_HANDS 4

/** Which algorithm a handle runs. */
typedef enum th_tracker_kind {
    /** Palm detector + landmark model (MediaPipe lite models). */
    TH_TRACKER_NEURAL = 0,
    /** Skin colour in YCrCb with faces masked out, largest blob, topmost convex hull point. */
    TH_TRACKER_CLASSIC = 1,
} th_tracker_kind;

/** How a YUYV frame's code values are read: the Y'CbCr matrix and range the camera declares. */
typedef struct th_ycbcr {
    /** 1: BT.709; 0: BT.601. */
    int bt709;
    /** 1: full range (Y 0-255); 0: limited range (Y 16-235, Cb and Cr 16-240), as webcams send it. */
    int full_range;
} th_ycbcr;

/** Settings of a tracker. Start from th_default_options(). */
typedef struct th_options {
    /** 1: results in the mirrored selfie view (x' = 1 - x), as the player sees the screen. */
    int mirrored;
    /** 1: video mode, the region comes from the previous frame's landmarks and the palm detector runs only when the
     *  hand is lost; 0: still-image mode, the detector runs on every frame. */
    int tracking;
    /** Minimum palm detector score to accept a palm (MediaPipe: 0.5). */
    float min_detection_confidence;
    /** Minimum landmark-model presence score to report a hand and keep tracking it (MediaPipe: 0.5). */
    float min_presence_confidence;
    /** How many hands to follow, 1 to TH_MAX_HANDS: the slots reported, and how many are looked for until
     *  th_tracker_set_search says otherwise. 1 (the default) follows one hand and never looks for another while it is
     *  tracked. The classical tracker ignores it and reports at most one hand, in slot 0. */
    int max_hands;
    /** With max_hands 2 in tracking mode, while one hand is tracked: the palm detector looks for the other on every
     *  `detector_interval`-th frame only (>= 1; 1 = every frame, as MediaPipe does), so that playing with one hand
     *  visible costs little more than one-hand tracking. With no hand tracked, and on the frame a tracked hand is lost,
     *  it runs at once, as with one hand. */
    int detector_interval;
    /** Threads each neural network uses (1 to TH_MAX_TRACKER_THREADS). 1 (the default) runs the models on the calling
     *  thread: measured on a 2-core machine, a second thread saves ~1/3 of a frame's time when the other core is idle
     *  but stalls a frame to 140-400 ms when another program keeps that core busy. */
    int threads;
    /** 1 (the default): while no hand is tracked, also search zoomed tiles of the frame (one a frame in tracking mode,
     *  all in still-image mode) for hands too small for the whole-frame palm detector, as a player standing two or
     *  three metres away shows; 0: the whole frame only, as MediaPipe does. */
    int far_search;
    /** The camera's frame interval in milliseconds, 0 when unknown (taken as 30 fps). A searching frame (whole frame
     *  plus one tile, ~20 ms here) does not fit a 60 fps interval: below 25 ms the two alternate, one a frame, so
     *  searching does not make the camera drop frames. */
    float frame_interval_ms;
} th_options;

/** The most threads a tracker's networks may use. */
#define TH_MAX_TRACKER_THREADS 16

/** What the tracker reports for one frame. */
typedef struct th_hand {
    /** 1 when a hand is seen in this frame; when 0 the other fields are zero. */
    int present;
    /** Presence score in [0,1] (landmark model), or the classical tracker's blob score. */
    float confidence;
    /** The player's hand, when known (the landmark model's classification). */
    th_handedness handedness;
    /** Confidence of `handedness` in [0.5,1], 0 when unknown. */
    float handedness_confidence;
    /** 21 for the neural tracker, 0 for the classical one. */
    int landmark_count;
    /** Landmarks in MediaPipe order, normalized to the frame (mirrored when `mirrored`). */
    th_point landmarks[TH_LANDMARK_COUNT];
    /** Each landmark's depth as MediaPipe gives it: relative to the wrist (landmark 0, whose z is about 0), in the
     *  units of x (the frame's width), smaller towards the camera. The fingertip's is landmark_z[TH_INDEX_FINGERTIP].
     *  Zero beyond `landmark_count` (the classical tracker has no depth). */
    float landmark_z[TH_LANDMARK_COUNT];
    /** The index fingertip (landmark 8, or the classical tracker's topmost hull point). */
    th_point fingertip;
    /** 1 when the coordinates are in the mirrored selfie view. */
    int mirrored;
    /** The region the landmark model looked at this frame (same view as the landmarks); zero for classic. */
    th_rect region;
    /** How many times the palm detector ran on this frame, 0 when it did not (tracking): 1 for the whole frame (first
     *  frame, re-acquisition, looking for a second hand), more while searching tiles for a far player; the same in
     *  every slot of a frame. */
    int detector_ran;
    /** 1 when this hand was found by the palm detector on this frame (a new hand in its slot), 0 when it was followed
     *  from the previous frame (the same hand as the slot's previous one), absent, or from the classical tracker. */
    int acquired;
} th_hand;

/** How often a tracker's networks ran and the CPU their runs took, since it was made (the runs that check the models
 *  as they load included): what the rest of the process costs is judged against it. */
typedef struct th_network_use {
    long landmark_runs;
    double landmark_cpu_seconds;
    long palm_runs;
    double palm_cpu_seconds;
} th_network_use;

/** Opaque tracker handle. */
typedef struct th_tracker th_tracker;

/*
 * Every function of this API, one entry each: TH_API_FUNCTIONS(X) applies X(return type, name, parameters...) to
 * each. The declarations below are made from it, and so are CVisionLoader's table of pointers and its loading of
 * them by name from libtheremin-vision.so: a new function is one entry here.
 */
#define TH_API_FUNCTIONS(X) \
    /** A short constant name for a status (for logs and tests), e.g. "model invalid". */ \
    X(const char *, th_status_name, th_status status) \
    /** MediaPipe's defaults (mirrored, tracking, 0.5 and 0.5), one hand, detector interval 5, one thread. */ \
    X(th_options, th_default_options, void) \
    /** Creates a neural tracker from the palm detector and hand landmark graph files (models/README.md). Loads, \
     *  builds and test-runs both models. Options out of range (max_hands not 1 to TH_MAX_HANDS, \
     *  detector_interval < 1, threads not 1 to TH_MAX_TRACKER_THREADS) give TH_ERROR_INVALID_ARGUMENT. On \
     *  failure returns the reason (missing file, unreadable, not a valid / not the expected model), writes a \
     *  one-line message into `error` (if non-null, truncated to `error_size`), and sets *out to NULL. */ \
    X(th_status, th_tracker_create, \
      const char *palm_model_path, const char *landmark_model_path, const th_options *options, th_tracker **out, \
      char *error, size_t error_size) \
    /** Creates a classical tracker. `face_cascade_path` is an OpenCV Haar cascade used to mask faces out of the \
     *  skin mask (e.g. Debian's /usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml from \
     *  `opencv-data`); NULL runs without face masking. A given path that cannot be loaded is an error. */ \
    X(th_status, th_tracker_create_classic, \
      const char *face_cascade_path, const th_options *options, th_tracker **out, char *error, size_t error_size) \
    /** Frees a tracker. NULL is ignored. */ \
    X(void, th_tracker_destroy, th_tracker *tracker) \
    /** The algorithm of a tracker. */ \
    X(th_tracker_kind, th_tracker_get_kind, const th_tracker *tracker) \
    /** 1 when a classical tracker masks faces (its cascade loaded), 0 otherwise. */ \
    X(int, th_tracker_masks_faces, const th_tracker *tracker) \
    /** Forgets the tracked hands, so the next frame starts with the palm detector (e.g. between unrelated \
     *  images). */ \
    X(void, th_tracker_reset, th_tracker *tracker) \
    /** The tracker's network runs and their CPU so far (all zero for the classical tracker or NULL); waits for a \
     *  frame being processed. */ \
    X(th_network_use, th_tracker_network_use, th_tracker *tracker) \
    /** Sets how long a frame may take, in seconds, before the looks that only refine where a hand found afresh \
     *  landed stop: one is not started when, as long as the last look, it would end past the budget, and the next \
     *  frame refines from there. Live play gives one and a half frame intervals (the frame after a late one waits \
     *  and is kept; one past two intervals would be lost), so refining never costs the next frame. \
     *  0 (the default) sets no limit: a file is tracked the same on any machine. Ignored by the classical tracker. */ \
    X(void, th_tracker_set_frame_budget, th_tracker *tracker, double seconds) \
    /** From the next frame on, looks for `hands` hands (1 to max_hands, clamped) and, while fewer are tracked, runs \
     *  the palm detector on every `detector_interval`-th frame (>= 1) and at once on a frame where a tracked hand \
     *  is lost. Hands already tracked beyond `hands` are kept (th_tracker_release_hand lets one go). With \
     *  `focus_side` > 0, each such search also looks, zoomed, at the square of that side (a fraction of the frame's \
     *  width) around `focus` (normalized, in the view of the results): where the player played, so a hand the \
     *  whole-frame detector misses is found there at once, as after a loss. The player lock asks for one slot more \
     *  than play needs, every frame, around the player's area, while a bystander's hand is tracked and the \
     *  player's is not. Ignored by the classical tracker. */ \
    X(void, th_tracker_set_search, th_tracker *tracker, int hands, int detector_interval, th_point focus, \
      float focus_side) \
    /** What following a hand costs on this machine, in milliseconds (the median of `runs`, 1 to 1000, after one to \
     *  warm up): the work of a followed frame (the picture around the hand compared, the landmark model on the hand's \
     *  region with its crop sampled from the frame, the region for the next frame) on a hand-sized region at the \
     *  middle of a BGR frame, whatever it shows. `--check` predicts live play's latency from it; a frame without a \
     *  hand cannot be followed, and timing one that searches measures the palm detector instead. Forgets the hands \
     *  tracked (as th_tracker_reset). The classical tracker gives its whole frame's time. */ \
    X(th_status, th_tracker_time_follow, th_tracker *tracker, const uint8_t *pixels, int width, int height, \
      size_t stride, int runs, double *milliseconds, char *error, size_t error_size) \
    /** Stops following the hand in `slot` (out of range: nothing): the slot is free from the next frame on, and \
     *  the hand is found again only as a new one. Ignored by the classical tracker. */ \
    X(void, th_tracker_release_hand, th_tracker *tracker, int slot) \
    /** Processes one packed BGR24 frame (`height` rows of `stride` bytes, `stride` >= 3 * `width`) and writes \
     *  every slot into `hands` (room for `capacity`, at least the tracker's max_hands), absent slots with \
     *  present = 0; *count is set to max_hands (slots written). Returns TH_OK also when no hand is found. Which \
     *  hand one-hand play follows is the caller's choice (the Swift side's HandsFrame.primary), not the library's. Slot i holds the same hand for as long as it is tracked (see the top of this file). Two \
     *  regions that converge on one hand, or a new detection of a hand already tracked, count once: the weaker \
     *  of two tracked hands is dropped, and a detection that overlaps a tracked hand is ignored. */ \
    X(th_status, th_tracker_process_hands_bgr, \
      th_tracker *tracker, const uint8_t *pixels, int width, int height, size_t stride, th_hand *hands, \
      int capacity, int *count, char *error, size_t error_size) \
    /** The same for a YUYV frame (`stride` >= 2 * `width`, `width` even), read with `ycbcr`. */ \
    X(th_status, th_tracker_process_hands_yuyv, \
      th_tracker *tracker, const uint8_t *pixels, int width, int height, size_t stride, th_ycbcr ycbcr, \
      th_hand *hands, int capacity, int *count, char *error, size_t error_size) \
    /** Sets the number of threads OpenCV's image work (the classical tracker's) uses (0 or 1: \
     *  sequential; n: that many; negative: OpenCV's default, all cores). This is OpenCV's process-wide setting, \
     *  shared by every handle; call it once at start-up. The neural networks' threads are th_options.threads, \
     *  per handle. */ \
    X(void, th_set_num_threads, int threads) \
    /** OpenCV's current number of threads. */ \
    X(int, th_get_num_threads, void)

#define TH_DECLARE(result, name, ...) result name(__VA_ARGS__);
TH_API_FUNCTIONS(TH_DECLARE)
#undef TH_DECLARE

#ifdef __cplusplus
}
#endif
/* One graph run on its own (tests, the model converter check). */
#include "CHandTrackerGraph.h"

#endif
