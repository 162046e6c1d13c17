# theremin: the two set-up commands are `make play` and `make test` (see README.md).
SWIFT      ?= swift
CONFIG     ?= release
BUILD_DIR  ?= .build
ARGS       ?=
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: deps build play test bench bench-render bench-music clean

## Install the Debian packages that are missing (prints what it installs).
deps:
	@scripts/install-deps

## Build the instrument.
build: deps
	$(SWIFT) build -c $(CONFIG) --scratch-path $(BUILD_DIR) --product theremin

## Install what is missing, build, and play (pass options with ARGS="...").
play: build
	$(BUILD_DIR)/$(CONFIG)/theremin $(ARGS)

## Install what is missing and run the whole test suite.
test: deps
	$(SWIFT) build --scratch-path $(BUILD_DIR) --build-tests
	$(SWIFT) test --scratch-path $(BUILD_DIR) --skip-build

## Benchmarks (figures go into README.md's performance section).
bench: bench-render

bench-render: deps
	$(SWIFT) build -c release --scratch-path $(BUILD_DIR) --product render-bench
	$(BUILD_DIR)/release/render-bench 60 7

## The musicianship figures (full chain: theremin voice + vibrato + low-pass + delay + backing) are part of render-bench.
bench-music: bench-render

clean:
	rm -rf $(BUILD_DIR)
