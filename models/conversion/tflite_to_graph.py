#!/usr/bin/env python3
"""Writes a MediaPipe .tflite model as a theremin graph file (.xnng) for the XNNPACK runtime.

  tflite_to_graph.py MODEL.tflite OUT.xnng NAME

Runs in the conversion venv (needs the `tflite` flatbuffer package and numpy). The
format is described in models/README.md ("Graph file format"); the product's reader
is Sources/CHandTracker/Neural/GraphFile.cpp. What this does beyond copying:

- float16 weights behind DEQUANTIZE operators become float32 constants (the
  operators disappear);
- TFLite's SAME padding becomes explicit, possibly uneven, padding per side;
- fused activations become output clamps [min, max];
- a CONCATENATION that makes a graph output (the palm detector's last two) is not an
  operator: each of its inputs becomes an external output written at its offset in
  the one output buffer (XNNPACK's 2022 build has no concatenate node);
- MEAN over height and width (the landmark model's global pooling) gets the 4-D
  output [N, 1, 1, C] XNNPACK's global average pooling writes.

Output is deterministic: the same .tflite gives the same bytes.
"""
import struct
import sys

import numpy as np
import tflite
from tflite.BuiltinOperator import BuiltinOperator
from tflite.TensorType import TensorType

MAGIC = b"THXG"
VERSION = 1
NO_WEIGHTS = 0xFFFFFFFF

# Node kinds of the format (models/README.md); the C++ reader has the same numbers.
CONV_2D, DEPTHWISE_CONV_2D, ADD, MAX_POOL_2D, CONSTANT_PAD, RESHAPE, RESIZE_BILINEAR, PRELU, SIGMOID, \
    FULLY_CONNECTED, GLOBAL_AVERAGE_POOL = range(1, 12)
# Resize sampling: 0 half-pixel centres, 1 align corners, 2 TensorFlow's legacy sampling.
RESIZE_HALF_PIXEL, RESIZE_ALIGN_CORNERS, RESIZE_LEGACY = range(3)

OP_NAMES = {v: k for k, v in BuiltinOperator.__dict__.items() if not k.startswith("_")}
INF = float("inf")
ACTIVATIONS = {0: (-INF, INF), 1: (0.0, INF), 2: (-1.0, 1.0), 3: (0.0, 6.0)}


def f32_bits(value):
    return struct.unpack("<i", struct.pack("<f", value))[0]


def fail(message):
    raise SystemExit(f"tflite_to_graph: {message}")


class Converter:
    def __init__(self, path):
        buf = open(path, "rb").read()
        self.model = tflite.Model.GetRootAsModel(buf, 0)
        if self.model.SubgraphsLength() != 1:
            fail(f"{path}: expected one subgraph")
        self.g = self.model.Subgraphs(0)
        self.constants = {}   # tflite tensor -> float32 array
        self.ints = {}        # tflite tensor -> int array (shape operands)
        self.ids = {}         # tflite tensor -> graph tensor index
        self.tensors = []     # (dims, weights array or None)
        self.nodes = []
        self.concat_outputs = {}  # tflite output tensor -> [(tflite input, element offset)]
        self.shape_override = {}

    def shape(self, t):
        return [int(d) for d in self.g.Tensors(t).ShapeAsNumpy()] if self.g.Tensors(t).ShapeLength() else []

    def buffer(self, t):
        data = self.model.Buffers(self.g.Tensors(t).Buffer()).DataAsNumpy()
        return None if isinstance(data, int) else data.tobytes()

    def op_name(self, op):
        code = self.model.OperatorCodes(op.OpcodeIndex())
        return OP_NAMES[max(code.BuiltinCode(), code.DeprecatedBuiltinCode())]

    def options(self, op, cls):
        table = op.BuiltinOptions()
        opts = cls()
        opts.Init(table.Bytes, table.Pos)
        return opts

    def read_constants(self):
        for t in range(self.g.TensorsLength()):
            data = self.buffer(t)
            if data is None:
                continue
            kind = self.g.Tensors(t).Type()
            shape = self.shape(t)
            if kind == TensorType.FLOAT32:
                self.constants[t] = np.frombuffer(data, "<f4").reshape(shape)
            elif kind == TensorType.FLOAT16:
                self.constants[t] = np.frombuffer(data, "<f2").astype(np.float32).reshape(shape)
            elif kind == TensorType.INT32:
                self.ints[t] = np.frombuffer(data, "<i4").reshape(shape)

    def tensor(self, t, dims=None, weights=None):
        """The graph index of TFLite tensor t, defining it on first use."""
        if t not in self.ids:
            if weights is None and t in self.constants:
                weights = self.constants[t]
            dims = dims if dims is not None else self.shape_override.get(t, self.shape(t))
            if len(dims) > 4:
                fail(f"tensor {t} has {len(dims)} dimensions; the format allows 4")
            self.ids[t] = len(self.tensors)
            self.tensors.append((dims, None if weights is None else np.ascontiguousarray(weights, "<f4")))
        return self.ids[t]

    def same_padding(self, size, kernel, stride, dilation):
        out = -(-size // stride)
        total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
        return total // 2, total - total // 2

    def paddings(self, opts, in_shape, kh, kw, dh=1, dw=1):
        if opts.Padding() == 1:  # VALID
            return [0, 0, 0, 0]
        top, bottom = self.same_padding(in_shape[1], kh, opts.StrideH(), dh)
        left, right = self.same_padding(in_shape[2], kw, opts.StrideW(), dw)
        return [top, right, bottom, left]

    def activation(self, code):
        if code not in ACTIVATIONS:
            fail(f"fused activation {code} is not supported")
        lo, hi = ACTIVATIONS[code]
        return [f32_bits(lo), f32_bits(hi)]

    def node(self, kind, inputs, outputs, params):
        self.nodes.append((kind, inputs, outputs, [int(p) for p in params]))

    def convert(self):
        self.read_constants()
        g = self.g
        graph_outputs = list(g.OutputsAsNumpy())
        ops = [g.Operators(i) for i in range(g.OperatorsLength())]
        # Constants produced by DEQUANTIZE take the dequantized weights.
        for op in ops:
            if self.op_name(op) == "DEQUANTIZE":
                src, dst = op.InputsAsNumpy()[0], op.OutputsAsNumpy()[0]
                self.constants[dst] = self.constants[src]
        for op in ops:
            if self.op_name(op) == "MEAN":
                out = op.OutputsAsNumpy()[0]
                self.shape_override[out] = [self.shape(op.InputsAsNumpy()[0])[0], 1, 1,
                                            self.shape(op.InputsAsNumpy()[0])[3]]
        for t in g.InputsAsNumpy():
            self.tensor(t)
        for index, op in enumerate(ops):
            name = self.op_name(op)
            ins = [int(i) for i in op.InputsAsNumpy()]
            outs = [int(o) for o in op.OutputsAsNumpy()]
            if name == "DEQUANTIZE":
                continue
            visit = getattr(self, "visit_" + name.lower(), None)
            if visit is None:
                fail(f"operator {index} ({name}) is not supported")
            visit(op, ins, outs)
        self.outputs = []
        self.slots = []
        for slot, t in enumerate(graph_outputs):
            name = g.Tensors(t).Name().decode()
            count = int(np.prod(self.shape(t)))
            self.slots.append((count, name))
            for source, offset in self.concat_outputs.get(t, [(t, 0)]):
                self.outputs.append((self.tensor(source), slot, offset))
        self.inputs = [(self.tensor(t), g.Tensors(t).Name().decode()) for t in g.InputsAsNumpy()]

    def visit_conv_2d(self, op, ins, outs):
        o = self.options(op, tflite.Conv2DOptions)
        filt = self.shape(ins[1])  # [O, H, W, I]
        pads = self.paddings(o, self.shape(ins[0]), filt[1], filt[2], o.DilationHFactor(), o.DilationWFactor())
        self.node(CONV_2D, [self.tensor(i) for i in ins], [self.tensor(outs[0])],
                  pads + [filt[1], filt[2], o.StrideH(), o.StrideW(), o.DilationHFactor(), o.DilationWFactor()]
                  + self.activation(o.FusedActivationFunction()))

    def visit_depthwise_conv_2d(self, op, ins, outs):
        o = self.options(op, tflite.DepthwiseConv2DOptions)
        filt = self.shape(ins[1])  # [1, H, W, C * multiplier]
        pads = self.paddings(o, self.shape(ins[0]), filt[1], filt[2], o.DilationHFactor(), o.DilationWFactor())
        self.node(DEPTHWISE_CONV_2D, [self.tensor(i) for i in ins], [self.tensor(outs[0])],
                  pads + [filt[1], filt[2], o.StrideH(), o.StrideW(), o.DilationHFactor(), o.DilationWFactor(),
                          o.DepthMultiplier()] + self.activation(o.FusedActivationFunction()))

    def visit_add(self, op, ins, outs):
        o = self.options(op, tflite.AddOptions)
        self.node(ADD, [self.tensor(i) for i in ins], [self.tensor(outs[0])],
                  self.activation(o.FusedActivationFunction()))

    def visit_max_pool_2d(self, op, ins, outs):
        o = self.options(op, tflite.Pool2DOptions)
        pads = self.paddings(o, self.shape(ins[0]), o.FilterHeight(), o.FilterWidth())
        self.node(MAX_POOL_2D, [self.tensor(ins[0])], [self.tensor(outs[0])],
                  pads + [o.FilterHeight(), o.FilterWidth(), o.StrideH(), o.StrideW()]
                  + self.activation(o.FusedActivationFunction()))

    def visit_pad(self, op, ins, outs):
        pads = self.ints[ins[1]]
        rank = len(self.shape(ins[0]))
        if pads.shape != (rank, 2):
            fail("PAD without a constant [rank, 2] paddings operand")
        pre = [int(p) for p in pads[:, 0]] + [0] * (4 - rank)
        post = [int(p) for p in pads[:, 1]] + [0] * (4 - rank)
        self.node(CONSTANT_PAD, [self.tensor(ins[0])], [self.tensor(outs[0])], pre + post + [f32_bits(0.0)])

    def visit_reshape(self, op, ins, outs):
        self.node(RESHAPE, [self.tensor(ins[0])], [self.tensor(outs[0])], [])

    def visit_resize_bilinear(self, op, ins, outs):
        o = self.options(op, tflite.ResizeBilinearOptions)
        mode = RESIZE_ALIGN_CORNERS if o.AlignCorners() else RESIZE_HALF_PIXEL if o.HalfPixelCenters() \
            else RESIZE_LEGACY
        self.node(RESIZE_BILINEAR, [self.tensor(ins[0])], [self.tensor(outs[0])], [mode])

    def visit_prelu(self, op, ins, outs):
        slope = self.constants[ins[1]]
        channels = self.shape(ins[0])[-1]
        if slope.size != channels:
            fail("PRELU slope is not one value per channel")
        self.node(PRELU, [self.tensor(ins[0]), self.tensor(ins[1], dims=[channels], weights=slope.reshape(-1))],
                  [self.tensor(outs[0])], [])

    def visit_logistic(self, op, ins, outs):
        self.node(SIGMOID, [self.tensor(ins[0])], [self.tensor(outs[0])], [])

    def visit_fully_connected(self, op, ins, outs):
        o = self.options(op, tflite.FullyConnectedOptions)
        self.node(FULLY_CONNECTED, [self.tensor(i) for i in ins], [self.tensor(outs[0])],
                  self.activation(o.FusedActivationFunction()))

    def visit_mean(self, op, ins, outs):
        axes = sorted(int(a) for a in self.ints[ins[1]].reshape(-1))
        if axes != [1, 2]:
            fail(f"MEAN over axes {axes}; only height and width (global average pooling) is supported")
        self.node(GLOBAL_AVERAGE_POOL, [self.tensor(ins[0])], [self.tensor(outs[0])], [])

    def visit_concatenation(self, op, ins, outs):
        o = self.options(op, tflite.ConcatenationOptions)
        shape = self.shape(outs[0])
        axis = o.Axis() % len(shape)
        if outs[0] not in list(self.g.OutputsAsNumpy()) or any(d != 1 for d in shape[:axis]) \
                or o.FusedActivationFunction() != 0:
            fail("a CONCATENATION that is not a graph output along its outermost axis")
        offset, parts = 0, []
        for t in ins:
            parts.append((t, offset))
            offset += int(np.prod(self.shape(t)))
        self.concat_outputs[outs[0]] = parts

    def write(self, out_path, name):
        words = bytearray()

        def u32(*values):
            for v in values:
                words.extend(struct.pack("<I", v & 0xFFFFFFFF))

        def text(s):
            raw = s.encode()
            u32(len(raw))
            words.extend(raw + b"\0" * (-len(raw) % 4))

        weights = []
        weight_count = 0
        words.extend(MAGIC)
        u32(VERSION)
        text(name)
        u32(len(self.tensors))
        for dims, data in self.tensors:
            offset = NO_WEIGHTS
            if data is not None:
                offset = weight_count
                weights.append(data.reshape(-1))
                weight_count += data.size
            u32(len(dims), *(list(dims) + [0] * (4 - len(dims))), offset)
        u32(len(self.inputs))
        for tensor, tname in self.inputs:
            u32(tensor)
            text(tname)
        u32(len(self.slots))
        for count, sname in self.slots:
            u32(count)
            text(sname)
        u32(len(self.outputs))
        for tensor, slot, offset in self.outputs:
            u32(tensor, slot, offset)
        u32(len(self.nodes))
        for kind, ins, outs, params in self.nodes:
            u32(kind, len(ins), len(outs), len(params), *ins, *outs, *params)
        u32(weight_count)
        words.extend(b"\0" * (-len(words) % 16))
        for w in weights:
            words.extend(w.astype("<f4").tobytes())
        words.extend(struct.pack("<Q", fnv1a64(bytes(words))))
        with open(out_path, "wb") as f:
            f.write(words)


def fnv1a64(data):
    """FNV-1a over 64-bit words, as GraphFile.cpp computes it (fast enough in numpy for megabytes)."""
    h = 0xCBF29CE484222325
    prime = 0x100000001B3
    # Byte-wise FNV-1a is too slow in Python for 4 MB; the format hashes little-endian 64-bit words instead,
    # the last partial word zero-padded (the data is 4-byte aligned, so at most one 4-byte tail).
    padded = data + b"\0" * (-len(data) % 8)
    for word in np.frombuffer(padded, "<u8").tolist():
        h = ((h ^ word) * prime) & 0xFFFFFFFFFFFFFFFF
    return h


def main(model, out, name):
    conv = Converter(model)
    conv.convert()
    conv.write(out, name)
    print(f"tflite_to_graph: {model} -> {out}: {len(conv.tensors)} tensors, {len(conv.nodes)} nodes, "
          f"{len(conv.outputs)} external outputs")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
