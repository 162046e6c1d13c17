# theremin: the two set-up commands are `make play` and `make test` (see README.md).
SWIFT      ?= swift
CONFIG     ?= release
BUILD_DIR  ?= .build
ARGS       ?=
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: deps deps-test build play test bench bench-render bench-music fuzz clean

## Install the Debian packages that are missing (prints what it installs).
deps:
	@scripts/install-deps

## The same plus the packages only the tests need (marked "test" in scripts/deps.txt: PipeWire and its tools).
deps-test:
	@scripts/install-deps --test

## Build the instrument: the program and its OpenCV half, loaded when a command needs pictures.
build: deps
	$(SWIFT) build -c $(CONFIG) --scratch-path $(BUILD_DIR) --product theremin
	$(SWIFT) build -c $(CONFIG) --scratch-path $(BUILD_DIR) --product theremin-vision

## Install what is missing, build, and play (pass options with ARGS="...").
play: build
	$(BUILD_DIR)/$(CONFIG)/theremin $(ARGS)

## Install what is missing (test packages too) and run the whole test suite.
test: deps-test
	$(SWIFT) build --scratch-path $(BUILD_DIR) --build-tests
	$(SWIFT) test --scratch-path $(BUILD_DIR) --skip-build

## The documentation's own checks (also part of `make test`): every relative link and heading anchor in README.md and
## docs/*.md leads somewhere, README.md stays within 260 lines, docs/guide.md names every option and key.
.PHONY: docs-check
docs-check:
	$(SWIFT) build --scratch-path $(BUILD_DIR) --build-tests
	$(SWIFT) test --scratch-path $(BUILD_DIR) --skip-build --filter RepositoryDocsTests

## The whole suite 5 times back to back (STRESS_RUNS) with stress-ng loading both cores and the disk; one line per
## run and the failed tests, logs in bench-out/test-stress (issue 22: no test may fail because the machine is busy).
.PHONY: test-stress
test-stress: deps-test
	@scripts/install-deps --test scripts/deps-stress.txt
	SWIFT=$(SWIFT) BUILD_DIR=$(BUILD_DIR) scripts/test-stress $(or $(STRESS_RUNS),5)

## Benchmarks (figures go into docs/performance.md).
bench: bench-render

bench-render: deps
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product render-bench
	$(BUILD_DIR)/release/render-bench 60 7

## Whole-process start and render speed against ffprobe -version and sox, medians from hyperfine (issue 11).
.PHONY: bench-start
bench: bench-start
bench-start: deps
	BENCH_BUILD=$(INSTALL_BUILD) scripts/bench-start

## The musicianship figures (full chain: theremin voice + vibrato + low-pass + delay + backing) are part of render-bench.
bench-music: bench-render

## Live latency from the fake camera into the paced ALSA test device (MEASURE_SECONDS, default 60; FPS 30 or 60;
## FORMAT YUYV or MJPG; CAMERA_ARGS for the fake camera, e.g. "--corrupt-jpeg 15,1"; root and the corpus), with the process's CPU use.
## AS_USER=nobody plays as an ordinary user (RTKIT=1 with the tests' private rtkit), STRESS=1 loads both cores,
## CAMERA_RT=1 runs the fake camera at SCHED_FIFO 50 (issue 22).
measure-live: deps
	@[ "$(STRESS)" != 1 ] || scripts/install-deps --test scripts/deps-stress.txt
	FPS=$(or $(FPS),30) FORMAT=$(or $(FORMAT),YUYV) LETTERBOX=$(or $(LETTERBOX),0) CAMERA_ARGS="$(CAMERA_ARGS)" \
		$(SLOWER) scripts/measure-live $(or $(MEASURE_SECONDS),60)

## A long run (issue 22): SOAK_MINUTES (default 30) live from the fake camera with --record, the looper, OSC to a local
## oscdump (and MIDI where /dev/snd/seq exists); memory, descriptors and threads sampled from /proc, then a verdict:
## flat, 0 underruns, the take complete. Needs root, /dev/fuse and the corpus; samples in bench-out/soak.
.PHONY: soak
soak: deps-test
	SWIFT=$(SWIFT) BUILD_DIR=$(BUILD_DIR) scripts/soak $(or $(SOAK_MINUTES),30)

## Fuzz the trace parser, calibration loader, option parser and preset loader (FUZZ_SECONDS each, default 60).
fuzz: deps
	FUZZ_SECONDS=$(or $(FUZZ_SECONDS),60) Fuzz/run-fuzzers

clean:
	rm -rf $(BUILD_DIR)

# ---- hand tracking benchmark (tracking) -------------------------------------------------------------------------
# Tracker vs MediaPipe on ../shared/corpus: detection, false positives, index-tip error, ms/frame in tracking mode.
# MediaPipe's figures are cached in bench-out/mediapipe-figures.json, computed on first use by
# tools/mediapipe_reference.sh (throwaway venv); MEDIAPIPE=1 recomputes them. More: BENCH_ARGS="--classic ...".
.PHONY: bench-tracking
BENCH_ARGS ?=
bench-tracking: deps
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product tracking-bench
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product theremin-vision
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product model-check
	$(BUILD_DIR)/release/tracking-bench $(if $(MEDIAPIPE),--run-reference tools/mediapipe_reference.sh) $(BENCH_ARGS)

## Camera capture (issue 4): capture overhead per frame from the fake camera (needs root and /dev/fuse).
.PHONY: bench-capture
bench: bench-capture
bench-capture: deps
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product fake-camera
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product capture-bench
	$(BUILD_DIR)/release/capture-bench

# ---- hardening (issue 7) ------------------------------------------------------------------------------------------
## The whole test suite under AddressSanitizer, then ThreadSanitizer (own scratch dirs under $(BUILD_DIR)/sanitize);
## reports from every process are counted; suppressions with reasons in scripts/sanitizers/.
.PHONY: sanitize
sanitize: deps-test
	SANITIZE_BUILD=$(BUILD_DIR)/sanitize scripts/sanitize

## Install the program, its OpenCV half (lib/theremin/libtheremin-vision.so), its models, the manual page and the bash and zsh completions under $(DESTDIR)$(PREFIX)
## (a release build with the Swift runtime linked in, so the installed program does not need the toolchain).
.PHONY: install uninstall
PREFIX        ?= /usr/local
DESTDIR       ?=
INSTALL_BUILD ?= $(BUILD_DIR)/install
install: deps
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product theremin
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product theremin-vision
	$(SWIFT) build -c release --static-swift-stdlib --scratch-path $(INSTALL_BUILD) --product theremin-docs
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install $(INSTALL_BUILD)/release/theremin $(INSTALL_BUILD)/release/theremin-docs \
		$(INSTALL_BUILD)/release/libtheremin-vision.so

uninstall:
	PREFIX="$(PREFIX)" DESTDIR="$(DESTDIR)" scripts/install --uninstall

## Load test (not in CI): both cores busy (stress-ng, installed if missing), 60 s of live play from the fake camera
## into the paced ALSA test device, with and without real-time scheduling; prints underruns, latency, dropped
## frames and fps, and the smallest --period without underruns. Needs root, /dev/fuse and ../shared/corpus.
.PHONY: load-test
load-test: deps
	LOAD_BUILD=$(BUILD_DIR) scripts/load-test

## Live play through JACK with JACK MIDI, JACK_RUNS times (default 15) beside busy loops (real-time ones as root):
## each run passed and no graph stalled (docs/reliability.md). Not in `make test`: it loads the machine for minutes.
.PHONY: jack-stall-check
jack-stall-check: deps-test
	SWIFT=$(SWIFT) BUILD_DIR=$(BUILD_DIR) scripts/jack-stall-check $(or $(JACK_RUNS),15)

# ---- Debian package (issue 21) ------------------------------------------------------------------------------------
## theremin_VERSION_amd64.deb from `make install DESTDIR=… PREFIX=/usr`: Depends from dpkg-shlibdeps, checked by
## lintian (no errors allowed). `make deb-check` (root; not in CI: it installs into /usr) installs it with apt, runs
## the installed program and removes it again.
.PHONY: deb deb-check
deb: deps
	@scripts/install-deps scripts/deps-deb.txt
	scripts/make-deb

deb-check: deb
	scripts/deb-check

## How much of the hand's motion reaches the sound (issue 19): clips made from a corpus photo moved along known paths
## (vibrato, leaps, a still, dim and far hand; motion blur and sensor noise), tracked offline by the release build,
## rendered, and the heard pitch held against the truth; expressive and steady (pre-change defaults) side by side.
## Then the same live at 60 and 30 fps: the fake camera (root, /dev/fuse) serves each clip to the release build playing
## into the paced device, which logs when each sample was heard, each clip with 6 s of playing first (the audio queue
## goes shallow after 5 s of punctual wake-ups). Needs ../shared/corpus, ffmpeg and numpy.
## SLOW=FACTOR runs measure-live and measure-response on a machine FACTOR times slower (scripts/slow-machine: a
## real-time spinner takes 1 - 1/FACTOR of every CPU; root and a C compiler); SLOW_THROTTLED=1 keeps the kernel's
## real-time throttling on during it.
SLOWER = $(if $(SLOW),scripts/slow-machine $(if $(SLOW_THROTTLED),--throttled) $(SLOW) --)

.PHONY: measure-response
RESPONSE_PHOTO ?= ../shared/corpus/hands_nogt/hagrid_four_07fdea90-1102-4419-a3af-b394cb29531b.jpg
measure-response: deps
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product theremin
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product theremin-vision
	$(SWIFT) build --scratch-path $(BUILD_DIR) --product fake-camera
	$(SWIFT) build --scratch-path $(BUILD_DIR) --product asound_module_pcm_theremin_paced
	$(SLOWER) python3 tools/measure_response.py --theremin $(BUILD_DIR)/release/theremin --photo $(RESPONSE_PHOTO) --fps 60
	for fps in 60 30; do $(SLOWER) python3 tools/measure_response.py --theremin $(BUILD_DIR)/release/theremin \
		--photo $(RESPONSE_PHOTO) --fps $$fps --live --lead-in 6 --fake-camera $(BUILD_DIR)/debug/fake-camera \
		--paced-plugin $(BUILD_DIR)/debug/libasound_module_pcm_theremin_paced.so || exit 1; done

## Behaviour unchanged: the same renders, traces, reports, MIDI and OSC from two revisions, compared byte for byte
## (one line per output, exit 1 on any difference). Each revision is built in release under /tmp/theremin-compare;
## AFTER defaults to HEAD. Not part of `make test`: it builds twice.
.PHONY: compare-outputs
AFTER ?= HEAD
compare-outputs: deps
	@test -n "$(BEFORE)" || { echo "make compare-outputs BEFORE=REV [AFTER=REV]" >&2; exit 2; }
	scripts/compare-outputs "$(BEFORE)" "$(AFTER)"
