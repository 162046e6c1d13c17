#!/usr/bin/env python3
"""The TFLite side of the conversion check; runs in the conversion venv.

  run_tflite.py INPUTS.npz OUT.npz PALM.tflite LANDMARK.tflite

Feeds every NCHW input written by check_opencv.py (transposed to the NHWC layout the
.tflite models take) through the TFLite interpreter with its reference kernels and
saves each output under "<model>/<input index>/<output name>".
"""
import sys

import numpy as np
import tensorflow as tf


def run(model_path, batch):
    interp = tf.lite.Interpreter(
        model_path=model_path,
        experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_REF)
    interp.allocate_tensors()
    inp = interp.get_input_details()[0]
    results = []
    for x in batch:
        interp.set_tensor(inp["index"], np.transpose(x, (1, 2, 0))[None].astype(np.float32))
        interp.invoke()
        results.append({d["name"]: interp.get_tensor(d["index"]).copy() for d in interp.get_output_details()})
    return results


def main(inputs_path, out_path, palm, landmark):
    inputs = np.load(inputs_path)
    saved = {}
    for kind, path in (("palm", palm), ("landmark", landmark)):
        for i, outs in enumerate(run(path, inputs[kind])):
            for name, value in outs.items():
                saved[f"{kind}/{i}/{name}"] = value
    np.savez(out_path, **saved)


if __name__ == "__main__":
    if len(sys.argv) != 5:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
