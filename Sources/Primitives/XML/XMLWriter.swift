import Foundation

/// Writes an XML document (the XML API's answers): a declaration, then nested elements whose text is escaped.
///
/// ```swift
/// var xml = XMLWriter()
/// xml.open("ListBucketResult", namespace: XMLWriter.s3Namespace)
/// xml.element("Name", "bucket")
/// xml.close("ListBucketResult")
/// let body = xml.data
/// ```
package struct XMLWriter {
    /// The namespace Cloud Storage's XML answers declare (the one S3 uses).
    package static let s3Namespace = "http://doc.s3.amazonaws.com/2006-03-01"

    private var text = "<?xml version='1.0' encoding='UTF-8'?>"

    package init() {}

    package mutating func open(_ name: String, namespace: String? = nil) {
        text += "<" + name
        if let namespace { text += " xmlns=\"" + Self.escape(namespace) + "\"" }
        text += ">"
    }

    package mutating func close(_ name: String) {
        text += "</" + name + ">"
    }

    /// `<name>value</name>`, the value escaped.
    package mutating func element(_ name: String, _ value: String) {
        text += "<" + name + ">" + Self.escape(value) + "</" + name + ">"
    }

    package var data: Data { Data(text.utf8) }

    /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 cannot carry (controls other than tab, CR and
    /// LF, and U+FFFE/U+FFFF) as numeric references, which is how a name holding one is written at all.
    package static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default:
                if isOutsideXML(scalar) {
                    escaped += "&#x" + String(scalar.value, radix: 16, uppercase: true) + ";"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        "&<>\"'".unicodeScalars.contains(scalar) || isOutsideXML(scalar)
    }

    private static func isOutsideXML(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0xFFFE
            || scalar.value == 0xFFFF
    }
}
