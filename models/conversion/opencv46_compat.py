#!/usr/bin/env python3
"""Rewrites an ONNX model into the form Debian 12's OpenCV 4.6 DNN importer accepts.

OpenCV 4.6 parses `Clip` only in its opset <= 10 form, where `min` and `max` are
attributes; since opset 11 they are optional inputs, which is what tflite2onnx
writes for every ReLU6. This step moves constant min/max inputs into attributes,
drops the initializers nothing uses any more, and declares opset 10 so that the
result is still a valid ONNX model (every other operator used must then have an
opset-10 form with the same meaning, which is checked).

Usage: opencv46_compat.py IN.onnx OUT.onnx
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper

# Operators whose opset-10 definition reads the attributes and inputs these
# models use exactly as the opset-11 one does (Gemm: with its bias input C present).
OPSET10_SAFE = {"Conv", "Add", "Gemm", "Sigmoid", "MaxPool", "ReduceMean", "Clip",
                "Relu", "PRelu", "Reshape", "Transpose", "Concat", "Mul"}


def constant_value(name, initializers, constants):
    if name in initializers:
        return numpy_helper.to_array(initializers[name])
    if name in constants:
        return constants[name]
    raise SystemExit(f"opencv46_compat: Clip bound '{name}' is not a constant; cannot rewrite")


def main(src, dst):
    model = onnx.load(src)
    graph = model.graph
    initializers = {t.name: t for t in graph.initializer}
    constants = {}
    for node in graph.node:
        if node.op_type == "Constant":
            for attr in node.attribute:
                if attr.name == "value":
                    constants[node.output[0]] = numpy_helper.to_array(attr.t)

    rewritten = 0
    for node in graph.node:
        if node.op_type != "Clip" or len(node.input) == 1:
            continue
        bounds = list(node.input[1:]) + [""] * (3 - len(node.input))
        attrs = []
        for attr_name, input_name, default in (("min", bounds[0], -np.finfo(np.float32).max),
                                               ("max", bounds[1], np.finfo(np.float32).max)):
            value = default if input_name == "" else float(np.asarray(
                constant_value(input_name, initializers, constants)).reshape(()))
            attrs.append(helper.make_attribute(attr_name, float(value)))
        del node.input[1:]
        node.attribute.extend(attrs)
        rewritten += 1

    used = {name for node in graph.node for name in node.input}
    used |= {o.name for o in graph.output}
    for t in list(graph.initializer):
        if t.name not in used:
            graph.initializer.remove(t)

    ops = {node.op_type for node in graph.node}
    unsafe = sorted(ops - OPSET10_SAFE)
    if unsafe:
        raise SystemExit(f"opencv46_compat: operators {unsafe} not known to keep their meaning at opset 10; "
                         "extend OPSET10_SAFE after checking the ONNX operator changelog")
    for node in graph.node:
        if node.op_type == "Gemm" and len(node.input) < 3:
            raise SystemExit("opencv46_compat: Gemm without bias has no opset-10 form")
    del model.opset_import[:]
    model.opset_import.extend([helper.make_opsetid("", 10)])
    model.ir_version = min(model.ir_version, 5)  # IR 5 is what opset 10 shipped with

    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, dst)
    print(f"opencv46_compat: {src} -> {dst}: {rewritten} Clip nodes rewritten, opset 10, "
          f"operators {sorted(ops)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
