import Foundation
import ThereminTestSupport

extension BinaryTestCase {
    /// Whether the user nobody can reach `path`: it and every folder from / down to it have the others' execute
    /// (search) bit (tests that run the binary through `setpriv` as nobody skip otherwise).
    func isReachableByOthers(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        while url.path != "/" {
            var info = stat()
            guard stat(url.path, &info) == 0, info.st_mode & 0o001 != 0 else { return false }
            url.deleteLastPathComponent()
        }
        return true
    }
}
