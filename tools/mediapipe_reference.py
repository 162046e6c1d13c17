#!/usr/bin/env python3
"""Measures MediaPipe 0.10.14's Python Hands solution (lite model) on the hand corpus,
as the anchor the theremin's own tracker is compared with.

Run it through tools/mediapipe_reference.sh, which builds the throwaway venv it
needs (mediapipe==0.10.14). Prints one JSON object of figures on stdout and a short
human summary on stderr; per-image details (landmarks, index tips, handedness) go
to the --details file for debugging a port.

Figures, as defined in tools/README.md:
  detection       hands_nogt/: images where at least one hand is found
  negatives       negatives/: images (and street-clip frames) where any hand is found
  tip_error       hands_gt/: index-tip (keypoint 8) error in palm units (|kp0 - kp9|)
                  of the detected hand nearest each ground-truth hand
  tracking        video clip in tracking mode: ms per frame for process(), and frames
                  with a hand, on all cores and pinned to one core; and the landmark
                  network alone (MediaPipe's own hand_landmark_lite.tflite in the TFLite
                  interpreter with its default XNNPACK delegate, one thread, one core)
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

import cv2
import mediapipe as mp

IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png")
INDEX_TIP, WRIST, MIDDLE_MCP = 8, 0, 9


def fail(message):
    print(f"mediapipe_reference: {message}", file=sys.stderr)
    sys.exit(2)


def images_in(folder):
    if not os.path.isdir(folder):
        fail(f"corpus folder {folder} is missing: pass --corpus pointing at ../shared/corpus")
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.lower().endswith(IMAGE_EXTENSIONS))


def read_image(path):
    bgr = cv2.imread(path)
    if bgr is None:
        fail(f"cannot decode image {path}: check the file")
    return bgr


def video_frames(path):
    cap = cv2.VideoCapture(path)
    if not cap.isOpened():
        fail(f"cannot open video {path}: check the file and that this OpenCV has FFmpeg")
    frames = []
    while True:
        ok, frame = cap.read()
        if not ok:
            break
        frames.append(frame)
    cap.release()
    if not frames:
        fail(f"video {path} has no decodable frame")
    return frames


def hands_in(result, width, height):
    """MediaPipe's hands as plain data: pixel landmarks, handedness label and score."""
    found = []
    for i, landmarks in enumerate(result.multi_hand_landmarks or []):
        points = [(lm.x * width, lm.y * height, lm.z) for lm in landmarks.landmark]
        cls = result.multi_handedness[i].classification[0]
        found.append({"landmarks_px": [[round(x, 2), round(y, 2), round(z, 4)] for x, y, z in points],
                      "index_tip_px": [round(points[INDEX_TIP][0], 2), round(points[INDEX_TIP][1], 2)],
                      "index_tip_norm": [round(points[INDEX_TIP][0] / width, 5), round(points[INDEX_TIP][1] / height, 5)],
                      "handedness": cls.label, "handedness_score": round(cls.score, 4)})
    return found


def detect(hands, bgr):
    height, width = bgr.shape[:2]
    return hands_in(hands.process(cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB)), width, height)


def static_hands(max_hands):
    return mp.solutions.hands.Hands(static_image_mode=True, max_num_hands=max_hands, model_complexity=0,
                                    min_detection_confidence=0.5)


def measure_detection(corpus, max_hands, details):
    hands = static_hands(max_hands)
    counts = {"webcam": [0, 0], "hard": [0, 0]}
    for path in images_in(os.path.join(corpus, "hands_nogt")):
        found = detect(hands, read_image(path))
        group = "hard" if os.path.basename(path).startswith("hard_") else "webcam"
        counts[group][1] += 1
        counts[group][0] += bool(found)
        details[os.path.relpath(path, corpus)] = found
    hands.close()
    total = [counts["webcam"][0] + counts["hard"][0], counts["webcam"][1] + counts["hard"][1]]
    return {group: {"detected": n, "total": t} for group, (n, t) in
            (("webcam", counts["webcam"]), ("hard", counts["hard"]), ("all", total))}


def measure_negatives(corpus, max_hands, details):
    hands = static_hands(max_hands)
    folder = os.path.join(corpus, "negatives")
    fp_images = []
    images = images_in(folder)
    for path in images:
        found = detect(hands, read_image(path))
        details[os.path.relpath(path, corpus)] = found
        if found:
            fp_images.append(os.path.basename(path))
    clips = sorted(f for f in os.listdir(folder) if f.lower().endswith(".mp4"))
    fp_frames, n_frames = 0, 0
    for clip in clips:
        for i, frame in enumerate(video_frames(os.path.join(folder, clip))):
            found = detect(hands, frame)
            details[f"negatives/{clip}#{i}"] = found
            fp_frames += bool(found)
            n_frames += 1
    hands.close()
    return {"images": {"false_positives": len(fp_images), "total": len(images), "which": fp_images},
            "clip_frames": {"false_positives": fp_frames, "total": n_frames, "clips": clips}}


def measure_far_players(folder, max_hands):
    """MediaPipe lite (hands found, false positives) and full (index tip, palm size) on the far-player scenes the
    tracker's benchmark wrote (PPM files; names starting "neg_" are hand-free)."""
    lite = static_hands(max_hands)
    full = mp.solutions.hands.Hands(static_image_mode=True, max_num_hands=max_hands, model_complexity=1,
                                    min_detection_confidence=0.5)
    found = {"half": 0, "third": 0}
    false_positives, full_tips = 0, {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".ppm"):
            continue
        image = cv2.imread(os.path.join(folder, name))
        scene = name[:-4]
        ours_lite = detect(lite, image)
        if scene.startswith("neg_"):
            false_positives += len(ours_lite)
            continue
        found[scene.split("_")[0]] += bool(ours_lite)
        hands_full = detect(full, image)
        if hands_full:
            points = hands_full[0]["landmarks_px"]
            palm = math.dist(points[WRIST][:2], points[MIDDLE_MCP][:2])
            full_tips[scene] = {"tip_px": hands_full[0]["index_tip_px"], "palm_px": round(palm, 2)}
    lite.close()
    full.close()
    return {"lite_found": found, "lite_false_positives": false_positives, "full_tips": full_tips}


def labelled(kp, i):
    return kp[i][2] > 0


def measure_tip_error(corpus, max_hands, details):
    hands = static_hands(max_hands)
    folder = os.path.join(corpus, "hands_gt")
    errors, gt_hands, per_hand, images_with_hand, images = [], 0, [], 0, 0
    for path in images_in(folder):
        truth_path = os.path.splitext(path)[0] + ".json"
        try:
            with open(truth_path) as f:
                truth = json.load(f)
        except (OSError, json.JSONDecodeError) as e:
            fail(f"cannot read ground truth {truth_path}: {e}")
        found = detect(hands, read_image(path))
        details[os.path.relpath(path, corpus)] = found
        images += 1
        images_with_hand += bool(found)
        for h, gt in enumerate(truth.get("hands", [])):
            kp = gt["keypoints"]
            if not (labelled(kp, WRIST) and labelled(kp, MIDDLE_MCP) and labelled(kp, INDEX_TIP)):
                continue
            gt_hands += 1
            palm = math.dist(kp[WRIST][:2], kp[MIDDLE_MCP][:2])
            best, best_distance = None, math.inf
            for cand in found:
                pairs = [(cand["landmarks_px"][i][:2], kp[i][:2]) for i in range(21) if labelled(kp, i)]
                distance = statistics.fmean(math.dist(a, b) for a, b in pairs)
                if distance < best_distance:
                    best, best_distance = cand, distance
            entry = {"image": os.path.basename(path), "hand": h, "palm_px": round(palm, 2), "matched": False}
            if best is not None and best_distance <= palm:
                error = math.dist(best["index_tip_px"], kp[INDEX_TIP][:2]) / palm
                errors.append(error)
                entry.update(matched=True, tip_error_palm_units=round(error, 4),
                             mean_keypoint_error_palm_units=round(best_distance / palm, 4))
            per_hand.append(entry)
    hands.close()
    return {"median_palm_units": round(statistics.median(errors), 4) if errors else None,
            "mean_palm_units": round(statistics.fmean(errors), 4) if errors else None,
            "matched_hands": len(errors), "gt_hands": gt_hands,
            "images_with_hand": images_with_hand, "images": images, "per_hand": per_hand}


def letterboxed(frame, width, height):
    """The frame scaled to fit width x height, keeping its aspect ratio, centred on black (as a 4:3 camera would show
    a 16:9 scene); the tracker's benchmark builds the same frames."""
    h, w = frame.shape[:2]
    scale = min(width / w, height / h)
    sw, sh = round(w * scale), round(h * scale)
    resized = frame if (sw, sh) == (w, h) else cv2.resize(frame, (sw, sh), interpolation=cv2.INTER_LINEAR)
    top, left = (height - sh) // 2, (width - sw) // 2
    return cv2.copyMakeBorder(resized, top, height - sh - top, left, width - sw - left, cv2.BORDER_CONSTANT, value=0)


def measure_tracking(clip_path, max_hands, details, label, letterbox=None):
    frames = video_frames(clip_path)
    if letterbox is not None:
        frames = [letterboxed(f, *letterbox) for f in frames]
    rgb = [cv2.cvtColor(f, cv2.COLOR_BGR2RGB) for f in frames]
    hands = mp.solutions.hands.Hands(static_image_mode=False, max_num_hands=max_hands, model_complexity=0,
                                     min_detection_confidence=0.5, min_tracking_confidence=0.5)
    times, with_hand, tips = [], 0, []
    height, width = frames[0].shape[:2]
    for image in rgb:
        start = time.perf_counter()
        result = hands.process(image)
        times.append((time.perf_counter() - start) * 1e3)
        found = hands_in(result, width, height)
        with_hand += bool(found)
        tips.append(found[0]["index_tip_norm"] if found else None)
    hands.close()
    details[f"tracking/{label}/{os.path.basename(clip_path)}"] = tips
    steady = times[1:]  # the first call builds the graph and runs the detector cold
    return {"frames": len(frames), "frames_with_hand": with_hand,
            "hand_per_frame": [tip is not None for tip in tips],
            "ms_per_frame_median": round(statistics.median(steady), 2),
            "ms_per_frame_mean": round(statistics.fmean(steady), 2),
            "cpus": sorted(os.sched_getaffinity(0))}


def measure_landmark_network(runs=500):
    """ms per run of MediaPipe's landmark model alone (one thread), on a fixed pseudo-random input; the network's
    share of a tracking frame, the floor under any tracker running the same network with the same kernels."""
    import numpy as np
    import tflite_runtime
    from tflite_runtime.interpreter import Interpreter
    model = os.path.join(os.path.dirname(mp.__file__), "modules", "hand_landmark", "hand_landmark_lite.tflite")
    interpreter = Interpreter(model_path=model, num_threads=1)
    interpreter.allocate_tensors()
    tensor = interpreter.get_input_details()[0]
    interpreter.set_tensor(tensor["index"], np.random.RandomState(1).rand(*tensor["shape"]).astype(np.float32))
    for _ in range(30):
        interpreter.invoke()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        interpreter.invoke()
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    return {"ms_median": round(statistics.median(times), 3), "ms_p90": round(times[int(0.9 * (len(times) - 1))], 3),
            "runs": runs, "interpreter": f"tflite-runtime {tflite_runtime.__version__}, XNNPACK delegate, 1 thread"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--corpus", default=os.path.normpath(os.path.join(here, "..", "..", "shared", "corpus")),
                        help="hand corpus folder (default: ../shared/corpus beside the repository)")
    parser.add_argument("--max-hands", type=int, default=2, help="max_num_hands for the still images (default 2)")
    parser.add_argument("--details", default="/tmp/theremin-mediapipe-reference.json",
                        help="where to write per-image landmarks and index tips (default %(default)s)")
    parser.add_argument("--far-players", default=None,
                        help="folder of far-player scenes (PPM) written by the tracker's benchmark")
    parser.add_argument("--clip", default="video/mediapipe_selfie_segmentation_web.mp4",
                        help="clip for the tracking-mode timing, relative to the corpus")
    parser.add_argument("--presence", default=None, metavar="VIDEO",
                        help="only track VIDEO (one hand, tracking mode) and print which frames have a hand, as JSON")
    args = parser.parse_args()
    if args.presence:
        if not os.path.isfile(args.presence):
            fail(f"--presence {args.presence}: no such video file")
        tracked = measure_tracking(args.presence, 1, {}, "presence")
        json.dump({"video": args.presence, "frames": tracked["frames"], "frames_with_hand": tracked["frames_with_hand"],
                   "hand_per_frame": tracked["hand_per_frame"]}, sys.stdout)
        print()
        return
    if not os.path.isdir(args.corpus):
        fail(f"corpus folder {args.corpus} is missing: pass --corpus pointing at ../shared/corpus")
    clip = os.path.join(args.corpus, args.clip)
    if not os.path.isfile(clip):
        fail(f"clip {clip} is missing: pass --clip relative to the corpus")

    details = {}
    figures = {"mediapipe_version": mp.__version__, "solution": "mediapipe.solutions.hands",
               "model_complexity": 0, "min_detection_confidence": 0.5, "max_num_hands_images": args.max_hands,
               "corpus": os.path.abspath(args.corpus)}
    figures["detection"] = measure_detection(args.corpus, args.max_hands, details)
    figures["negatives"] = measure_negatives(args.corpus, args.max_hands, details)
    figures["tip_error"] = measure_tip_error(args.corpus, args.max_hands, details)
    if args.far_players:
        figures["far_players"] = measure_far_players(args.far_players, args.max_hands)
    tracking = {"clip": args.clip, "min_tracking_confidence": 0.5}
    all_cpus = os.sched_getaffinity(0)
    for max_hands in (1, 2):
        tracking[f"max_num_hands_{max_hands}"] = {
            "all_cores": measure_tracking(clip, max_hands, details, f"all_cores_{max_hands}")}
    # Threads MediaPipe starts from here on inherit the main thread's affinity: one core.
    os.sched_setaffinity(0, {min(all_cpus)})
    for max_hands in (1, 2):
        tracking[f"max_num_hands_{max_hands}"]["one_core"] = measure_tracking(clip, max_hands, details,
                                                                              f"one_core_{max_hands}")
    tracking["landmark_network_one_core"] = measure_landmark_network()
    # Continuity with the hand at the picture's edge: the clip letterboxed into 640x480, one hand, one core.
    tracking["letterboxed_640x480"] = measure_tracking(clip, 1, details, "letterboxed_1", letterbox=(640, 480))
    os.sched_setaffinity(0, all_cpus)
    figures["tracking"] = tracking

    tmp = args.details + ".tmp"
    with open(tmp, "w") as f:
        json.dump(details, f, indent=1)
    os.replace(tmp, args.details)
    figures["details_file"] = args.details

    json.dump(figures, sys.stdout, indent=2)
    print()
    d, n, t, tr = figures["detection"], figures["negatives"], figures["tip_error"], tracking["max_num_hands_1"]
    print(f"mediapipe_reference: detected {d['all']['detected']}/{d['all']['total']} "
          f"(webcam {d['webcam']['detected']}/{d['webcam']['total']}, hard {d['hard']['detected']}/{d['hard']['total']}); "
          f"false positives {n['images']['false_positives']}/{n['images']['total']} images, "
          f"{n['clip_frames']['false_positives']}/{n['clip_frames']['total']} clip frames; "
          f"median tip error {t['median_palm_units']} palm units ({t['matched_hands']}/{t['gt_hands']} hands); "
          f"tracking {tr['all_cores']['ms_per_frame_median']} ms/frame all cores, "
          f"{tr['one_core']['ms_per_frame_median']} ms/frame one core (max_num_hands=1)", file=sys.stderr)


if __name__ == "__main__":
    main()
