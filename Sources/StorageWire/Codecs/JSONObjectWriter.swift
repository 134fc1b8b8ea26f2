import Foundation
import Primitives
import StorageAPI

/// Writes one JSON object straight into UTF-8 bytes, member by member: the hot path of the server
/// (object metadata on every read and upload), where building a `JSONValue` tree first costs more than
/// the response itself.
package struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var isEmpty = true

    package init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// `"key":"value"`; `key` must need no escaping.
    package mutating func string(_ key: StaticString, _ value: String) {
        member(key)
        JSONString.append(value, to: &bytes)
    }

    /// `"key":<json>` for a value built as a tree.
    package mutating func value(_ key: StaticString, _ json: JSONValue) {
        member(key)
        bytes.append(contentsOf: json.data)
    }

    /// `"key":<json>` for JSON written already (an object another writer finished, an array of them).
    package mutating func raw(_ key: StaticString, _ json: Data) {
        member(key)
        bytes.append(contentsOf: json)
    }

    /// `"key":<json>` for a key known only at run time (escaped as any JSON string); strings and numbers are
    /// written straight in.
    package mutating func value(named key: String, _ json: JSONValue) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        JSONString.append(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        switch json {
        case .string(let text): JSONString.append(text, to: &bytes)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        default: bytes.append(contentsOf: json.data)
        }
    }

    /// The members `style` writes for `resource`, in its order.
    package mutating func fields(of resource: ObjectResource, _ style: ObjectFieldStyle) {
        style.forEachMember(of: resource) { value(named: $0, $1) }
    }

    /// `"key":[<json>,…]` for values written already.
    package mutating func rawArray(_ key: StaticString, _ elements: [Data]) {
        member(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The finished object.
    package mutating func finish() -> Data {
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }

    private mutating func member(_ key: StaticString) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }
}
