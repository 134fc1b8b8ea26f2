import Foundation
import Primitives
import StorageAPI

/// An object's metadata as v0 JSON (docs/wire-protocol.md §2), both ways, in `ObjectFieldStyle.firebaseV0`.
///
/// Written as the Firebase emulator writes it: counts as decimal strings, dates with milliseconds,
/// `downloadTokens` comma-joined, `metadata` only when there are custom keys. Read tolerantly, so any
/// endpoint can be measured: counts as numbers or strings, `crc32c` as base64 or as the emulator's
/// decimal, absent optional fields and unknown keys. Only a missing `name` or `bucket`, or a field of
/// the wrong type, is a malformed response.
package enum ObjectResourceJSON {
    package static func encode(_ resource: ObjectResource) -> Data {
        var writer = JSONObjectWriter()
        writer.fields(of: resource, .firebaseV0)
        return writer.finish()
    }

    /// Reads a service's answer; throws `.malformedResponse` naming what is wrong.
    package static func decode(_ data: Data) throws(BackendError) -> ObjectResource {
        try WireObject(parsing: data, what: "the object metadata", side: .response).objectResource(.firebaseV0)
    }
}
