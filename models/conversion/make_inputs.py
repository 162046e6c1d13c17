#!/usr/bin/env python3
"""Test inputs for the conversion check; runs under Debian's /usr/bin/python3 with python3-opencv.

  make_inputs.py CORPUS_DIR OUT_DIR

Writes OUT_DIR/palm.f32 and OUT_DIR/landmark.f32: float32 NHWC RGB tensors in [0, 1],
back to back: a few real corpus images letterboxed to the model's square input (when
CORPUS_DIR exists), then three seeded random ones. The same bytes feed the TFLite
interpreter (run_reference.py) and the product's runtime (model-check).
"""
import os
import sys

import cv2
import numpy as np

SIZES = {"palm": 192, "landmark": 224}
IMAGES = ("hands_gt/freihand_00000355.jpg", "hands_gt/onehand10k_33.jpg",
          "hands_nogt/hagrid_none_00af1db1-7c86-4e9b-9383-1fbd06c3492d.jpg",
          "negatives/neg_mmpose_300w_indoor_020.png")


def image_tensor(bgr, size):
    """Square-pads the image (as MediaPipe letterboxes), resizes it, and returns HxWx3 RGB in [0, 1]."""
    h, w = bgr.shape[:2]
    side = max(h, w)
    top, left = (side - h) // 2, (side - w) // 2
    padded = cv2.copyMakeBorder(bgr, top, side - h - top, left, side - w - left, cv2.BORDER_CONSTANT, value=0)
    resized = cv2.resize(padded, (size, size), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(resized, cv2.COLOR_BGR2RGB).astype(np.float32) / 255.0


def main(corpus, out_dir):
    rng = np.random.default_rng(20240508)
    images = []
    if os.path.isdir(corpus):
        images = [cv2.imread(os.path.join(corpus, rel)) for rel in IMAGES]
        images = [img for img in images if img is not None]
    else:
        print(f"make_inputs: corpus {corpus} absent; checking on random inputs only")
    for kind, size in SIZES.items():
        batch = [image_tensor(img, size) for img in images]
        batch += [rng.random((size, size, 3), dtype=np.float32) for _ in range(3)]
        np.stack(batch).astype("<f4").tofile(os.path.join(out_dir, f"{kind}.f32"))
    print(f"make_inputs: {len(images)} corpus images + 3 random inputs per model -> {out_dir}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
