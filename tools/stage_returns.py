#!/usr/bin/env python3
"""The player lock live, read from a `make soak` run over the stage's cycle (scripts/soak, issue 43).

The soak's camera plays a cycle of twelve bystander scenes (three photo pairs, each as it is, dimmed, under a red
wash and under a 12 Hz flicker; 330 frames each: BystanderScene) and then the selfie clip (270 frames), looped. Its
take holds a row for every frame theremin tracked, stamped with the camera's capture time, and the camera's frame log
says which frame of the looped clip each capture time was. From the two this prints, over every scene of the run:

- frames where the bystander alone was in view and a hand sounded (goal 0),
- frames with both hands in view whose sound was another hand than the player's (goal at most 1 %), and those
  that were silent (the player's hand not found: the light, or frames the tracker had to find it afresh),
- how long the player's returning hand took to sound: from the capture of the first frame that shows it to the
  capture of the first frame that plays it, plus the run's median camera-to-speaker latency (--stats' total).

The player's fingertip is left of x 0.45 in the mirrored view in every scene (the bystander's right of it while
alone), so a played row tells which hand it was by its x.

Usage: tools/stage_returns.py [bench-out/soak]   (take.csv, frames.log and theremin.err in that folder)
"""
import bisect
import re
import statistics
import sys
from pathlib import Path

SCENE_FRAMES = 330
SCENES = 12
SELFIE_FRAMES = 270
CYCLE = SCENES * SCENE_FRAMES + SELFIE_FRAMES
ENTERS, ALONE, BACK, LEAP_END = range(60, 105), range(105, 195), 195, 330
PLAYER_X = 0.45


def read_take(path):
    origin, rows = None, []
    for line in path.read_text().splitlines():
        if line.startswith("# clock: monotonic "):
            origin = float(line.split()[-1])
        elif line and not line.startswith("#") and not line.startswith("t,"):
            fields = line.split(",")
            present = fields[3] == "1"
            rows.append((float(fields[0]), float(fields[1]) if present else 0.0, present))
    if origin is None:
        sys.exit("stage_returns: the take has no '# clock: monotonic' line")
    return [(origin + t, x, present) for t, x, present in rows]


def read_frames(path):
    due, index = [], []
    for line in path.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        _, when, frame = line.split()
        due.append(float(when))
        index.append(int(frame))
    return due, index


def total_median(path):
    found = None
    for line in path.read_text().splitlines():
        match = re.match(r"\s*total\s+([0-9.]+)\s+([0-9.]+)", line)
        if match:
            found = float(match.group(1))
    return found


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "bench-out/soak")
    for name in ("take.csv", "frames.log", "theremin.err"):
        if not (folder / name).is_file():
            print(f"stage_returns: {folder / name} is missing: run `make soak` first", file=sys.stderr)
            sys.exit(2)
    rows = read_take(folder / "take.csv")
    due, index = read_frames(folder / "frames.log")
    due_of = dict(zip(index, due))
    latency = total_median(folder / "theremin.err")
    # Each row's frame of the looped clip: the frame whose due time is its capture time.
    frame_of = []
    for captured, x, present in rows:
        at = bisect.bisect_left(due, captured - 1e-4)
        if at < len(due) and abs(due[at] - captured) < 5e-3:
            frame_of.append((index[at], captured, x, present))
    alone_sounding = alone_total = off_player = silent = both_total = 0
    returns = []
    by_scene = {}
    for frame, captured, x, present in frame_of:
        cycle, offset = divmod(frame, CYCLE)
        if offset >= SCENES * SCENE_FRAMES:
            continue
        scene, local = divmod(offset, SCENE_FRAMES)
        by_scene.setdefault((cycle, scene), []).append((local, captured, x, present))
        if local in ALONE:
            alone_total += 1
            alone_sounding += present
        elif local in ENTERS or BACK + 3 <= local < LEAP_END:
            both_total += 1
            off_player += present and x >= PLAYER_X
            silent += not present
    for (cycle, scene), seen in by_scene.items():
        shown = due_of.get(cycle * CYCLE + scene * SCENE_FRAMES + BACK)
        played = [row for row in seen if row[0] >= BACK and row[3] and row[2] < PLAYER_X]
        if shown is None or not played:
            continue  # the scene's return was not captured whole (the run's first or last scene)
        returns.append(played[0][1] - shown)
    print(f"stage: {len(by_scene)} scenes tracked in {folder}")
    print(f"bystander alone in view: a hand sounded in {alone_sounding} of {alone_total} frames tracked")
    share = 100 * off_player / both_total if both_total else 0
    print(f"both hands in view: {off_player} of {both_total} frames tracked played another hand ({share:.2f} %); "
          f"{silent} were silent (the player's hand not found)")
    if returns:
        ms = sorted(1000 * r for r in returns)
        p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
        line = (f"returning hand, capture to played frame: median {statistics.median(ms):.1f} ms, p95 {p95:.1f}, "
                f"max {ms[-1]:.1f} over {len(ms)} returns")
        if latency is not None:
            line += (f"; to sound, with the run's median camera-to-speaker {latency:.1f} ms: median "
                     f"{statistics.median(ms) + latency:.1f}, p95 {p95 + latency:.1f}")
        print(line)


if __name__ == "__main__":
    main()
