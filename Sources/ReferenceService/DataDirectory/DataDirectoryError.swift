/// Why a data directory cannot be opened or read: the message names the directory or the file.
public struct DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }

    /// `file` under `directory`, and what is wrong with it.
    init(_ directory: String, _ file: String, _ problem: String) {
        description = "\(directory)/\(file): \(problem)"
    }
}
