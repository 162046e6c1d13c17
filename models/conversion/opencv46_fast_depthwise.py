#!/usr/bin/env python3
"""Rewrites the depthwise convolutions of an ONNX model that OpenCV 4.6 runs on its
slow generic path into equivalent ones that hit its fast vectorised kernel.

Why: OpenCV 4.6's CPU convolution has a fast depthwise kernel only for 3x3 filters
with padding <= 1 on inputs at least 18 pixels wide (16 + dilation * (kernel - 1)).
Everything else goes through a generic im2row path that is several times slower
per output. MediaPipe's hand models are built mostly from 5x5 depthwise
convolutions, many of them on 14x14 or 7x7 maps.

How, for a depthwise convolution with kernel K (3x3 or 5x5), stride s, pads p:
  * Pad the input once: the original top/left padding, and zeros bottom/right so
    that every sliced input below is at least 18 wide.
  * 3x3: one 3x3 convolution without padding on that input.
    5x5: K zero-padded to 6x6 is the sum of its four 3x3 quadrants K[a:a+3, b:b+3],
    a, b in {0, 3}; each quadrant runs as a 3x3 convolution (stride s, no padding)
    on the padded input sliced from row a, column b, and the four results are added.
    The bias goes to the (0, 0) term.
  * If the input was widened, Slice the result back to the original output width
    (the extra columns are computed from padding zeros and thrown away).
The result equals the original up to float rounding (summation order).

Which: only those where this measured faster with OpenCV 4.6 on both 1 and 2
threads (worth_rewriting): 3x3 ones on maps narrower than 18, and 5x5 stride-1
ones on maps at least 20 wide. On small maps and for strided 5x5 convolutions the
added Pad/Slice/Add layers cost more than the faster kernel saves.

Usage: opencv46_fast_depthwise.py IN.onnx OUT.onnx
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper, shape_inference

FAST_MIN_WIDTH = 18  # OpenCV 4.6 fast depthwise path: input width >= 16 + dilation * (3 - 1)
SPLIT_MIN_WIDTH = 20  # 5x5 stride 1: widest map seen to lose is 14, narrowest seen to gain is 24


def attrs_of(node):
    return {a.name: helper.get_attribute_value(a) for a in node.attribute}


class Rewriter:
    def __init__(self, model):
        self.opset = next(o.version for o in model.opset_import if o.domain in ("", "ai.onnx"))
        inferred = shape_inference.infer_shapes(model)
        self.shapes = {vi.name: [d.dim_value for d in vi.type.tensor_type.shape.dim]
                       for vi in list(inferred.graph.value_info) + list(inferred.graph.input)}
        self.inits = {t.name: t for t in model.graph.initializer}
        self.nodes, self.new_inits = [], []

    def const(self, name, values):
        self.new_inits.append(numpy_helper.from_array(np.asarray(values), name))
        return name

    def pad(self, src, dst, pads):
        if self.opset < 11:
            self.nodes.append(helper.make_node("Pad", [src], [dst], mode="constant", pads=pads, value=0.0))
        else:
            self.nodes.append(helper.make_node("Pad", [src, self.const(dst + "/pads", np.array(pads, np.int64))],
                                               [dst], mode="constant"))

    def slice(self, src, dst, starts, ends, axes):
        self.nodes.append(helper.make_node("Slice", [src,
                                                     self.const(dst + "/starts", np.array(starts, np.int64)),
                                                     self.const(dst + "/ends", np.array(ends, np.int64)),
                                                     self.const(dst + "/axes", np.array(axes, np.int64))], [dst]))

    def depthwise(self, node):
        """Returns the kernel array if node is a depthwise 3x3/5x5 convolution this can rewrite."""
        if node.op_type != "Conv" or len(node.input) < 2 or node.input[1] not in self.inits:
            return None
        w = numpy_helper.to_array(self.inits[node.input[1]])
        a = attrs_of(node)
        shape = self.shapes.get(node.input[0])
        if (w.ndim != 4 or w.shape[1] != 1 or w.shape[2] != w.shape[3] or w.shape[2] not in (3, 5)
                or not shape or len(shape) != 4 or shape[1] != w.shape[0] or a.get("group", 1) != w.shape[0]
                or list(a.get("dilations", [1, 1])) != [1, 1] or a.get("auto_pad", b"NOTSET") not in (b"NOTSET", "NOTSET")):
            return None
        return w

    def worth_rewriting(self, node, w):
        """The rule measured on this machine (OpenCV 4.6, 1 and 2 threads, see models/README.md):
        narrow 3x3 ones gain from widening; 5x5 stride-1 ones gain from the split only when
        the map is wide enough not to need widening, since the extra Pad/Slice/Add layers
        (about 20 us each on 2 threads) eat the gain on small maps; strided 5x5 ones never gain."""
        a = attrs_of(node)
        width = self.shapes[node.input[0]][3]
        if w.shape[2] == 3:
            return width < FAST_MIN_WIDTH
        return list(a.get("strides", [1, 1])) == [1, 1] and width >= SPLIT_MIN_WIDTH

    def rewrite(self, node, w):
        a = attrs_of(node)
        _, c, h, wd = self.shapes[node.input[0]]
        k = w.shape[2]
        sh, sw = a.get("strides", [1, 1])
        pt, pl, pb, pr = a.get("pads", [0, 0, 0, 0])
        hout = (h + pt + pb - k) // sh + 1
        wout = (wd + pl + pr - k) // sw + 1
        wout_ext = max(wout, -(-(FAST_MIN_WIDTH - 3) // sw) + 1)  # widen until each slice is fast
        slice_h, slice_w = sh * (hout - 1) + 3, sw * (wout_ext - 1) + 3
        offsets = [0] if k == 3 else [0, 3]
        need_h, need_w = slice_h + offsets[-1], slice_w + offsets[-1]
        base = node.output[0] + "/fastdw"
        padded = base + "/pad"
        self.pad(node.input[0], padded, [0, 0, pt, pl, 0, 0, need_h - (h + pt), need_w - (wd + pl)])
        kpad = np.zeros((c, 1, 3 * len(offsets), 3 * len(offsets)), dtype=w.dtype)
        kpad[:, :, :k, :k] = w
        terms = []
        for ra in offsets:
            for cb in offsets:
                tag = f"{base}/{ra}{cb}"
                src = padded
                if k == 5:
                    src = tag + "/in"
                    self.slice(padded, src, [ra, cb], [ra + slice_h, cb + slice_w], [2, 3])
                inputs = [src, self.const(tag + "/w", np.ascontiguousarray(kpad[:, :, ra:ra + 3, cb:cb + 3]))]
                if (ra, cb) == (0, 0) and len(node.input) > 2:
                    inputs.append(node.input[2])
                self.nodes.append(helper.make_node("Conv", inputs, [tag + "/out"], group=c, kernel_shape=[3, 3],
                                                   strides=[sh, sw], pads=[0, 0, 0, 0]))
                terms.append(tag + "/out")
        result = node.output[0] if wout_ext == wout else base + "/wide"
        if k == 5:
            self.nodes.append(helper.make_node("Add", [terms[0], terms[1]], [base + "/sum01"]))
            self.nodes.append(helper.make_node("Add", [terms[2], terms[3]], [base + "/sum23"]))
            self.nodes.append(helper.make_node("Add", [base + "/sum01", base + "/sum23"], [result]))
        else:
            self.nodes[-1].output[0] = result
        if wout_ext != wout:
            self.slice(result, node.output[0], [0], [wout], [3])
        return wout_ext != wout

    def run(self, model):
        counts = {"5x5": 0, "3x3": 0, "widened": 0, "kept": 0}
        for node in model.graph.node:
            w = self.depthwise(node)
            if w is None:
                self.nodes.append(node)
            elif not self.worth_rewriting(node, w):
                self.nodes.append(node)
                counts["kept"] += 1
            else:
                counts["widened"] += self.rewrite(node, w)
                counts[f"{w.shape[2]}x{w.shape[2]}"] += 1
        graph = model.graph
        del graph.node[:]
        graph.node.extend(self.nodes)
        graph.initializer.extend(self.new_inits)
        used = {i for n in graph.node for i in n.input}
        for t in list(graph.initializer):
            if t.name not in used:
                graph.initializer.remove(t)
        return counts


def main(src, dst):
    model = onnx.load(src)
    counts = Rewriter(model).run(model)
    onnx.checker.check_model(model, full_check=True)
    onnx.save(model, dst)
    print(f"opencv46_fast_depthwise: {src} -> {dst}: rewrote {counts['5x5']} 5x5 and {counts['3x3']} 3x3 "
          f"depthwise convolutions ({counts['widened']} widened), {counts['kept']} kept as they are")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
