/// Why a gzip stream could not be decompressed, with the offset of the compressed byte where it was found.
package struct GzipError: Error, Equatable, CustomStringConvertible {
    package var message: String
    package var offset: Int64

    package init(_ message: String, offset: Int64) {
        self.message = message
        self.offset = offset
    }

    package var description: String { "\(message) (at byte \(offset) of the gzip stream)" }
}
