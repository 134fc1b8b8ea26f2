import Foundation
import Primitives
import StorageSDK
import YAMLReader

/// Reads `error:` of an expectation: `CODE`, or `{ code: CODE, message: "substring", body: "substring" }` where
/// a message or body written `/…/` is a regular expression (it must compile) and any other a substring template.
enum ErrorCodeDecoding {
    static func unknownCodeMessage(_ text: String) -> String {
        let names = StorageErrorCode.allCases.map(\.name)
        if let match = Suggestion.closest(to: text, in: names) {
            return "unknown error code \(YAMLNode.quoted(text)) (did you mean \(match)?)"
        }
        return
            "unknown error code \(YAMLNode.quoted(text)) (expected a StorageErrorCode name or number: \(names.joined(separator: ", ")))"
    }

    static func decode(_ node: YAMLNode, scope: NameScope, context: DecodingContext) -> ErrorExpectation? {
        guard case .mapping(let pairs) = node.value else {
            return code(node, "error", context: context).map { ErrorExpectation(code: $0) }
        }
        let fields = MappingFields(
            checking: node, pairs: pairs, owner: "error", allowed: LanguageKeys.error, context: context)
        let code = fields.required("code", of: "error", "a StorageErrorCode name or number", context: context)
            .flatMap { self.code($0, "code", context: context) }
        let errors = context.errorCount
        let message = fields["message"].flatMap { match($0, "message", scope: scope, context: context) }
        let body = fields["body"].flatMap { match($0, "body", scope: scope, context: context) }
        guard let code, context.errorCount == errors else { return nil }
        return ErrorExpectation(code: code, message: message, body: body)
    }

    private static func match(_ node: YAMLNode, _ key: String, scope: NameScope, context: DecodingContext)
        -> ErrorExpectation.MessageMatch?
    {
        guard let text = context.string(node, key) else { return nil }
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let pattern = String(text.dropFirst().dropLast())
            guard context.regexCompiles(pattern) else {
                context.error("\(key): /\(pattern)/ is not a valid regular expression", at: node)
                return nil
            }
            return .regex(pattern)
        }
        let template = Template(parsing: text, at: node.location)
        guard scope.check(template, at: node, context: context) else { return nil }
        return .substring(template)
    }

    /// A code by name (`cancelled`) or number (`-13040`, as an integer or a string).
    static func code(_ node: YAMLNode, _ key: String, context: DecodingContext) -> StorageErrorCode? {
        switch node.value {
        case .string(let text):
            if let code = StorageErrorCode(nameOrNumber: text) { return code }
            context.error(key == "error" ? unknownCodeMessage(text) : "\(key): \(unknownCodeMessage(text))", at: node)
        case .int(let number):
            if let code = Int(exactly: number).flatMap(StorageErrorCode.init(rawValue:)) { return code }
            context.error(
                key == "error" ? unknownCodeMessage(String(number)) : "\(key): \(unknownCodeMessage(String(number)))",
                at: node)
        default:
            context.typeMismatch(key, expected: "a StorageErrorCode name or number", found: node)
        }
        return nil
    }
}
