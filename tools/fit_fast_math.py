#!/usr/bin/env python3
"""Fits the polynomials of Sources/ThereminCore/DSP/FastMath.swift (offline; needs numpy).

Least-maximum-error fits by Lawson's iteratively reweighted least squares on Chebyshev points:
  sin(2*pi*x) = x * P(x^2) on |x| <= 0.25 (absolute error), P of degree 4;
  2^f = Q(f) on |f| <= 0.5 (relative error), Q of degree 6.
Prints the coefficients (constant term first) and the largest error of each fit evaluated by Horner's rule in
double precision, as the Swift code evaluates it.

Usage: tools/fit_fast_math.py
"""
import numpy as np


def lawson(design, target, weight, iterations=300):
    """Coefficients c minimising max |(design @ c - target) * weight|."""
    w = np.ones(len(target))
    for _ in range(iterations):
        root = np.sqrt(w)
        c, *_ = np.linalg.lstsq(design * root[:, None], target * root, rcond=None)
        error = np.abs((design @ c - target) * weight)
        w = w * error
        w /= w.sum()
    return c


def horner(c, x):
    p = np.zeros_like(x)
    for coefficient in reversed(c):
        p = p * x + coefficient
    return p


nodes = np.cos(np.linspace(0, np.pi, 20001))

x = nodes[nodes > 0] * 0.25
sine = lawson(np.stack([x * x ** (2 * k) for k in range(5)], 1), np.sin(2 * np.pi * x), np.ones(len(x)))
check = np.linspace(0, 0.25, 200001)
print("sinTurns P (x^0, x^2, ...):", [float(c) for c in sine])
print("  max abs error:", np.abs(check * horner(sine, check * check) - np.sin(2 * np.pi * check)).max())

f = nodes * 0.5
power = lawson(np.stack([f ** k for k in range(7)], 1), 2.0 ** f, 2.0 ** -f)
check = np.linspace(-0.5, 0.5, 200001)
print("exp2 Q (f^0, f^1, ...):", [float(c) for c in power])
print("  max relative error:", np.abs(horner(power, check) / 2.0 ** check - 1).max())
