#!/usr/bin/env python3
"""Hand continuity against MediaPipe, frame by frame, for `make measure-live LETTERBOX=1`.

Reads MediaPipe's per-frame presence on a video (`mediapipe_reference.py --presence VIDEO`) and theremin's traces
of the same video: one tracked offline (`theremin --input VIDEO --record`, row n = frame n) and one recorded live
from the fake camera playing it (`--frame-log` of fake-camera gives each buffer's due time and video frame; the
live take's `# clock: monotonic S` comment gives the capture clock at t = 0, so row time + S is the buffer's
timestamp). Prints, for each, the frames where MediaPipe finds a hand and how many of those theremin finds too.
"""
import argparse
import json
import sys


def fail(message):
    print(f"continuity: {message}", file=sys.stderr)
    sys.exit(2)


def trace_rows(path):
    """(t, present) per row, and the clock origin comment if any."""
    rows, origin, header = [], None, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                body = line[1:].strip()
                if body.startswith("clock:") and body.split()[1:2] == ["monotonic"]:
                    origin = float(body.split()[2])
                continue
            if not line:
                continue
            fields = line.split(",")
            if header is None:
                header = fields
                continue
            rows.append((float(fields[header.index("t")]), fields[header.index("present")] == "1"))
    return rows, origin


def frame_log(path):
    """Due time in microseconds -> video frame, from fake-camera's --frame-log."""
    frames = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#"):
                continue
            _, due, video_frame = line.split()
            frames[round(float(due) * 1e6)] = int(video_frame)
    return frames


def report(label, pairs, reference, missed=False):
    """pairs: (video frame, theremin found a hand) per tracked frame."""
    with_mp = [found for frame, found in pairs if 0 <= frame < len(reference) and reference[frame]]
    if missed:
        print(f"{label}: missed video frames " + " ".join(
            str(frame) for frame, found in pairs if 0 <= frame < len(reference) and reference[frame] and not found))
    both = sum(with_mp)
    share = 100 * both / len(with_mp) if with_mp else float("nan")
    found = sum(1 for _, f in pairs if f)
    print(f"{label}: theremin finds the hand in {both} of the {len(with_mp)} frames where MediaPipe lite does "
          f"({share:.1f} %); in {found} of {len(pairs)} frames in all")
    return share


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mediapipe", required=True, help="JSON from mediapipe_reference.py --presence")
    parser.add_argument("--offline", help="trace of the video tracked offline")
    parser.add_argument("--live", help="live take of the fake camera playing the video")
    parser.add_argument("--frame-log", help="fake-camera's --frame-log of that live run")
    parser.add_argument("--missed", action="store_true", help="also list the frames MediaPipe has and theremin not")
    args = parser.parse_args()
    with open(args.mediapipe) as f:
        reference = json.load(f)["hand_per_frame"]
    if args.offline:
        rows, _ = trace_rows(args.offline)
        report("offline", [(n, found) for n, (_, found) in enumerate(rows)], reference, args.missed)
    if args.live:
        if not args.frame_log:
            fail("--live needs --frame-log")
        rows, origin = trace_rows(args.live)
        if origin is None:
            fail(f"{args.live} has no '# clock: monotonic' line (a live take from this version is needed)")
        frames = frame_log(args.frame_log)
        pairs, unmatched = [], 0
        for t, found in rows:
            due = round((origin + t) * 1e6)
            frame = next((frames[k] for k in (due, due - 1, due + 1) if k in frames), None)
            if frame is None:
                unmatched += 1
                continue
            pairs.append((frame, found))
        if unmatched:
            print(f"live: {unmatched} rows matched no logged buffer (left out)")
        report("live", pairs, reference, args.missed)


if __name__ == "__main__":
    main()
