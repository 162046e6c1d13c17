#ifndef THEREMIN_CHANDTRACKER_GEOMETRY_H
#define THEREMIN_CHANDTRACKER_GEOMETRY_H
/*
 * The pure geometry of the MediaPipe hand pipeline, as plain C functions with no OpenCV types, so that tests can
 * check each step against hand-computed values and the tracker uses exactly the tested code.
 *
 * Conventions (MediaPipe's): coordinates are normalized to the image, origin top-left, y downwards. A rotation is in
 * radians; a positive rotation turns a rectangle clockwise on screen (the x axis towards the y axis). A rectangle is
 * given by its center, width and height (normalized by image width and height respectively) and rotation about its
 * center. Pixel-space quantities take the image size explicitly, because a rectangle that is square in pixels is not
 * square in normalized units unless the image is.
 *
 * The values of the MediaPipe graphs (palm_detection_cpu.pbtxt, palm_detection_detection_to_roi.pbtxt,
 * hand_landmark_landmarks_to_roi.pbtxt, hand_landmark_cpu.pbtxt) are the TH_* constants below.
 */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Constants of the MediaPipe hand graphs ------------------------------------------------------------------- */

/** Palm detector input size (pixels, square). */
#define TH_PALM_INPUT_SIZE 192
/** Number of SSD anchors of the palm detector (24*24*2 + 12*12*6). */
#define TH_PALM_ANCHOR_COUNT 2016
/** Values per anchor in the regressor output: box (x, y, w, h) then 7 keypoints (x, y). */
#define TH_PALM_COORDS 18
/** Palm keypoints: 0 wrist center, 1 index MCP, 2 middle MCP, 3 ring MCP, 4 pinky MCP, 5 thumb CMC, 6 thumb IP. */
#define TH_PALM_KEYPOINTS 7
/** Landmark model input size (pixels, square). */
#define TH_LANDMARK_INPUT_SIZE 224
/** Hand landmarks in MediaPipe order (0 wrist, 4 thumb tip, 8 index fingertip, 9 middle MCP, ... 20 pinky tip). */
#define TH_LANDMARK_COUNT 21
/** Index of the index fingertip among the landmarks. */
#define TH_INDEX_FINGERTIP 8
/** The hand graph's extra divisor of the landmark model's z (`normalize_z` in hand_landmark_cpu.pbtxt), which
 *  MediaPipe applies for the z distribution of the model's training data. */
#define TH_LANDMARK_NORMALIZE_Z 0.4f

/* ---- Plain value types ------------------------------------------------------------------------------------------ */

/** A point; normalized unless said otherwise. */
typedef struct th_point {
    float x;
    float y;
} th_point;

/** An SSD anchor: center and size, normalized to the detector input. */
typedef struct th_anchor {
    float x_center;
    float y_center;
    float width;
    float height;
} th_anchor;

/** A palm detection: an axis-aligned box, its score and its seven keypoints, all normalized. */
typedef struct th_detection {
    float xmin;
    float ymin;
    float width;
    float height;
    float score;
    th_point keypoints[TH_PALM_KEYPOINTS];
} th_detection;

/** A rotated rectangle (region of interest), normalized; rotation in radians, clockwise on screen. */
typedef struct th_rect {
    float x_center;
    float y_center;
    float width;
    float height;
    float rotation;
} th_rect;

/** Options of MediaPipe's SsdAnchorsCalculator, restricted to what the palm detector uses. */
typedef struct th_anchor_options {
    int input_width;
    int input_height;
    float min_scale;
    float max_scale;
    float anchor_offset_x;
    float anchor_offset_y;
    int num_layers;
    /** One stride per layer; consecutive layers with equal strides share a grid. At most 8. */
    int strides[8];
    /** 1: every anchor is 1x1 (the palm detector regresses absolute sizes); 0: sizes from scales. */
    int fixed_anchor_size;
    /** Anchors per grid cell and layer: the aspect ratio 1 plus the interpolated scale when this is > 0. */
    float interpolated_scale_aspect_ratio;
} th_anchor_options;

/** Options of MediaPipe's TensorsToDetectionsCalculator for the palm detector. */
typedef struct th_decode_options {
    /** Divisors of the raw box and keypoint values (the detector's input size, 192). */
    float x_scale;
    float y_scale;
    float w_scale;
    float h_scale;
    /** Raw scores are clipped to [-clip, clip] before the sigmoid. */
    float score_clipping_thresh;
    /** Detections with a sigmoid score below this are dropped. */
    float min_score_thresh;
} th_decode_options;

/** Options of MediaPipe's RectTransformationCalculator. */
typedef struct th_rect_transform {
    float scale_x;
    float scale_y;
    /** Shifts as fractions of the rectangle's width / height, along the rectangle's own (rotated) axes. */
    float shift_x;
    float shift_y;
    /** 1: make the rectangle square in pixels using its longer side, before scaling. */
    int square_long;
} th_rect_transform;

/* ---- MediaPipe's settings ----------------------------------------------------------------------------------------- */

/** The palm detector's anchor options: 4 layers, strides 8,16,16,16, 192x192, offset 0.5, fixed anchor size. */
th_anchor_options th_palm_anchor_options(void);
/** The palm detector's decoding options: scales 192, score clip 100, minimum score 0.5. */
th_decode_options th_palm_decode_options(void);
/** ROI from a palm detection: scale 2.6, shift_y -0.5, square long. */
th_rect_transform th_palm_roi_transform(void);
/** ROI from landmarks for the next frame: scale 2.0, shift_y -0.1, square long. */
th_rect_transform th_landmark_roi_transform(void);

/* ---- Steps ------------------------------------------------------------------------------------------------------- */

/**
 * Generates SSD anchors the way MediaPipe's SsdAnchorsCalculator does (row-major per grid, layers with the same
 * stride merged). Writes at most `capacity` anchors and returns how many there are in total (call with capacity 0 to
 * size the buffer), or -1 for invalid options.
 */
int th_generate_anchors(const th_anchor_options *options, th_anchor *anchors, int capacity);

/** The logistic function after clipping to [-clip, clip], as the detector's scores are converted. */
float th_sigmoid_clipped(float raw, float clip);

/**
 * Decodes raw detector output (`raw_boxes`: count x 18 values, `raw_scores`: count logits) against `anchors` into
 * detections whose score passes `options->min_score_thresh`, in anchor order. Box centers and keypoints are
 * raw / scale * anchor size + anchor center; sizes raw / scale * anchor size. Writes at most `capacity` and returns
 * how many passed.
 */
int th_decode_detections(const float *raw_boxes, const float *raw_scores, const th_anchor *anchors, int count,
                         const th_decode_options *options, th_detection *out, int capacity);

/** Intersection over union of two detection boxes (0 when they do not overlap or are empty). */
float th_box_iou(const th_detection *a, const th_detection *b);

/**
 * MediaPipe's weighted non-maximum suppression: repeatedly takes the best remaining detection, gathers every
 * remaining detection whose IoU with it exceeds `min_suppression_threshold` (0.3 for palms), and outputs their
 * score-weighted mean box and keypoints with the best one's score. Output is in decreasing score order. Writes at
 * most `capacity` detections and returns how many were written.
 */
int th_weighted_nms(const th_detection *detections, int count, float min_suppression_threshold, th_detection *out,
                    int capacity);

/**
 * Intersection over union of two regions taken as upright boxes (rotation ignored), as MediaPipe's
 * AssociationNormRectCalculator compares hand regions; 0 when they do not overlap or are empty.
 */
float th_rect_iou(th_rect a, th_rect b);

/** Wraps an angle into [-pi, pi). */
float th_normalize_radians(float angle);

/**
 * The rotation that turns the vector from point `from` to point `to` (normalized, in an image of the given pixel
 * size) to point straight up on screen, i.e. target_angle - atan2(-(dy), dx), normalized; `target_angle` is pi/2 for
 * the hand graphs.
 */
float th_rotation_to_vertical(th_point from, th_point to, int image_width, int image_height, float target_angle);

/** Applies a RectTransformationCalculator step (shift along the rotated axes, square, scale). */
th_rect th_transform_rect(th_rect rect, int image_width, int image_height, const th_rect_transform *transform);

/**
 * The hand region from a palm detection: the detection box with the rotation that makes the wrist (keypoint 0) to
 * middle-finger MCP (keypoint 2) vector vertical, then enlarged with th_palm_roi_transform().
 */
th_rect th_hand_rect_from_detection(const th_detection *detection, int image_width, int image_height);

/**
 * The hand region for the next frame from the 21 landmarks: the rotation from the wrist to the mean of the index,
 * middle and ring MCPs (MediaPipe's subset), the bounding rectangle of the stable landmarks (wrist, thumb CMC/MCP/IP,
 * and the MCP and PIP of each finger) in that rotated frame, then enlarged with th_landmark_roi_transform().
 */
th_rect th_hand_rect_from_landmarks(const th_point landmarks[TH_LANDMARK_COUNT], int image_width, int image_height);

/**
 * The smallest rectangle with the given rotation that holds `points` (normalized), as MediaPipe's
 * HandLandmarksToRectCalculator computes it (in pixel space, then normalized).
 */
th_rect th_bounding_rect_with_rotation(const th_point *points, int count, float rotation, int image_width,
                                       int image_height);

/**
 * The letterbox that fits an image into a square-or-not tensor keeping its aspect ratio: fractions of the tensor
 * left empty on each side, written as padding[0] left, [1] top, [2] right, [3] bottom.
 */
void th_letterbox_padding(int image_width, int image_height, int tensor_width, int tensor_height, float padding[4]);

/** Maps a point normalized to the letterboxed tensor back to the image (removes the letterbox). */
th_point th_remove_letterbox(th_point point, const float padding[4]);

/**
 * The affine map from crop pixels to image pixels for cutting `roi` out of an image of the given size into a crop of
 * crop_width x crop_height: image = M * (u, v, 1), with M written row-major into `matrix` (6 values). Crop corner
 * (0,0) is the rectangle's top-left corner after rotation; the rectangle fills the whole crop (no letterbox).
 */
void th_crop_to_image_affine(th_rect roi, int image_width, int image_height, int crop_width, int crop_height,
                             double matrix[6]);

/** Maps a point normalized to the crop (0..1 across the ROI) back to normalized image coordinates. */
th_point th_project_from_roi(th_point crop_point, th_rect roi, int image_width, int image_height);

/**
 * A landmark's depth in the frame from its depth normalized to the crop (the model's z / TH_LANDMARK_INPUT_SIZE /
 * TH_LANDMARK_NORMALIZE_Z): scaled by the region's width, as MediaPipe's LandmarkProjectionCalculator does, so that it
 * is in the units of x (the frame's width). The model's z is relative to the wrist and negative towards the camera;
 * mirroring leaves it as it is.
 */
float th_project_depth_from_roi(float crop_z, th_rect roi);

/** The selfie-view (mirrored) version of a normalized point: x' = 1 - x. */
th_point th_mirror_point(th_point point);

/** The selfie-view version of a rectangle: center mirrored, rotation negated. */
th_rect th_mirror_rect(th_rect rect);

/* ---- the far-player search: the palm detector on zoomed windows of the frame ------------------------------------ */

/** A square window of the frame, in pixels (top-left corner and side), that the palm detector searches at a larger
 *  scale than the whole frame gives it, so that a small (far) hand covers enough of its 192x192 input. */
typedef struct th_tile {
    int x;
    int y;
    int size;
} th_tile;

/**
 * Overlapping square tiles covering a frame: side `fraction` (0 < fraction <= 1) of the frame's shorter side,
 * neighbours at most half a side apart, the first and last flush with the frame's edges, row by row from the top
 * left. A hand no larger than half a side lies wholly inside at least one tile. Writes up to `capacity` tiles and
 * returns how many the frame needs (0 for a bad size or fraction; call with capacity 0 to count).
 */
int th_search_tiles(int image_width, int image_height, float fraction, th_tile *tiles, int capacity);

/** The tile of side `size` (at most the shorter side) centred as near `center` (normalized) as the frame allows. */
th_tile th_tile_around(th_point center, int image_width, int image_height, int size);

/** A detection normalized to `tile` (box and keypoints), expressed normalized to the whole frame. */
th_detection th_detection_to_frame(const th_detection *detection, th_tile tile, int image_width, int image_height);

#ifdef __cplusplus
}
#endif
#endif
