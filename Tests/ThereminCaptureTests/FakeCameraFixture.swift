import Foundation
import ThereminCapture
import ThereminTestSupport
import XCTest

extension XCTestCase {
    /// Starts a fake camera for this test (stopped at teardown), or skips the test saying why FUSE is unusable.
    func startFakeCamera(_ configure: (inout FakeCamera.Options) -> Void = { _ in }) throws -> FakeCamera {
        var options = FakeCamera.Options()
        options.rates = [100, 30]
        configure(&options)
        let fake = try FakeCamera.startOrSkip(options)
        addTeardownBlock { fake.stop() }
        return fake
    }

    /// Opens a camera on a fake device, closed at teardown.
    func openCamera(_ fake: FakeCamera, _ configure: (inout V4L2Camera.Configuration) -> Void = { _ in })
        throws -> V4L2Camera {
        var configuration = V4L2Camera.Configuration(device: fake.devicePath)
        configure(&configuration)
        let camera = try V4L2Camera(configuration)
        addTeardownBlock { camera.close() }
        return camera
    }

    /// Waits until `condition` holds, checking every few milliseconds; fails the test at the deadline.
    func waitUntil(_ what: String, timeout: Double = 30, _ condition: () throws -> Bool,
                   file: StaticString = #filePath, line: UInt = #line) rethrows {
        if try !ThereminTestSupport.waitUntil(timeout: timeout, condition) {
            XCTFail("timed out after \(timeout) s waiting until \(what)", file: file, line: line)
        }
    }

    /// Asserts that `body` throws a `V4L2Error` of `kind` and returns it.
    @discardableResult
    func assertV4L2Error<T>(_ kind: V4L2Error.Kind, file: StaticString = #filePath, line: UInt = #line,
                            _ body: () throws -> T) -> V4L2Error? {
        do {
            _ = try body()
            XCTFail("expected a V4L2Error of kind \(kind), got no error", file: file, line: line)
        } catch let error as V4L2Error {
            XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
            return error
        } catch {
            XCTFail("expected a V4L2Error of kind \(kind), got \(error)", file: file, line: line)
        }
        return nil
    }
}
