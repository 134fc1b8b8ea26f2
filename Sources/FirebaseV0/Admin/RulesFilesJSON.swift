import Foundation
import Primitives
import SecurityRules
import StorageAPI
import StorageWire

/// Rules files as the Firebase emulator's `PUT /internal/setRules` takes them (also what `@firebase/rules-unit-testing`
/// sends): `{"rules": {"files": [{"name": "storage.rules", "content": "…"}]}}`. One file without `resource` is the
/// rules of every bucket; otherwise every file names its bucket in `resource`.
package enum RulesFilesJSON {
    /// One file of the body.
    package struct File: Equatable, Sendable {
        package var source: RulesSource
        /// The bucket the file is for; nil for every bucket.
        package var bucket: String?

        package init(source: RulesSource, bucket: String? = nil) {
            self.source = source
            self.bucket = bucket
        }
    }

    package static func encode(_ files: [File]) -> Data {
        let members = files.map { file -> JSONValue in
            var fields: [JSONValue.Member] = [
                .init("name", .string(file.source.name)), .init("content", .string(file.source.text)),
            ]
            if let bucket = file.bucket { fields.append(.init("resource", .string(bucket))) }
            return .object(fields)
        }
        return JSONValue.members(["rules": .members(["files": .array(members)])]).data
    }

    /// Reads the body strictly (400 with the reason, worded as the emulator words it where it has words for it).
    /// `allowingNone` takes an empty list: what `GET /internal/buckets/B/rules` answers for a bucket where
    /// everything is allowed.
    package static func decode(_ data: Data, allowingNone: Bool = false) throws(BackendError) -> [File] {
        let body = try WireObject(parsing: data, what: "the request body", side: .request)
        guard let rules = try body.optionalObject("rules"), let list = try rules.optionalArray("files"),
            allowingNone || !list.isEmpty
        else {
            throw .badRequest("Request body must include 'rules.files' array")
        }
        var files: [File] = []
        for (index, element) in list.enumerated() {
            let entry = try WireObject(element, what: "file \(index + 1) of 'rules.files'", side: .request)
            guard case .string(let name)? = entry["name"], case .string(let content)? = entry["content"] else {
                throw .badRequest("Each member of 'rules.files' array must contain 'name' and 'content'")
            }
            let bucket = try entry.optionalString("resource")
            if let bucket { try BucketNameRules.validate(bucket) }
            if list.count > 1, bucket == nil {
                throw .badRequest("Each member of 'rules.files' array must contain 'name', 'content', and 'resource'")
            }
            files.append(File(source: RulesSource(name: name, text: content), bucket: bucket))
        }
        return files
    }

    /// Every file loaded, or 400 naming the first that does not load with its `file:line:col`, the line and a
    /// caret (nothing is applied then).
    package static func load(_ files: [File]) throws(BackendError) -> [(program: RulesProgram, bucket: String?)] {
        var loaded: [(RulesProgram, String?)] = []
        for file in files {
            do {
                loaded.append((try RulesProgram(file.source), file.bucket))
            } catch {
                throw .badRequest(error.description)
            }
        }
        return loaded
    }
}
