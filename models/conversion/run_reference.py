#!/usr/bin/env python3
"""The TFLite side of the conversion check; runs in the conversion venv.

  run_reference.py MODEL.tflite INPUTS.f32 OUT.npz

Feeds every input of INPUTS.f32 (written by make_inputs.py) through the TFLite
interpreter with its reference kernels (not its XNNPACK delegate, which is what we
compare against) and saves each output as "<input index>/<output name>".
"""
import sys

import numpy as np
from tflite_runtime.interpreter import Interpreter, OpResolverType


def main(model, inputs_path, out_path):
    interp = Interpreter(model_path=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interp.allocate_tensors()
    inp = interp.get_input_details()[0]
    shape = tuple(inp["shape"][1:])
    batch = np.fromfile(inputs_path, "<f4").reshape((-1,) + shape)
    saved = {}
    for i, x in enumerate(batch):
        interp.set_tensor(inp["index"], x[None])
        interp.invoke()
        for d in interp.get_output_details():
            saved[f"{i}/{d['name']}"] = interp.get_tensor(d["index"]).copy()
    np.savez(out_path, **saved)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
