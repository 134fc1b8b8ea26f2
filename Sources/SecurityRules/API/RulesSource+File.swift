import Foundation

extension RulesSource {
    /// Reads a rules file, named by its path. Only a regular file is read (a FIFO or a device would block), and
    /// only up to the size a ruleset may have: a larger one is refused without reading it.
    public init(file path: String) throws(RulesFileReadError) {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw RulesFileReadError(path: path, reason: "no such file")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw RulesFileReadError(path: path, reason: "not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= Int64(RulesLimits.sourceBytes) else {
            throw RulesFileReadError(
                path: path, reason: "it is \(size) bytes; a rules file is at most \(RulesLimits.sourceBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RulesFileReadError(path: path, reason: "it cannot be read")
        }
        self.init(name: path, text: String(decoding: data, as: UTF8.self))
    }
}

/// Why a rules file could not be read (before its text is looked at).
public struct RulesFileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot read the rules file \(path): \(reason)" }
}
