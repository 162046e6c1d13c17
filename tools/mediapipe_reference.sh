#!/usr/bin/env bash
# Runs tools/mediapipe_reference.py in a throwaway venv with mediapipe==0.10.14.
# Usage: tools/mediapipe_reference.sh [--corpus DIR] [--details FILE] [...]   (see --help)
# Environment: THEREMIN_MEDIAPIPE_VENV (default /tmp/theremin-mediapipe-venv).
# Needs python3-venv and access to PyPI the first time. Prints the figures as JSON on stdout.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${THEREMIN_MEDIAPIPE_VENV:-/tmp/theremin-mediapipe-venv}"
if ! "$venv/bin/python" -c 'import mediapipe, sys; sys.exit(mediapipe.__version__ != "0.10.14")' 2>/dev/null; then
    echo "mediapipe_reference.sh: installing mediapipe==0.10.14 into $venv" >&2
    /usr/bin/python3 -m venv "$venv"
    # mediapipe 0.10.14 is built against NumPy 1.x.
    "$venv/bin/pip" install -q --disable-pip-version-check "mediapipe==0.10.14" "numpy<2" >&2
fi
# The TFLite interpreter (its default XNNPACK delegate) times the landmark network alone, as MediaPipe runs it.
if ! "$venv/bin/python" -c 'import tflite_runtime, sys; sys.exit(tflite_runtime.__version__ != "2.14.0")' 2>/dev/null; then
    echo "mediapipe_reference.sh: installing tflite-runtime==2.14.0 into $venv" >&2
    "$venv/bin/pip" install -q --disable-pip-version-check "tflite-runtime==2.14.0" "numpy<2" >&2
fi
exec "$venv/bin/python" "$here/mediapipe_reference.py" "$@"
