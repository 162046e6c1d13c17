import Foundation
import ThereminCapture

/// Converts raw YUYV frames of `size` from stdin into BGR24 on stdout with the capture path's own converter (limited
/// range BT.601: what a YUYV camera that declares nothing, such as the fake camera, is read as), so a reference
/// tracker can see exactly the pictures theremin sees live. Returns the exit status.
func convertYUYVStream(_ size: PixelSize) -> Int32 {
    let converter = YUYVConverter(matrix: .bt601, fullRange: false)
    let input = FileHandle.standardInput, output = FileHandle.standardOutput
    let inputBytes = size.width * 2 * size.height
    var picture = [UInt8](repeating: 0, count: size.width * 3 * size.height)
    while true {
        let frame = input.readData(ofLength: inputBytes)
        if frame.isEmpty { return 0 }
        guard frame.count == inputBytes else {
            FileHandle.standardError.write(Data("capture-bench: the input ends inside a frame (\(frame.count) of \(inputBytes) bytes); give whole \(size) YUYV frames\n".utf8))
            return 2
        }
        frame.withUnsafeBytes { raw in
            picture.withUnsafeMutableBufferPointer { bgr in
                guard let source = raw.bindMemory(to: UInt8.self).baseAddress, let destination = bgr.baseAddress else { return }
                converter.convert(source, sourceBytesPerRow: size.width * 2, width: size.width, height: size.height,
                                  into: destination)
            }
        }
        output.write(Data(picture))
    }
}
