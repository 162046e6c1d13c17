#!/usr/bin/env python3
"""How much of the hand's motion reaches the sound (issue 19): clips made from a real corpus photo moved along known
paths (a 640x480 camera window sliding over it, motion blur over the exposure, sensor noise), played by theremin and
the heard pitch held against where the fingertip truly was when it was heard:
- offline: tracked by `theremin --input` and rendered; a frame's exposure ends at its time in the clip;
- live (--live): served by the fake camera (each buffer stamped with the time it was due, the end of its exposure)
  to the release build playing into the paced ALSA test device, which logs when its first sample was heard
  (`times`); every later sample is heard 1/rate after the one before, so each sample's time is known, and the
  camera's frame log turns it back into a time in the clip.

Prints, for the trace (the tracker's output) and for the sound, gain (dB) and lag (ms) per vibrato rate, each leap's
settling time (within 5 cents) and overshoot, and the still hand's wobble (cents rms), for the expressive chain
(the default) and the steady one (the pre-change defaults: One Euro 1 Hz / 5 / 1 Hz, 12 ms glide) in the same run.

Offline tool (numpy and ffmpeg); never used at run time. Usage:
  tools/measure_response.py --theremin .build/release/theremin --photo PHOTO [--fps 60] [--self-test]
  tools/measure_response.py --theremin ... --photo PHOTO --fps 30 --live --fake-camera .build/debug/fake-camera \
      --paced-plugin .build/debug/libasound_module_pcm_theremin_paced.so
"""
import argparse, os, re, signal, subprocess, sys, tempfile, time, wave
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

KEPT_CLIPS = None     # --keep-clips: a folder where clips are kept and made only once

def make_clip(picture, path, fps, seconds, noise, out, seed=1):
    """A lossless clip (raw pictures: the fake camera's decoder must keep up with 60 fps, which ffv1's 25 ms a frame
    does not): frame k is exposed over [k/fps - EXPOSURE, k/fps]; the scene (the fingertip) moves down by
    path(t) pixels."""
    if KEPT_CLIPS and os.path.exists(out):
        return
    rng = np.random.default_rng(seed)
    encoder = subprocess.Popen(["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgr24",
                                "-s", f"{WIDTH}x{HEIGHT}", "-r", str(fps), "-i", "-", "-c:v", "rawvideo", out],
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

def read_wav(wav_path):
    """The first channel of a 24-bit WAV as floats."""
    with wave.open(wav_path) as f:
        channels, frames = f.getnchannels(), f.readframes(f.getnframes())
    data = np.frombuffer(frames, np.uint8).reshape(-1, channels, 3)[:, 0, :]
    ints = (data[:, 0].astype(np.int32) | (data[:, 1].astype(np.int32) << 8) | (data[:, 2].astype(np.int32) << 16))
    return np.where(ints >= 1 << 23, ints - (1 << 24), ints).astype(np.float64)

def pitch_track(signal, times, runs=None):
    """(times, Hz) on a 1 ms grid from a signal's rising zero crossings; times(k) is when sample k was heard
    (fractional k). `runs`: the first sample of each run the device played (after an underrun it starts again):
    a period across two runs is a gap, not a pitch."""
    rising = np.where((signal[:-1] < 0) & (signal[1:] >= 0))[0]
    crossings = times(rising + signal[rising] / (signal[rising] - signal[rising + 1]))
    periods = np.diff(crossings)
    keep = (periods > 1 / 2000) & (periods < 1 / 50)
    if runs is not None:
        run = np.searchsorted(np.asarray(runs), rising, "right")
        keep &= run[1:] == run[:-1]
    middle = (crossings[:-1] + crossings[1:]) / 2
    grid = np.arange(middle[keep][0], middle[keep][-1], 0.001)
    return grid, np.interp(grid, middle[keep], 1 / periods[keep])

def heard_pitch(wav_path):
    """(times, Hz) of a rendered sound: sample k is heard k/RATE into the clip."""
    return pitch_track(read_wav(wav_path), lambda k: k / RATE)

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
    # The live clocks: a clip at 60 fps whose frames 3.. were due from 100.0 s, its second pass not used; sound played
    # in two runs (an underrun dropped what was written between frame 48000 and the restart at 48100).
    clip = ClipClock(np.array([100.0, 100.0 + 1 / 60, 100.0 + 2 / 60, 100.05]), np.array([3, 4, 5, 0]), 60)
    assert abs(clip(100.0 + 1 / 60 + 0.004) - (4 / 60 + 0.004)) < 1e-9 and np.isnan(clip(100.2))
    play = PlayClock([0, 48100], [200.0, 201.5], 48000)
    assert abs(play(47999) - (200.0 + 47999 / 48000)) < 1e-9 and abs(play(48200) - 201.5 - 100 / 48000) < 1e-9
    # A 440 Hz tone heard through those clocks: its pitch track gives 440 Hz back.
    k = np.arange(48000)
    f = pitch_track(np.sin(2 * np.pi * 440 * k / 48000), lambda k: play(k))[1]
    assert np.all(np.abs(f - 440) < 0.01), f
    print("measure-response: self-test passed (known delays and gains come back within 0.05 ms and 0.01 dB; "
          "the live clocks map frames and samples back to their times)")

def min_jerk(t0, size, duration):
    def path(t):
        s = np.clip((t - t0) / duration, 0, 1)
        return size * (10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5)
    return path

def step(t0, size):
    """A hand that is at 0 before t0 and at `size` pixels from it: a leap made between two frames."""
    return lambda t: np.where(t >= t0, size, 0.0)

def cents(f_heard, f_true):
    return 1200 * np.log2(f_heard / f_true)

def read_trace(trace):
    """(times, heights, present) of a recorded trace."""
    rows = [l.split(",") for l in open(trace) if l[0].isdigit()]
    tt = np.array([float(r[0]) for r in rows]); ty = np.array([float(r[2]) for r in rows])
    present = np.array([r[3].strip() == "1" for r in rows])
    return tt, ty, present

class Offline:
    """`theremin --input` on the clip, rendered to a file: the clip's own times."""
    name = "offline (--input)"

    def __init__(self, theremin, folder):
        self.theremin, self.folder = theremin, folder

    def run(self, clip, fps, seconds, response):
        env = dict(os.environ, XDG_CONFIG_HOME=self.folder)
        wav, trace = os.path.join(self.folder, f"{response}.wav"), os.path.join(self.folder, f"{response}.csv")
        for p in (wav, trace):
            if os.path.exists(p): os.remove(p)
        result = subprocess.run([self.theremin, "--input", clip, "--output", wav, "--record", trace, "--wave", "sine",
                                 "--response", response, "--mute-cues"] + self.extra,
                                capture_output=True, text=True, env=env)
        if result.returncode != 0:
            sys.exit(f"measure-response: theremin failed on {clip}: {result.stderr.strip()}")
        tt, ty, present = read_trace(trace)
        return (tt[present], ty[present]), heard_pitch(wav), present.mean(), None

class Live:
    """The fake camera serving the clip at its rate -> the release build -> the paced test device."""
    def __init__(self, theremin, camera, plugin, folder):
        self.theremin, self.camera, self.plugin, self.folder = theremin, camera, plugin, folder
        self.name = "live (fake camera -> paced device)"

    def run(self, clip, fps, seconds, response):
        work = tempfile.mkdtemp(dir=self.folder)
        mount, frames = os.path.join(work, "camera"), os.path.join(work, "frames.log")
        raw, times, trace = (os.path.join(work, n) for n in ("sound.raw", "sound.times", "take.csv"))
        os.mkdir(mount)
        # The camera at real-time priority, as a kernel driver's interrupt thread is: a webcam's frames are not
        # held back by other programs, and the fake camera's must not be either (where chrt is refused, as it is).
        # Under scripts/slow-machine, above its spinner (SLOW_MACHINE_CAMERA_PRIORITY), as a driver runs in the kernel.
        # It offers the clip's rate alone: at another it would serve the clip slowed down, so a machine that cannot
        # keep up tracks every second (third...) frame of it, and theremin is given no --fps, so that it may.
        priority = os.environ.get("SLOW_MACHINE_CAMERA_PRIORITY", "50")
        realtime = ["chrt", "-f", priority] if subprocess.run(["chrt", "-f", priority, "true"],
                                                          capture_output=True).returncode == 0 else []
        camera = subprocess.Popen(realtime + [self.camera, "--mount", mount, "--video", clip, "--rates", str(fps),
                                   "--frame-log", frames, "--exit-with-parent"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                if os.path.exists(os.path.join(mount, "video0")): break
                time.sleep(0.05)
            else:
                sys.exit("measure-response: the fake camera did not appear (needs root and /dev/fuse)")
            config = os.path.join(work, "asound.conf")
            with open(config, "w") as f:
                f.write(f'pcm_type.theremin_paced {{ lib "{self.plugin}" }}\n'
                        f'pcm.paced {{ type theremin_paced file "{raw}" times "{times}" }}\n')
            env = dict(os.environ, XDG_CONFIG_HOME=work, ALSA_CONFIG_PATH=config)
            # Start-up (models, camera) takes about a second; the clip starts with the first frame streamed.
            result = subprocess.run(["timeout", "-s", "INT", f"{seconds + 1.5}", self.theremin, "--camera",
                                     os.path.join(mount, "video0"), "--audio-device", "paced",
                                     "--no-preview", "--stats", "--wave", "sine", "--response", response, "--mute-cues",
                                     "--record", trace] + self.extra, capture_output=True, text=True, env=env)
        finally:
            camera.send_signal(signal.SIGINT)
            camera.wait()
        if not os.path.exists(times):
            sys.exit(f"measure-response: theremin played nothing live: {result.stderr.strip()[-400:]}")
        stats = re.search(r"^\s*total\s+([\d.]+)\s+([\d.]+)", result.stderr, re.M)
        dropped = re.search(r"(\d+) frames tracked, (\d+) dropped, (\d+) underrun", result.stderr)
        tracking = re.search(r"^\s*tracking\s+([\d.]+)\s+([\d.]+)", result.stderr, re.M)
        chosen = re.findall(r"^rate: .*: tracking (.*)$", result.stderr, re.M)
        log = np.array([[float(x) for x in l.split()] for l in open(frames) if l[0].isdigit()])
        runs = [l.split() for l in open(times) if l.startswith("start")]
        rate, channels, sample_format = int(runs[0][3]), int(runs[0][4]), runs[0][5]
        data = np.fromfile(raw, np.float32 if sample_format == "FLOAT_LE" else np.int16)
        sound = data.reshape(-1, channels)[:, 0].astype(np.float64)
        clip_time = ClipClock(log[:, 1], log[:, 2], fps)
        heard_at = PlayClock([int(r[1]) for r in runs], [float(r[2]) for r in runs], rate)
        due = clip_time.due
        t, f = pitch_track(sound, lambda k: clip_time(heard_at(k)), runs=[int(r[1]) for r in runs])
        keep = np.isfinite(t)
        tt, ty, present = read_trace(trace)
        # Trace time is capture time less the take's clock origin, which its header notes.
        origin = next(float(l.split()[-1]) for l in open(trace) if l.startswith("# clock: monotonic "))
        tc = clip_time(tt + origin)
        inside = present & np.isfinite(tc)
        extra = {"total": (float(stats[1]), float(stats[2])) if stats else None,
                 "dropped": (int(dropped[2]), int(dropped[1]), int(dropped[3])) if dropped else None,
                 "tracking": float(tracking[1]) if tracking else None, "rates": chosen}
        return (tc[inside], ty[inside]), (t[keep], f[keep]), present.mean(), extra

class ClipClock:
    """The fake camera's frame log as a clock: the clip's time at a CLOCK_MONOTONIC time, over the first pass through
    the clip (nan elsewhere). Frame v of the clip was due (its exposure ended) at `due`, which is v/fps in the clip."""
    def __init__(self, due, video, fps):
        wrap = np.where(np.diff(video) < 0)[0]
        end = wrap[0] + 1 if wrap.size else len(due)
        self.due, self.video, self.fps = np.asarray(due[:end]), np.asarray(video[:end]), fps

    def __call__(self, p):
        k = np.maximum(np.searchsorted(self.due, p, "right") - 1, 0)
        since = p - self.due[k]
        return np.where((since >= 0) & (since < 3 / self.fps), self.video[k] / self.fps + since, np.nan)

class PlayClock:
    """The paced device's play-time log as a clock: when the file's sample k was heard. Each run (the first, and one
    after each underrun's recovery) starts playing its first sample at its start time."""
    def __init__(self, first, began, rate):
        self.first, self.began, self.rate = np.asarray(first), np.asarray(began), rate

    def __call__(self, k):
        r = np.maximum(np.searchsorted(self.first, k, "right") - 1, 0)
        return self.began[r] + (k - self.first[r]) / self.rate

def regular_grid(t, f):
    """A pitch track resampled onto a regular 1 ms grid (a live track's clip times are nearly, not exactly,
    regular)."""
    grid = np.arange(t[0], t[-1], 0.001)
    return grid, np.interp(grid, t, f)

def drop_clip(clip):
    """Raw pictures take about 220 MB a clip: removed once measured, unless kept."""
    if not KEPT_CLIPS and os.path.exists(clip):
        os.remove(clip)

def measure(runner, fps, near, far, folder, responses, measures, lead=0.0):
    """`lead`: seconds of playing before each measure (live: the audio queue goes shallow after 5 s of punctual
    wake-ups, as it does for a player who has been playing a while)."""
    tag = f"-lead{lead:g}" if lead else ""
    slow = os.environ.get("SLOW_MACHINE_FACTOR")
    print(f"measure-response: {runner.name}, {fps} fps, exposure {EXPOSURE * 1000:.0f} ms, "
          f"{f'{lead:g} s of playing first, ' if lead else ''}load {open('/proc/loadavg').read().split()[0]}"
          f"{f', slow-machine {slow}' if slow else ''}")
    print(f"{'hand does':34} {'':6} " + "  ".join(f"{r:>26}" for r in responses))
    def row(name, what, cells):
        print(f"{name:34} {what:6} " + "  ".join(f"{c:>26}" for c in cells), flush=True)
    pipeline = {r: [] for r in responses}
    def note(response, extra):
        if extra: pipeline[response].append(extra)
    for rate in [2, 3, 6, 8] if "vibrato" in measures else []:
        amplitude = 10
        path = lambda t, r=rate: amplitude * np.sin(2 * np.pi * r * t)
        clip = os.path.join(KEPT_CLIPS or folder, f"vibrato{rate}-{fps}{tag}.nut")
        make_clip(near, path, fps, 4 + lead, 3, clip)
        trace_cells, sound_cells = [], []
        for response in responses:
            (tt, ty), (t, f), share, extra = runner.run(clip, fps, 4 + lead, response)
            note(response, extra)
            t, f = regular_grid(t, f)
            keep = (tt > 0.5 + lead) & (tt < 3.9 + lead)
            g, l = gain_and_lag(tt[keep], ty[keep], path(tt[keep]) / HEIGHT, rate)
            trace_cells.append(f"{g:+.1f} dB {l:5.1f} ms")
            keep = (t > 0.5 + lead) & (t < 3.9 + lead)
            g, l = gain_and_lag(t[keep], height_of(f[keep]), path(t[keep]) / HEIGHT, rate)
            sound_cells.append(f"{g:+.1f} dB {l:5.1f} ms")
        drop_clip(clip)
        row(f"vibrato {rate} Hz, ±{amplitude} px", "trace", trace_cells)
        row("", "sound", sound_cells)
    leaps = [("up", 96, 0.05), ("down", -96, 0.05), ("up", 96, 0), ("down", -96, 0)]
    for direction, size, duration in leaps if "leaps" in measures else []:
        # The leap 1.5 s into the clip: live start-up on a loaded machine can take most of the first second. An
        # abrupt one (duration 0) jumps between two frames' exposures, halfway through the gap between them: the
        # tracker sees the hand a fifth of the picture away in the next frame and finds it afresh there.
        start = 1.5 + lead
        if duration == 0:
            start = (np.floor(start * fps) + 0.5) / fps - EXPOSURE / 2
        path = min_jerk(start, size, duration) if duration else step(start, size)
        kind = f"{duration * 1000:.0f}" if duration else "abrupt"
        clip = os.path.join(KEPT_CLIPS or folder, f"leap-{direction}-{kind}-{fps}{tag}.nut")
        make_clip(near, path, fps, 2.7 + lead, 3, clip)
        cells = []
        for response in responses:
            (tt, ty), (t, f), _, extra = runner.run(clip, fps, 2.7 + lead, response)
            note(response, extra)
            t, f = regular_grid(t, f)
            before = f[(t > start - 0.4) & (t < start - 0.05)].mean()
            y0 = height_of(before)
            target = 440 - 220 * (y0 + size / HEIGHT)
            error = cents(f, target)
            after = (t >= start) & (t < start + 1.1)  # not the fade at the clip's end
            off = np.where(after & (np.abs(error) > 5))[0]
            settle = (t[off[-1]] - start - duration) * 1000 if off.size else 0
            if os.environ.get("MEASURE_DUMP"):  # the heard pitch around the leap, for a closer look
                np.savez(os.path.join(os.environ["MEASURE_DUMP"], f"leap-{direction}-{kind}-{fps}-{response}.npz"),
                         t=t, f=f, target=target, start=start, duration=duration, trace_t=tt, trace_y=ty)
            sign = 1 if target > before else -1
            overshoot = max(0, (sign * error[after]).max())
            cells.append(f"{settle:.0f} ms, over {overshoot:.1f} c")
        drop_clip(clip)
        what = f"in {duration * 1000:.0f} ms" if duration else "between frames"
        row(f"leap {direction} {abs(size)} px {what}", "sound", cells)
    for name, picture, noise in [("still hand (σ 3)", near, 3), ("dim light (σ 8)", near, 8),
                                 ("far player (σ 3)", far, 3)] if "still" in measures else []:
        clip = os.path.join(KEPT_CLIPS or folder, name.split()[0] + f"-{fps}{tag}.nut")
        make_clip(picture, lambda t: 0 * t, fps, 4 + lead, noise, clip)
        cells = []
        for response in responses:
            _, (t, f), share, extra = runner.run(clip, fps, 4 + lead, response)
            note(response, extra)
            t, f = regular_grid(t, f)
            held = (t > 0.5 + lead) & (t < 3.9 + lead)
            c = cents(f[held], np.median(f[held]))
            cells.append(f"{np.sqrt(np.mean(c * c)):.2f} c rms (hand {share * 100:.0f} %)")
        drop_clip(clip)
        row(name, "sound", cells)
    if any(pipeline.values()):
        cells = []
        for response in responses:
            totals = [e["total"] for e in pipeline[response] if e["total"]]
            drops = [e["dropped"] for e in pipeline[response] if e["dropped"]]
            cells.append(f"{np.median([m for m, _ in totals]):.1f}/{np.median([p for _, p in totals]):.1f} ms, "
                         f"{sum(d[0] for d in drops)}/{sum(d[1] + d[0] for d in drops)} drop, "
                         f"{sum(d[2] for d in drops)} xrun")
        row("--stats total median/p95 (runs' median)", "", cells)
        cells = []
        for response in responses:
            ms = [e["tracking"] for e in pipeline[response] if e.get("tracking")]
            rates = sorted({r for e in pipeline[response] for r in e.get("rates", [])})
            cells.append(f"{np.median(ms):.1f} ms" + (f"; chose {', '.join(rates)}" if rates else "") if ms else "n/a")
        row("tracker ms a frame (runs' median)", "", cells)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--theremin", required=True)
    parser.add_argument("--photo", required=True)
    parser.add_argument("--fps", type=int, default=60)
    parser.add_argument("--live", action="store_true", help="through the fake camera and the paced device")
    parser.add_argument("--fake-camera")
    parser.add_argument("--paced-plugin")
    parser.add_argument("--self-test", action="store_true")
    parser.add_argument("--responses", default="expressive,steady",
                        help="which --response settings to compare (comma-separated)")
    parser.add_argument("--measures", default="vibrato,leaps,still",
                        help="which measures to run (comma-separated: vibrato, leaps, still)")
    parser.add_argument("--keep-clips", metavar="DIR", help="make the clips in DIR once and keep them (about 2 GB)")
    parser.add_argument("--lead-in", type=float, default=0.0, metavar="SECONDS",
                        help="seconds of playing before each measure (make measure-response: 6 live)")
    parser.add_argument("--extra", default="", help="further theremin options for every run, e.g. '--period 2.7'")
    args = parser.parse_args()
    self_test()
    if args.self_test: return
    folder = tempfile.mkdtemp(prefix="measure-response-")
    global KEPT_CLIPS
    KEPT_CLIPS = args.keep_clips
    if KEPT_CLIPS:
        os.makedirs(KEPT_CLIPS, exist_ok=True)
    if args.live:
        if not (args.fake_camera and args.paced_plugin):
            sys.exit("measure-response: --live needs --fake-camera and --paced-plugin")
        runner = Live(args.theremin, args.fake_camera, os.path.abspath(args.paced_plugin), folder)
    else:
        runner = Offline(args.theremin, folder)
    near, far = load_photo(args.photo, 1.0), load_photo(args.photo, 0.5)
    runner.extra = args.extra.split()
    measure(runner, args.fps, near, far, folder, args.responses.split(","), args.measures.split(","), args.lead_in)

if __name__ == "__main__":
    main()
