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

        // MARK: pure Swift core: no C imports
        .target(name: "ThereminCore"),

        // MARK: hardware and file back ends
        .target(name: "ThereminAudio", dependencies: ["ThereminCore", "CALSA", "CSndfile"]),

        // MARK: hand tracking and file input (OpenCV)
        .systemLibrary(name: "COpenCV", pkgConfig: "opencv4", providers: [.apt(["libopencv-dev"])]),
        // The tracker's C++ is optimized even in debug builds: the tests run the real models on real footage.
        .target(name: "CHandTracker", dependencies: ["COpenCV"],
                cxxSettings: [.headerSearchPath("."), .unsafeFlags(["-O2"], .when(configuration: .debug))]),
        .target(name: "CVideoInput", dependencies: ["COpenCV"]),
        .target(name: "ThereminTracking", dependencies: ["ThereminCore", "CHandTracker"]),
        .target(name: "ThereminVideo", dependencies: ["ThereminCore", "CVideoInput"]),
        .executableTarget(name: "tracking-bench", dependencies: ["ThereminTracking", "ThereminVideo", "ThereminCore"]),

        // MARK: command line
        .target(name: "ThereminCLI", dependencies: ["ThereminCore", "ThereminAudio", "ThereminTracking", "ThereminVideo"]),
        .executableTarget(name: "theremin", dependencies: ["ThereminCLI"]),

        // MARK: benchmarks
        .executableTarget(name: "render-bench", dependencies: ["ThereminCore"]),

        // MARK: tests
        .target(name: "ALSAPacedDevice", dependencies: ["CALSA"], cSettings: [.define("PIC")]),
        .target(name: "ThereminTestSupport", dependencies: ["ThereminCore"]),
        .testTarget(name: "ThereminCoreTests", dependencies: ["ThereminCore", "ThereminTestSupport"],
                    exclude: ["Fuzz/Regressions"]),
        .testTarget(name: "ThereminAudioTests", dependencies: ["ThereminAudio", "ThereminCore", "ThereminTestSupport"]),
        .testTarget(name: "ThereminTrackingTests", dependencies: ["ThereminTracking", "CHandTracker", "ThereminVideo", "ThereminCore"]),
        .testTarget(name: "ThereminVideoTests", dependencies: ["ThereminVideo", "ThereminCore"]),
        .testTarget(name: "ThereminCLITests", dependencies: ["ThereminCLI", "ThereminCore", "ThereminTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)

// MARK: camera capture, device listing and the fake camera (issue 4)
package.targets += [
    .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2", providers: [.apt(["libv4l-dev"])]),
    .target(name: "ThereminCapture", dependencies: ["ThereminCore", "CV4L2"]),
    // Cameras and sound outputs in one listing (`theremin --list-devices`).
    .target(name: "ThereminDevices", dependencies: ["ThereminCapture", "ThereminAudio"]),
    // Test infrastructure: a V4L2 camera served over FUSE, and its test pattern shared with the tests.
    .systemLibrary(name: "CFuse3", pkgConfig: "fuse3", providers: [.apt(["libfuse3-dev", "fuse3"])]),
    .target(name: "FakeCameraCore"),
    .executableTarget(name: "fake-camera", dependencies: ["FakeCameraCore", "CFuse3"],
                      cSettings: [.define("_GNU_SOURCE")]),
    .executableTarget(name: "capture-bench", dependencies: ["ThereminCapture", "ThereminTestSupport"]),
    .testTarget(name: "ThereminCaptureTests", dependencies: ["ThereminCapture", "ThereminCore", "ThereminTestSupport"]),
    .testTarget(name: "ThereminDevicesTests", dependencies: ["ThereminDevices", "ThereminTestSupport"]),
]
// The shared test support starts the fake camera and predicts its pattern.
package.targets.first { $0.name == "ThereminTestSupport" }?.dependencies.append("FakeCameraCore")
