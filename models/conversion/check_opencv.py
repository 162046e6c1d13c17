#!/usr/bin/env python3
"""The OpenCV side of the conversion check; runs under Debian's /usr/bin/python3
with python3-opencv (OpenCV 4.6, the version the product links against).

  check_opencv.py inputs CORPUS_DIR OUT.npz
      writes the test inputs: NCHW float32 tensors in [0,1], a few real images from
      the corpus (when CORPUS_DIR exists) and a few seeded random ones.
  check_opencv.py compare INPUTS.npz REFERENCE.npz TOLERANCE MODEL.onnx [MODEL.onnx ...]
      loads each model with cv2.dnn, runs every input of the model's size, and
      compares each output with the TFLite interpreter's (REFERENCE.npz, written by
      run_tflite.py). Exits 1 if any difference exceeds TOLERANCE.

Outputs in pixels of the model input (palm box and keypoint regressors, the 21
landmarks) are compared in units of the input size, i.e. in the normalized image
coordinates the tracker uses: their raw values reach ~200, where float32 rounding
alone (one ulp = 1.5e-5) differs by more than 1e-4 between two correct kernels.
The raw pixel differences are printed as well.
"""
import os
import sys

import cv2
import numpy as np

SIZES = {"palm": 192, "landmark": 224}
PIXEL_OUTPUTS = {"palm": {"Identity"}, "landmark": {"Identity"}}


def image_tensor(bgr, size):
    """Square-pads the image (as MediaPipe letterboxes), resizes it and returns 1x3xHxW RGB in [0,1]."""
    h, w = bgr.shape[:2]
    side = max(h, w)
    top, left = (side - h) // 2, (side - w) // 2
    padded = cv2.copyMakeBorder(bgr, top, side - h - top, left, side - w - left, cv2.BORDER_CONSTANT, value=0)
    return cv2.dnn.blobFromImage(padded, 1.0 / 255.0, (size, size), swapRB=True, crop=False)


def make_inputs(corpus, out):
    rng = np.random.default_rng(20240508)
    tensors = {}
    names = []
    if os.path.isdir(corpus):
        for rel in ("hands_gt/freihand_00000355.jpg", "hands_gt/onehand10k_33.jpg",
                    "hands_nogt/hagrid_none_00af1db1-7c86-4e9b-9383-1fbd06c3492d.jpg",
                    "negatives/neg_mmpose_300w_indoor_020.png"):
            img = cv2.imread(os.path.join(corpus, rel))
            if img is not None:
                names.append(rel)
    else:
        print(f"check_opencv: corpus {corpus} absent; checking on random inputs only")
    for kind, size in SIZES.items():
        batch = []
        for rel in names:
            batch.append(image_tensor(cv2.imread(os.path.join(corpus, rel)), size))
        for _ in range(3):
            batch.append(rng.random((1, 3, size, size), dtype=np.float32))
        tensors[kind] = np.concatenate(batch).astype(np.float32)
    np.savez(out, **tensors)
    print(f"check_opencv: {len(names)} corpus images + 3 random inputs per model -> {out}")


def compare(inputs_path, reference_path, tolerance, models):
    inputs = np.load(inputs_path)
    reference = np.load(reference_path)
    worst_overall = 0.0
    for path in models:
        net = cv2.dnn.readNetFromONNX(path)
        kind = "palm" if "palm" in os.path.basename(path) else "landmark"
        names = list(net.getUnconnectedOutLayersNames())
        raw, scaled = {}, {}
        for i, x in enumerate(inputs[kind]):
            net.setInput(x[None])
            outs = net.forward(names)
            for name, out in zip(names, outs):
                ref = reference[f"{kind}/{i}/{name}"]
                if ref.shape != out.shape:
                    print(f"check_opencv: {path}: output {name} has shape {out.shape}, TFLite {ref.shape}")
                    sys.exit(1)
                diff = float(np.max(np.abs(ref - out)))
                unit = SIZES[kind] if name in PIXEL_OUTPUTS[kind] else 1.0
                raw[name] = max(raw.get(name, 0.0), diff)
                scaled[name] = max(scaled.get(name, 0.0), diff / unit)
        parts = []
        for n in names:
            shape = tuple(reference[f"{kind}/0/{n}"].shape)
            if n in PIXEL_OUTPUTS[kind]:
                parts.append(f"{n} {shape} {scaled[n]:.1e} of input size ({raw[n]:.1e} px)")
            else:
                parts.append(f"{n} {shape} {scaled[n]:.1e}")
        print(f"check_opencv: {os.path.basename(path)} on OpenCV {cv2.__version__}, {len(inputs[kind])} inputs, "
              f"max |OpenCV - TFLite|: " + ", ".join(parts))
        worst_overall = max(worst_overall, max(scaled.values()))
    verdict = "PASS" if worst_overall <= tolerance else "FAIL"
    print(f"check_opencv: {verdict}: max difference {worst_overall:.1e} (tolerance {tolerance:g})")
    sys.exit(0 if verdict == "PASS" else 1)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "inputs":
        make_inputs(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 6 and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5:])
    else:
        raise SystemExit(__doc__)
