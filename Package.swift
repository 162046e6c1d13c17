// swift-tools-version:6.0
// theremin: a camera theremin for Linux. See docs/architecture.md and ../shared/DESIGN.md for the layout.
// Targets follow the pipeline: capture -> tracking -> control (core) -> synthesis (core) -> output (audio).
import PackageDescription

// MARK: OpenCV, named module by module (not pkg-config's full list, which pulls in VTK, GDAL, …); each C++ shim
// links only the modules it calls. Tests/PackagingTests reads these lists to check what the binaries need.
let openCVHeaders: CXXSetting = .unsafeFlags(["-I/usr/include/opencv4"])  // Debian's libopencv-dev
func openCV(_ modules: String...) -> [LinkerSetting] { modules.map { .linkedLibrary("opencv_\($0)") } }
let openCVForTracker = openCV("core", "imgproc", "objdetect")
let openCVForVideo = openCV("core", "imgproc", "imgcodecs", "videoio")
let openCVForPreview = openCV("core", "imgproc", "highgui", "imgcodecs")

let package = Package(
    name: "theremin",
    products: [
        .executable(name: "theremin", targets: ["theremin"]),
        // The OpenCV half of theremin (tracker, video files, preview window), loaded with dlopen on first use, so that
        // commands that never see a picture (`--version`, `--help`, `--replay`) start without loading OpenCV.
        .library(name: "theremin-vision", type: .dynamic, targets: ["CVisionLibrary"]),
        // Test-only: a paced ALSA playback device that can force underruns (loaded by alsa-lib by file name).
        .library(name: "asound_module_pcm_theremin_paced", type: .dynamic, targets: ["ALSAPacedDevice"]),
        .library(name: "theremin_lv2_test_worker", type: .dynamic, targets: ["LV2TestPlugin"]),
    ],
    targets: [
        // MARK: C libraries from Debian, as system-library targets
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),
        .systemLibrary(name: "CLiblo", pkgConfig: "liblo", providers: [.apt(["liblo-dev"])]),
        // libdbus: RealtimeKit on the system bus, for the real-time threads of a user without an rtprio limit
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // JACK: jackd2's libjack (PipeWire's pipewire-jack stands in for it unchanged)
        .systemLibrary(name: "CJACK", pkgConfig: "jack", providers: [.apt(["libjack-jackd2-dev"])]),
        // LV2 effects: lilv finds the installed plugins, reads their ports, instantiates and runs them
        .systemLibrary(name: "CLilv", pkgConfig: "lilv-0", providers: [.apt(["liblilv-dev"])]),
        // XNNPACK has no pkg-config file: the module map and CHandTracker's linker settings name its libraries.
        .systemLibrary(name: "CXNNPACK", providers: [.apt(["libxnnpack-dev", "libpthreadpool-dev"])]),

        // MARK: pure Swift core: no C imports
        .target(name: "ThereminCore"),

        // MARK: capture (V4L2 camera; video files and images over OpenCV)
        // Optimized even in debug, as CHandTracker is: the YUYV converter's SIMD lanes are a hundred times slower
        // unoptimized (0.5 s a frame), and the tests play live from the fake camera.
        .target(name: "ThereminCapture", dependencies: ["ThereminCore", "CV4L2", "CTurboJPEG"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "CVideoInput", dependencies: ["CShimSupport"], cxxSettings: [openCVHeaders],
                linkerSettings: openCVForVideo),
        .target(name: "ThereminVideo", dependencies: ["ThereminCore", "CVisionLoader", "VisionCalls"]),

        // MARK: tracking (C++ shim: XNNPACK runs the models, its own code crops into them; OpenCV holds the frames and
        // runs the classical tracker); optimized even in debug: tests run the real models
        .target(name: "CHandTracker", dependencies: ["CShimSupport", "CXNNPACK"],
                cxxSettings: [.headerSearchPath("."), openCVHeaders, .unsafeFlags(["-O2"], .when(configuration: .debug))],
                linkerSettings: openCVForTracker + [.linkedLibrary("XNNPACK"), .linkedLibrary("pthreadpool")]),
        .target(name: "ThereminTracking", dependencies: ["ThereminCore", "CVisionLoader", "VisionCalls"]),

        // MARK: preview window (C++ shim over OpenCV highgui/imgproc, imgcodecs for PNG plots; libxcb checks the display
        // before Qt is touched)
        .systemLibrary(name: "CXCB", pkgConfig: "xcb", providers: [.apt(["libxcb1-dev"])]),
        .target(name: "CPreview", dependencies: ["CShimSupport", "CXCB"],
                cxxSettings: [.headerSearchPath("."), openCVHeaders], linkerSettings: openCVForPreview),
        .target(name: "ThereminPreview", dependencies: ["ThereminCore", "ThereminSession", "CVisionLoader", "VisionCalls"]),

        // MARK: what the OpenCV shims share, and how the Swift side reaches them
        // guarded(): C++ exceptions to a status and a one-line message, for every shim (header only).
        .target(name: "CShimSupport", cxxSettings: [openCVHeaders]),
        // The C API tables of the three shims, filled from libtheremin-vision.so on first use (links no OpenCV).
        .target(name: "CVisionLoader"),
        // The Swift side of the shims' calling convention: a status and a message buffer turned into each module's
        // error in one place.
        .target(name: "VisionCalls", dependencies: ["CVisionLoader"]),
        // libtheremin-vision.so: the three shims, and no Swift runtime (no swiftrt.o, libswiftCore only if used),
        // so the library loads into a program whose Swift runtime is linked in statically (`make install`).
        .target(name: "CVisionLibrary", dependencies: ["CHandTracker", "CVideoInput", "CPreview"],
                linkerSettings: [.unsafeFlags(["-nostartfiles", "-no-toolchain-stdlib-rpath", "-Xlinker", "--as-needed"])]),

        // MARK: output (ALSA, sound files; RealtimeKit over D-Bus for the real-time threads)
        .target(name: "ThereminAudio", dependencies: ["ThereminCore", "CALSA", "CSndfile", "CSampleRate", "CDBus"]),

        // MARK: JACK output (a JACK client's audio ports, rendered in its process callback)
        .target(name: "ThereminJACK", dependencies: ["ThereminCore", "CJACK"]),

        // MARK: LV2 effects (lilv), one more unit in the effect chain
        .target(name: "ThereminLV2", dependencies: ["ThereminCore", "CLilv", "LV2HostFeatures"]),
        // The LV2 host features (URID map, options, buf-size, log, worker) as the C function tables LV2 defines
        .target(name: "LV2HostFeatures", dependencies: ["CLilv"], linkerSettings: [.linkedLibrary("dl")]),

        // MARK: OSC out (liblo builds the bundles; a thread of its own sends them)
        .target(name: "ThereminOSC", dependencies: ["ThereminCore", "CLiblo"]),

        // MARK: devices
        .target(name: "ThereminDevices", dependencies: ["ThereminCapture", "ThereminAudio", "ThereminJACK"]),
        // MARK: the pipeline as a library: sound and render set-up, tracking loop, sessions (no command line); it reaches
        // the hardware only through Core's ports, which the CLI fills
        .target(name: "ThereminSession", dependencies: ["ThereminCore"]),

        // MARK: command line
        .target(name: "ThereminCLI", dependencies: ["ThereminCore", "ThereminAudio", "ThereminCapture", "ThereminVideo",
                                                    "ThereminTracking", "ThereminDevices", "ThereminPreview",
                                                    "ThereminSession", "ThereminOSC", "ThereminJACK", "ThereminLV2"]),
        .executableTarget(name: "theremin", dependencies: ["ThereminCLI"]),

        // MARK: benchmarks
        .executableTarget(name: "render-bench", dependencies: ["ThereminCore"]),
        .executableTarget(name: "tracking-bench", dependencies: ["ThereminTracking", "ThereminVideo", "ThereminCore",
                                                                "ThereminSession", "ThereminTestSupport"]),
        .executableTarget(name: "capture-bench", dependencies: ["ThereminCapture", "ThereminTestSupport"]),
        // models/convert.sh's check: a graph file through the tracker's XNNPACK runtime on raw inputs.
        .executableTarget(name: "model-check", dependencies: ["CHandTracker"]),

        // MARK: test infrastructure
        .target(name: "ALSAPacedDevice", dependencies: ["CALSA"], cSettings: [.define("PIC")]),
        // A test-only LV2 plugin whose worker answers while it plays (no Debian plugin does): LV2TestBundle installs it
        .target(name: "LV2TestPlugin", cSettings: [.define("PIC")]),
        // A V4L2 camera served over FUSE, and its test pattern shared with the tests.
        .systemLibrary(name: "CFuse3", pkgConfig: "fuse3", providers: [.apt(["libfuse3-dev", "fuse3"])]),
        .target(name: "FakeCameraCore"),
        .executableTarget(name: "fake-camera", dependencies: ["FakeCameraCore", "CFuse3", "CTurboJPEG"],
                          cSettings: [.define("_GNU_SOURCE")]),
        .target(name: "ThereminTestSupport", dependencies: ["ThereminCore", "FakeCameraCore"]),

        // MARK: hardening (issue 7): the render path's allocation check (a malloc-counting executable)
        .target(name: "MallocCounter"),
        .executableTarget(name: "render-alloc-check", dependencies: ["ThereminCore", "ThereminLV2", "MallocCounter"]),
        // The tracker's per-frame path, checked the same way (issue 10).
        .executableTarget(name: "tracker-alloc-check", dependencies: ["CHandTracker", "ThereminTracking", "ThereminVideo",
                                                                     "ThereminCore", "MallocCounter"]),
        // The tests' private RealtimeKit for scripts (measure-live AS_USER=nobody RTKIT=1).
        .executableTarget(name: "rtkit-bus", dependencies: ["ThereminTestSupport"]),
        // The manual page and shell completions, generated from the option table (make install).
        .executableTarget(name: "theremin-docs", dependencies: ["ThereminCLI"]),
        // Sanitizer defaults for the test runner only (scripts/sanitize): no leak checking of XCTest's own objects.
        .target(name: "TestRunnerOptions"),

        // MARK: tests, one per target
        .testTarget(name: "ThereminCoreTests", dependencies: ["ThereminCore", "ThereminTestSupport"],
                    exclude: ["Fuzz/Regressions"]),
        .testTarget(name: "ThereminCaptureTests", dependencies: ["ThereminCapture", "ThereminCore", "ThereminTestSupport"]),
        .testTarget(name: "ThereminVideoTests", dependencies: ["ThereminVideo", "ThereminCore"]),
        .testTarget(name: "ThereminTrackingTests", dependencies: ["ThereminTracking", "CHandTracker", "ThereminVideo", "ThereminCore",
                                                            "ThereminSession", "ThereminTestSupport"]),
        .testTarget(name: "ThereminPreviewTests", dependencies: ["ThereminPreview", "ThereminCore", "ThereminSession",
                                                             "ThereminTestSupport"]),
        .testTarget(name: "VisionCallsTests", dependencies: ["VisionCalls", "CVisionLoader"]),
        .testTarget(name: "ThereminAudioTests", dependencies: ["ThereminAudio", "ThereminCore", "ThereminTestSupport", "CALSA",
                                                         "CSndfile"]),
        .testTarget(name: "ThereminJACKTests", dependencies: ["ThereminJACK", "ThereminCore", "ThereminTestSupport"]),
        .testTarget(name: "ThereminLV2Tests", dependencies: ["ThereminLV2", "ThereminCore", "ThereminTestSupport"]),
        .testTarget(name: "ThereminOSCTests", dependencies: ["ThereminOSC", "ThereminCore", "ThereminTestSupport"]),
        .testTarget(name: "ThereminDevicesTests", dependencies: ["ThereminDevices", "ThereminTestSupport"]),
        .testTarget(name: "ThereminSessionTests", dependencies: ["ThereminSession", "ThereminCore", "ThereminAudio",
                                                           "ThereminTestSupport"]),
        .testTarget(name: "ThereminCLITests", dependencies: ["ThereminCLI", "ThereminCapture", "ThereminCore", "ThereminAudio", "ThereminTestSupport",
                                                       "ThereminPreview", "ThereminSession", "TestRunnerOptions"],
                    exclude: ["Fuzz/Regressions"]),
        // The built program end to end: commands, bad input, PipeWire, installing (the unit tests are above).
        .testTarget(name: "ThereminIntegrationTests", dependencies: ["ThereminCLI", "ThereminCapture", "ThereminCore", "ThereminAudio",
                                                               "ThereminTestSupport", "ThereminSession", "ThereminVideo"]),
    ],
    cxxLanguageStandard: .cxx17
)
