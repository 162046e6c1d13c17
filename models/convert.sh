#!/usr/bin/env bash
# Regenerates models/palm_detection_lite.onnx and models/hand_landmark_lite.onnx from the
# .tflite files inside MediaPipe's PyPI wheel mediapipe==0.10.14, and checks them with
# Debian 12's OpenCV 4.6 against the TFLite interpreter. See models/README.md.
#
# Usage: models/convert.sh
# Environment (all optional):
#   THEREMIN_MODELS_VENV  throwaway venv for the converters   (default /tmp/theremin-models-venv)
#   THEREMIN_MODELS_WORK  scratch folder, wiped on start        (default /tmp/theremin-models-work)
#   THEREMIN_CORPUS       hand corpus used as test inputs       (default ../shared/corpus beside the repo)
#   FAST_DEPTHWISE=0      skip the OpenCV 4.6 speed rewrite (plain conversion)
#   BENCH=1               also time old and new models with cv2.dnn on 1 and 2 threads
# Needs: python3-venv and python3-opencv (Debian), network access to PyPI.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
conv="$here/conversion"
venv="${THEREMIN_MODELS_VENV:-/tmp/theremin-models-venv}"
work="${THEREMIN_MODELS_WORK:-/tmp/theremin-models-work}"
corpus="${THEREMIN_CORPUS:-$here/../../shared/corpus}"
syspy=/usr/bin/python3
tolerance=1e-4

say() { echo "convert.sh: $*"; }
die() { echo "convert.sh: $*" >&2; exit 1; }

# What the wheel must contain; a different hash means upstream changed the files.
declare -A tflite_sha256=(
    [palm_detection/palm_detection_lite.tflite]=e9a4aaddf90dda56a87235303cf00e4c2d3fb28725f68fd88772997dac905c18
    [hand_landmark/hand_landmark_lite.tflite]=048edd3645c9bf7397d19a9f6e3a42957d6e414c9bea6598030a2e9b624156e6
)

cv_version="$($syspy -c 'import cv2; print(cv2.__version__)' 2>/dev/null)" ||
    die "$syspy cannot import cv2: install Debian's OpenCV for Python with 'apt-get install python3-opencv'"
[[ "$cv_version" == 4.6.* ]] || say "warning: checking with OpenCV $cv_version, the product targets Debian 12's 4.6"
$syspy -c 'import venv, ensurepip' 2>/dev/null || die "$syspy lacks venv: 'apt-get install python3-venv'"

if [[ ! -x "$venv/bin/python" ]]; then
    say "creating venv $venv"
    $syspy -m venv "$venv"
fi
say "installing converters into $venv (conversion/requirements.txt)"
"$venv/bin/pip" install -q --disable-pip-version-check -r "$conv/requirements.txt"

rm -rf "$work"
mkdir -p "$work"
say "fetching mediapipe==0.10.14 (wheel only, no dependencies)"
"$venv/bin/pip" download -q --disable-pip-version-check --no-deps "mediapipe==0.10.14" -d "$work/wheel"
wheel="$(ls "$work"/wheel/mediapipe-0.10.14-*.whl)"
for rel in "${!tflite_sha256[@]}"; do
    "$venv/bin/python" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
        "$wheel" "mediapipe/modules/$rel" "$work"
    got="$(sha256sum "$work/mediapipe/modules/$rel" | cut -d' ' -f1)"
    [[ "$got" == "${tflite_sha256[$rel]}" ]] || die "$rel in $(basename "$wheel") has sha256 $got, expected ${tflite_sha256[$rel]}"
done
palm_tflite="$work/mediapipe/modules/palm_detection/palm_detection_lite.tflite"
hand_tflite="$work/mediapipe/modules/hand_landmark/hand_landmark_lite.tflite"

quiet() { "$@" > "$work/last.log" 2>&1 || { cat "$work/last.log" >&2; die "failed: $*"; }; }

say "palm detector: tf2onnx --tflite (NCHW input)"
quiet "$venv/bin/python" -m tf2onnx.convert --tflite "$palm_tflite" --opset 11 --inputs-as-nchw input_1 \
    --output "$work/palm_plain.onnx"
say "landmark model: tflite2onnx, then Clip min/max as attributes (opset 10) for OpenCV 4.6"
quiet "$venv/bin/tflite2onnx" "$hand_tflite" "$work/hand_tflite2onnx.onnx"
"$venv/bin/python" "$conv/opencv46_compat.py" "$work/hand_tflite2onnx.onnx" "$work/hand_plain.onnx"

for pair in "palm palm_detection_lite" "hand hand_landmark_lite"; do
    read -r short name <<< "$pair"
    if [[ "${FAST_DEPTHWISE:-1}" == 1 ]]; then
        "$venv/bin/python" "$conv/opencv46_fast_depthwise.py" "$work/${short}_plain.onnx" "$work/${short}_fast.onnx"
    else
        cp "$work/${short}_plain.onnx" "$work/${short}_fast.onnx"
    fi
    "$venv/bin/python" "$conv/canonicalize.py" "$work/${short}_fast.onnx" "$work/$name.onnx"
done

say "checking with OpenCV $cv_version against the TFLite interpreter (tolerance $tolerance)"
$syspy "$conv/check_opencv.py" inputs "$corpus" "$work/inputs.npz"
quiet "$venv/bin/python" "$conv/run_tflite.py" "$work/inputs.npz" "$work/reference.npz" "$palm_tflite" "$hand_tflite"
$syspy "$conv/check_opencv.py" compare "$work/inputs.npz" "$work/reference.npz" "$tolerance" \
    "$work/palm_detection_lite.onnx" "$work/hand_landmark_lite.onnx"

for name in palm_detection_lite.onnx hand_landmark_lite.onnx; do
    cp "$work/$name" "$here/.$name.tmp"
    mv "$here/.$name.tmp" "$here/$name"
done
(cd "$here" && sha256sum palm_detection_lite.onnx hand_landmark_lite.onnx > .SHA256SUMS.tmp && mv .SHA256SUMS.tmp SHA256SUMS)
say "wrote $here/palm_detection_lite.onnx, $here/hand_landmark_lite.onnx, $here/SHA256SUMS"

if [[ "${BENCH:-0}" == 1 ]]; then
    $syspy "$conv/bench_opencv.py" "$work/palm_plain.onnx" "$here/palm_detection_lite.onnx" \
        "$work/hand_plain.onnx" "$here/hand_landmark_lite.onnx"
fi
