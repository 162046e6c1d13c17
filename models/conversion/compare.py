#!/usr/bin/env python3
"""Compares the product's runtime (model-check) with the TFLite interpreter; runs in the conversion venv.

  compare.py NAME REFERENCE.npz OURS.f32 SLOTS.txt TOLERANCE

SLOTS.txt is what model-check printed: one "name size" line per output slot, in the
order OURS.f32 holds them for each input. For every output the error is
max |ours - TFLite| / max |TFLite|, i.e. relative to the output's own scale (pixel
coordinates up to ~200, scores, probabilities); the raw difference is printed too.
Exits 1 if any relative error exceeds TOLERANCE.
"""
import sys

import numpy as np


def main(name, reference_path, ours_path, slots_path, tolerance):
    reference = np.load(reference_path)
    slots = [(line.split()[0], int(line.split()[1])) for line in open(slots_path) if line.strip()]
    per_input = sum(size for _, size in slots)
    ours = np.fromfile(ours_path, "<f4").reshape(-1, per_input)
    worst, parts = 0.0, []
    for s, (slot, size) in enumerate(slots):
        start = sum(sz for _, sz in slots[:s])
        raw, scale = 0.0, 0.0
        for i, row in enumerate(ours):
            ref = reference[f"{i}/{slot}"].reshape(-1)
            if ref.size != size:
                print(f"compare: {name}: output {slot} has {size} values, TFLite {ref.size}")
                sys.exit(1)
            raw = max(raw, float(np.max(np.abs(row[start:start + size] - ref))))
            scale = max(scale, float(np.max(np.abs(ref))))
        relative = raw / scale if scale > 0 else raw
        worst = max(worst, relative)
        parts.append(f"{slot} {relative:.1e} (raw {raw:.1e} of {scale:.3g})")
    verdict = "PASS" if worst <= float(tolerance) else "FAIL"
    print(f"compare: {name}, {len(ours)} inputs, |XNNPACK - TFLite| / scale: " + ", ".join(parts) + f": {verdict}")
    sys.exit(0 if verdict == "PASS" else 1)


if __name__ == "__main__":
    if len(sys.argv) != 6:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
