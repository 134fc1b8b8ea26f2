import Foundation
import Primitives

extension AtomicFile {
    /// `write(_:to:)` with the bytes pulled from `body` a block at a time, so a large file never sits in memory
    /// whole (an object kept on disk, copied into an export).
    public static func write(_ body: any UploadBody, to path: String) throws {
        try write(to: path) { descriptor in
            do throws(BackendError) {
                try body.forEachBlock { (block) throws(BackendError) in
                    if let failure = FileDescriptorWriting.writeAll(block, to: descriptor) {
                        throw BackendError(status: 500, failure)
                    }
                }
                return nil
            } catch {
                return error.message
            }
        }
    }
}
