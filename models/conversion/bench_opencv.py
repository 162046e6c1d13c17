#!/usr/bin/env python3
"""Times ONNX models with Debian's OpenCV 4.6 DNN (cv2.dnn, default CPU backend) on 1
and 2 threads: median milliseconds per forward pass over all outputs, models
interleaved in rounds so that a noisy neighbour hits all of them alike.

Usage: bench_opencv.py MODEL.onnx [MODEL.onnx ...]   (input size from the file name:
       "palm" models take 192x192, the others 224x224)
"""
import os
import sys
import time

import cv2
import numpy as np

ROUNDS, WARMUP, RUNS = 5, 3, 15


def main(paths):
    rng = np.random.default_rng(7)
    nets = []
    for path in paths:
        size = 192 if "palm" in os.path.basename(path) else 224
        net = cv2.dnn.readNetFromONNX(path)
        nets.append((path, net, net.getUnconnectedOutLayersNames(),
                     rng.random((1, 3, size, size), dtype=np.float32)))
    times = {}
    for _ in range(ROUNDS):
        for threads in (1, 2):
            cv2.setNumThreads(threads)
            for path, net, names, x in nets:
                for _ in range(WARMUP):
                    net.setInput(x)
                    net.forward(names)
                for _ in range(RUNS):
                    start = time.perf_counter()
                    net.setInput(x)
                    net.forward(names)
                    times.setdefault((path, threads), []).append((time.perf_counter() - start) * 1e3)
    print(f"bench_opencv: OpenCV {cv2.__version__}, median of {ROUNDS * RUNS} forward passes")
    for path, _, _, _ in nets:
        cells = "  ".join(f"{t} thread{'s' if t > 1 else ''}: {np.median(times[(path, t)]):6.2f} ms"
                          for t in (1, 2))
        print(f"  {path}: {cells}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(sys.argv[1:])
