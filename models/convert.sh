#!/usr/bin/env bash
# Regenerates models/palm_detection_lite.xnng and models/hand_landmark_lite.xnng from the .tflite files inside
# MediaPipe's PyPI wheel mediapipe==0.10.14, and checks them, run by the product's own XNNPACK runtime, against the
# TFLite interpreter. See models/README.md.
#
# Usage: models/convert.sh
# Environment (all optional):
#   THEREMIN_MODELS_VENV  throwaway venv for the converter   (default /tmp/theremin-models-venv)
#   THEREMIN_MODELS_WORK  scratch folder, wiped on start       (default /tmp/theremin-models-work)
#   THEREMIN_CORPUS       hand corpus used as test inputs      (default ../shared/corpus beside the repo)
# Needs: python3-venv and python3-opencv (Debian), the Swift toolchain (builds model-check), network access to PyPI.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
conv="$here/conversion"
venv="${THEREMIN_MODELS_VENV:-/tmp/theremin-models-venv}"
work="${THEREMIN_MODELS_WORK:-/tmp/theremin-models-work}"
corpus="${THEREMIN_CORPUS:-$repo/../shared/corpus}"
syspy=/usr/bin/python3
tolerance=1e-3

say() { echo "convert.sh: $*"; }
die() { echo "convert.sh: $*" >&2; exit 1; }

# What the wheel must contain; a different hash means upstream changed the files.
declare -A tflite_sha256=(
    [palm_detection/palm_detection_lite.tflite]=e9a4aaddf90dda56a87235303cf00e4c2d3fb28725f68fd88772997dac905c18
    [hand_landmark/hand_landmark_lite.tflite]=048edd3645c9bf7397d19a9f6e3a42957d6e414c9bea6598030a2e9b624156e6
)

$syspy -c 'import cv2' 2>/dev/null ||
    die "$syspy cannot import cv2: install Debian's OpenCV for Python with 'apt-get install python3-opencv'"
$syspy -c 'import venv, ensurepip' 2>/dev/null || die "$syspy lacks venv: 'apt-get install python3-venv'"
command -v swift > /dev/null || export PATH="/opt/swift/usr/bin:$PATH"

if [[ ! -x "$venv/bin/python" ]]; then
    say "creating venv $venv"
    $syspy -m venv "$venv"
fi
say "installing the converter's packages into $venv (conversion/requirements.txt)"
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

say "building model-check (the tracker's XNNPACK runtime on raw inputs)"
(cd "$repo" && swift build -c release --product model-check > "$work/build.log" 2>&1) ||
    { cat "$work/build.log" >&2; die "could not build model-check"; }
check="$repo/.build/release/model-check"
$syspy "$conv/make_inputs.py" "$corpus" "$work"

for pair in "palm palm_detection/palm_detection_lite" "landmark hand_landmark/hand_landmark_lite"; do
    read -r kind rel <<< "$pair"
    name="$(basename "$rel")"
    tflite="$work/mediapipe/modules/$rel.tflite"
    "$venv/bin/python" "$conv/tflite_to_graph.py" "$tflite" "$work/$name.xnng" "$name"
    "$venv/bin/python" "$conv/run_reference.py" "$tflite" "$work/$kind.f32" "$work/$kind.reference.npz"
    "$check" "$work/$name.xnng" "$work/$kind.f32" "$work/$kind.ours.f32" > "$work/$kind.slots.txt"
    "$venv/bin/python" "$conv/compare.py" "$name" "$work/$kind.reference.npz" "$work/$kind.ours.f32" \
        "$work/$kind.slots.txt" "$tolerance"
done

for name in palm_detection_lite.xnng hand_landmark_lite.xnng; do
    cp "$work/$name" "$here/.$name.tmp"
    mv "$here/.$name.tmp" "$here/$name"
done
(cd "$here" && sha256sum palm_detection_lite.xnng hand_landmark_lite.xnng > .SHA256SUMS.tmp && mv .SHA256SUMS.tmp SHA256SUMS)
say "wrote $here/palm_detection_lite.xnng, $here/hand_landmark_lite.xnng, $here/SHA256SUMS"
