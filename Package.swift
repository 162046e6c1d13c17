// swift-tools-version:6.0
// theremin: a camera theremin for Linux. See README.md and ../shared/DESIGN.md for the layout.
import PackageDescription

let package = Package(
    name: "theremin",
    products: [
        .executable(name: "theremin", targets: ["theremin"]),
        // Test-only: a paced ALSA playback device that can force underruns (loaded by alsa-lib by file name).
        .library(name: "asound_module_pcm_theremin_paced", type: .dynamic, targets: ["ALSAPacedDevice"]),
    ],
    targets: [
        // MARK: C libraries from Debian, as system-library targets
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CSndfile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        // Musicianship: resampling backing tracks to the device rate.
        .systemLibrary(name: "CSampleRate", pkgConfig: "samplerate", providers: [.apt(["libsamplerate0-dev"])]),

        // MARK: pure Swift core: no C imports
        .target(name: "ThereminCore"),

        // MARK: hardware and file back ends
        .target(name: "ThereminAudio", dependencies: ["ThereminCore", "CALSA", "CSndfile", "CSampleRate"]),

        // MARK: hand tracking and file input (OpenCV)
        .systemLibrary(name: "COpenCV", pkgConfig: "opencv4", providers: [.apt(["libopencv-dev"])]),
        .target(name: "CHandTracker", dependencies: ["COpenCV"], cxxSettings: [.headerSearchPath(".")]),
        .target(name: "CVideoInput", dependencies: ["COpenCV"]),
        .target(name: "ThereminTracking", dependencies: ["ThereminCore", "CHandTracker"]),
        .target(name: "ThereminVideo", dependencies: ["ThereminCore", "CVideoInput"]),
        .executableTarget(name: "tracking-bench", dependencies: ["ThereminTracking", "ThereminVideo", "ThereminCore"]),

        // MARK: command line
        .target(name: "ThereminCLI", dependencies: ["ThereminCore", "ThereminAudio"]),
        .executableTarget(name: "theremin", dependencies: ["ThereminCLI"]),

        // MARK: benchmarks
        .executableTarget(name: "render-bench", dependencies: ["ThereminCore"]),

        // MARK: tests
        .target(name: "ALSAPacedDevice", dependencies: ["CALSA"], cSettings: [.define("PIC")]),
        .target(name: "ThereminTestSupport", dependencies: ["ThereminCore"]),
        .testTarget(name: "ThereminCoreTests", dependencies: ["ThereminCore", "ThereminTestSupport"],
                    exclude: ["Fuzz/Regressions"]),
        .testTarget(name: "ThereminAudioTests", dependencies: ["ThereminAudio", "ThereminCore", "ThereminTestSupport", "CALSA"]),
        .testTarget(name: "ThereminTrackingTests", dependencies: ["ThereminTracking", "CHandTracker", "ThereminVideo", "ThereminCore"]),
        .testTarget(name: "ThereminVideoTests", dependencies: ["ThereminVideo", "ThereminCore"]),
        .testTarget(name: "ThereminCLITests", dependencies: ["ThereminCLI", "ThereminCore", "ThereminAudio", "ThereminTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
