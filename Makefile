# theremin: the two set-up commands are `make play` and `make test` (see README.md).
SWIFT      ?= swift
CONFIG     ?= release
BUILD_DIR  ?= .build
ARGS       ?=
export PATH := /opt/swift/usr/bin:$(PATH)

.PHONY: deps build play test bench bench-music clean

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

## Render speed of the full sound chain (voice + vibrato + filter + delay + backing), as a multiple of real time.
bench-music: deps
	$(SWIFT) run -c release --scratch-path $(BUILD_DIR) render-bench $(ARGS)

clean:
	rm -rf $(BUILD_DIR)
