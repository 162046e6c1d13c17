#!/usr/bin/env python3
"""How much of the hand's motion reaches the sound (issue 19): clips made from a real corpus photo moved along known
paths (a 640x480 camera window sliding over it, motion blur over the exposure, sensor noise), tracked offline by
`theremin --input`, rendered, and the heard pitch held against where the fingertip truly was when it was heard.

Prints, for the trace (the tracker's output) and for the sound, gain (dB) and lag (ms) per vibrato rate, each leap's
settling time (within 5 cents) and overshoot, and the still hand's wobble (cents rms), for the expressive chain
(the default) and the steady one (the pre-change defaults: One Euro 1 Hz / 5 / 1 Hz, 12 ms glide) in the same run.

Offline tool (numpy and ffmpeg); never used at run time. Usage:
  tools/measure_response.py --theremin .build/release/theremin --photo PHOTO [--fps 60] [--self-test]
"""
import argparse, os, subprocess, sys, tempfile, wave
import numpy as np

WIDTH, HEIGHT = 640, 480
EXPOSURE = 0.008      # seconds; each frame is the mean of SUBFRAMES pictures over the exposure ending at its time
SUBFRAMES = 8
RATE = 48000

def load_photo(path, scale):
    """The photo as float BGR, scaled so the camera window can slide over it."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", path], capture_output=True, text=True, check=True).stdout.split(",")
    w, h = int(probe[0]), int(probe[1])
    factor = max((WIDTH + 240) / w, (HEIGHT + 240) / h) * scale
    sw, sh = int(w * factor) // 2 * 2, int(h * factor) // 2 * 2
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-vf", f"scale={sw}:{sh}", "-f", "rawvideo",
                          "-pix_fmt", "bgr24", "-"], capture_output=True, check=True).stdout
    picture = np.frombuffer(raw, np.uint8).reshape(sh, sw, 3).astype(np.float32)
    if scale < 1:  # a far player: the small picture in the middle of a grey room
        canvas = np.full((HEIGHT + 240, WIDTH + 240, 3), 110, np.float32)
        y0, x0 = (canvas.shape[0] - sh) // 2, (canvas.shape[1] - sw) // 2
        canvas[y0:y0 + sh, x0:x0 + sw] = picture
        picture = canvas
    return picture

def window(picture, dy):
    """The 640x480 window moved down by dy pixels (sub-pixel, bilinear): the scene moves up by dy."""
    top = (picture.shape[0] - HEIGHT) / 2 + dy
    left = (picture.shape[1] - WIDTH) // 2
    base = int(np.floor(top)); frac = top - base
    a = picture[base:base + HEIGHT, left:left + WIDTH]
    b = picture[base + 1:base + 1 + HEIGHT, left:left + WIDTH]
    return a * (1 - frac) + b * frac

def make_clip(picture, path, fps, seconds, noise, out, seed=1):
    """A lossless clip: frame k is exposed over [k/fps - EXPOSURE, k/fps]; the scene (the fingertip) moves down by
    path(t) pixels."""
    rng = np.random.default_rng(seed)
    encoder = subprocess.Popen(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgr24",
                                "-s", f"{WIDTH}x{HEIGHT}", "-r", str(fps), "-i", "-", "-c:v", "ffv1", out],
                               stdin=subprocess.PIPE)
    for k in range(int(seconds * fps)):
        t = k / fps
        times = t - EXPOSURE + EXPOSURE * (np.arange(SUBFRAMES) + 0.5) / SUBFRAMES
        frame = sum(window(picture, -path(s)) for s in times) / SUBFRAMES
        frame = np.clip(frame + rng.normal(0, noise, frame.shape), 0, 255).astype(np.uint8)
        encoder.stdin.write(frame.tobytes())
    encoder.stdin.close()
    if encoder.wait() != 0:
        sys.exit(f"measure-response: ffmpeg could not write {out}")

def heard_pitch(wav_path):
    """(times, Hz) from the rendered sound's rising zero crossings, on a 1 ms grid."""
    with wave.open(wav_path) as f:
        channels, width, frames = f.getnchannels(), f.getsampwidth(), f.readframes(f.getnframes())
    data = np.frombuffer(frames, np.uint8).reshape(-1, channels, width)[:, 0, :]
    ints = (data[:, 0].astype(np.int32) | (data[:, 1].astype(np.int32) << 8) | (data[:, 2].astype(np.int32) << 16))
    signal = np.where(ints >= 1 << 23, ints - (1 << 24), ints).astype(np.float64)
    rising = np.where((signal[:-1] < 0) & (signal[1:] >= 0))[0]
    crossings = rising + signal[rising] / (signal[rising] - signal[rising + 1])
    crossings = crossings / RATE
    periods = np.diff(crossings)
    keep = (periods > 1 / 2000) & (periods < 1 / 50)
    middle = (crossings[:-1] + crossings[1:]) / 2
    grid = np.arange(middle[keep][0], middle[keep][-1], 0.001)
    return grid, np.interp(grid, middle[keep], 1 / periods[keep])

def height_of(frequency):
    """The default linear law back to a height: f = 440 - 220 y."""
    return (440 - frequency) / 220

def sine_fit(t, values, rate):
    design = np.column_stack([np.sin(2 * np.pi * rate * t), np.cos(2 * np.pi * rate * t), np.ones_like(t)])
    (s, c, _), *_ = np.linalg.lstsq(design, values, rcond=None)
    return np.hypot(s, c), np.arctan2(c, s)

def gain_and_lag(t, values, truth, rate):
    """Gain (dB) and lag (ms) of values against truth, both sampled at t, at the vibrato's rate."""
    a, pa = sine_fit(t, values, rate)
    b, pb = sine_fit(t, truth, rate)
    phase = (pb - pa + np.pi) % (2 * np.pi) - np.pi
    return 20 * np.log10(a / b), phase / (2 * np.pi * rate) * 1000

def self_test():
    """The arithmetic itself: a sine delayed by a known amount, scaled by a known gain, gives both back."""
    t = np.arange(0, 4, 0.001)
    for rate, delay, gain in [(3, 0.012, 0.5), (6, 0.027, 1.0), (8, 0.005, 2.0)]:
        truth = np.sin(2 * np.pi * rate * t)
        late = gain * np.sin(2 * np.pi * rate * (t - delay)) + 0.3
        g, lag = gain_and_lag(t, late, truth, rate)
        assert abs(g - 20 * np.log10(gain)) < 0.01 and abs(lag - delay * 1000) < 0.05, (rate, g, lag)
    print("measure-response: self-test passed (known delays and gains come back within 0.05 ms and 0.01 dB)")

def min_jerk(t0, size, duration):
    def path(t):
        s = np.clip((t - t0) / duration, 0, 1)
        return size * (10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5)
    return path

def cents(f_heard, f_true):
    return 1200 * np.log2(f_heard / f_true)

def run(theremin, clip, folder, response):
    env = dict(os.environ, XDG_CONFIG_HOME=folder)
    wav, trace = os.path.join(folder, f"{response}.wav"), os.path.join(folder, f"{response}.csv")
    for p in (wav, trace):
        if os.path.exists(p): os.remove(p)
    result = subprocess.run([theremin, "--input", clip, "--output", wav, "--record", trace, "--wave", "sine",
                             "--response", response], capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"measure-response: theremin failed on {clip}: {result.stderr.strip()}")
    rows = [l.split(",") for l in open(trace) if l[0].isdigit()]
    tt = np.array([float(r[0]) for r in rows]); ty = np.array([float(r[2]) for r in rows])
    present = np.array([r[3].strip() == "1" for r in rows])
    t, f = heard_pitch(wav)
    return (tt[present], ty[present]), (t, f), present.mean()

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--theremin", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--fps", type=int, default=60)
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args()
    self_test()
    if args.self_test: return
    near, far = load_photo(args.photo, 1.0), load_photo(args.photo, 0.5)
    fps = args.fps
    folder = tempfile.mkdtemp(prefix="measure-response-")
    responses = ["expressive", "steady"]
    print(f"measure-response: offline (--input), {fps} fps, exposure {EXPOSURE * 1000:.0f} ms, load "
          f"{open('/proc/loadavg').read().split()[0]}")
    print(f"{'hand does':34} {'':6} " + "  ".join(f"{r:>26}" for r in responses))
    def row(name, what, cells):
        print(f"{name:34} {what:6} " + "  ".join(f"{c:>26}" for c in cells))
    for rate in [2, 3, 6, 8]:
        amplitude = 10
        path = lambda t, r=rate: amplitude * np.sin(2 * np.pi * r * t)
        clip = os.path.join(folder, f"vibrato{rate}.mkv")
        make_clip(near, path, fps, 4, 3, clip)
        trace_cells, sound_cells = [], []
        for response in responses:
            (tt, ty), (t, f), share = run(args.theremin, clip, folder, response)
            keep = tt > 0.5
            g, l = gain_and_lag(tt[keep], ty[keep], path(tt[keep]) / HEIGHT, rate)
            trace_cells.append(f"{g:+.1f} dB {l:5.1f} ms")
            keep = (t > 0.5) & (t < 3.9)
            g, l = gain_and_lag(t[keep], height_of(f[keep]), path(t[keep]) / HEIGHT, rate)
            sound_cells.append(f"{g:+.1f} dB {l:5.1f} ms")
        row(f"vibrato {rate} Hz, ±{amplitude} px", "trace", trace_cells)
        row("", "sound", sound_cells)
    for direction, size in [("up", 96), ("down", -96)]:
        start, duration = 1.0, 0.05
        path = min_jerk(start, size, duration)
        clip = os.path.join(folder, f"leap-{direction}.mkv")
        make_clip(near, path, fps, 2.2, 3, clip)
        cells = []
        for response in responses:
            _, (t, f), _ = run(args.theremin, clip, folder, response)
            before = f[(t > start - 0.4) & (t < start - 0.05)].mean()
            y0 = height_of(before)
            target = 440 - 220 * (y0 + size / HEIGHT)
            error = cents(f, target)
            after = (t >= start) & (t < 2.1)  # not the fade at the clip's end
            off = np.where(after & (np.abs(error) > 5))[0]
            settle = (t[off[-1]] - start - duration) * 1000 if off.size else 0
            sign = 1 if target > before else -1
            overshoot = max(0, (sign * error[after]).max())
            cells.append(f"{settle:.0f} ms, over {overshoot:.1f} c")
        row(f"leap {direction} {abs(size)} px in {duration * 1000:.0f} ms", "sound", cells)
    for name, picture, noise in [("still hand (σ 3)", near, 3), ("dim light (σ 8)", near, 8),
                                 ("far player (σ 3)", far, 3)]:
        clip = os.path.join(folder, name.split()[0] + ".mkv")
        make_clip(picture, lambda t: 0 * t, fps, 4, noise, clip)
        cells = []
        for response in responses:
            _, (t, f), share = run(args.theremin, clip, folder, response)
            c = cents(f[(t > 0.5) & (t < 3.9)], np.median(f[(t > 0.5) & (t < 3.9)]))
            cells.append(f"{np.sqrt(np.mean(c * c)):.2f} c rms (hand {share * 100:.0f} %)")
        row(name, "sound", cells)

if __name__ == "__main__":
    main()
