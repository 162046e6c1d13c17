#!/usr/bin/env python3
"""Makes a converted ONNX file byte-for-byte reproducible.

tf2onnx numbers its folded constants ("const_fold_opt__611") and tflite2onnx orders
its initializers differently from one run to the next, so two conversions of the
same .tflite give different files (and different SHA256SUMS) for the same model.
This renames every initializer after the first node that reads it and the input
slot it feeds ("<node output>:in<slot>"), lists initializers in the order nodes
first read them, and drops the optional value_info shape annotations and doc
strings (tf2onnx writes the path of the .tflite it converted into one).

Usage: canonicalize.py IN.onnx OUT.onnx
"""
import sys

import onnx


def main(src, dst):
    model = onnx.load(src)
    graph = model.graph
    inits = {t.name: t for t in graph.initializer}
    renamed = {}
    for node in graph.node:
        for slot, name in enumerate(node.input):
            if name in inits and name not in renamed:
                renamed[name] = f"{node.output[0]}:in{slot}"
    unused = sorted(set(inits) - set(renamed))
    if unused:
        raise SystemExit(f"canonicalize: initializers nothing reads: {unused[:3]}")
    for node in graph.node:
        for slot, name in enumerate(node.input):
            if name in renamed:
                node.input[slot] = renamed[name]
    ordered = []
    for old, new in renamed.items():
        tensor = inits[old]
        tensor.name = new
        ordered.append(tensor)
    del graph.initializer[:]
    graph.initializer.extend(ordered)
    del graph.value_info[:]
    model.doc_string = ""
    graph.doc_string = ""
    for node in graph.node:
        node.doc_string = ""
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, dst)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
