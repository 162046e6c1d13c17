/// How the stereo mix is laid out on a device or file with any number of channels: mono gets the average,
/// stereo left and right, and further channels alternate left and right (so a 4-channel device plays the mix on
/// both pairs). Allocation-free.
enum ChannelLayout {
    @inline(__always)
    static func interleave(left: UnsafePointer<Float>, right: UnsafePointer<Float>, frames: Int, channels: Int,
                           into output: UnsafeMutablePointer<Float>) {
        switch channels {
        case 1:
            for frame in 0..<frames { output[frame] = 0.5 * (left[frame] + right[frame]) }
        case 2:
            for frame in 0..<frames {
                output[2 * frame] = left[frame]
                output[2 * frame + 1] = right[frame]
            }
        default:
            for frame in 0..<frames {
                for channel in 0..<channels {
                    output[frame * channels + channel] = channel % 2 == 0 ? left[frame] : right[frame]
                }
            }
        }
    }
}
