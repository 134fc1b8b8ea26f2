import Foundation
import StorageAPI
import StorageSDK

/// The JSON Schema (draft-07, as YAML language servers read it) of one scenario document, written from the
/// tables the decoders check files against (`LanguageKeys`, `Verb`, `ExpectationSubject`): an editor pointed at
/// it completes keys and flags unknown ones while a scenario is typed. The decoders stay the judge of what a
/// file means; the schema describes shapes.
public enum ScenarioSchema {
    /// The schema as pretty-printed JSON with sorted keys.
    public static func json() -> String {
        let object: [String: Any] = [
            "$schema": "http://json-schema.org/draft-07/schema#",
            "title": "StorageConformance scenario",
            "description": "One scenario of a StorageConformance file (docs/scenario-language.md).",
            "type": "object",
            "required": ["scenario", "steps"],
            "additionalProperties": false,
            "properties": properties(LanguageKeys.document, documentValue),
            "definitions": definitions,
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func ref(_ name: String) -> [String: Any] { ["$ref": "#/definitions/\(name)"] }
    private static var string: [String: Any] { ["type": "string"] }
    private static var anything: [String: Any] { [:] }

    private static func mapping(_ keys: [String], required: [String] = [], _ value: (String) -> [String: Any])
        -> [String: Any]
    {
        var schema: [String: Any] = [
            "type": "object", "additionalProperties": false, "properties": properties(keys, value),
        ]
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    private static func properties(_ keys: [String], _ value: (String) -> [String: Any]) -> [String: Any] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, value($0)) })
    }

    private static func anyOf(_ schemas: [String: Any]...) -> [String: Any] { ["anyOf": schemas] }

    // MARK: - Documents and fixtures

    private static func documentValue(_ key: String) -> [String: Any] {
        switch key {
        case "scenario", "description": return string
        case "tags", "covers", "targets": return ref("stringOrList")
        case "given":
            return mapping(LanguageKeys.given) { key in
                switch key {
                case "objects": ["type": "object", "additionalProperties": ref("fixtureObject")]
                case "rules": ref("rules")
                case "faults": ["type": "array", "items": ref("fault")]
                case "retry": mapping(LanguageKeys.retry) { _ in seconds }
                default: string
                }
            }
        case "steps": return ["type": "array", "items": ref("step")]
        case "lint":
            return [
                "type": "object", "description": "Warnings this scenario causes on purpose: the code, and why.",
                "propertyNames": ["enum": LintWarning.names], "additionalProperties": string,
            ]
        default: return anything
        }
    }

    private static var definitions: [String: Any] {
        var result: [String: Any] = [
            "stringOrList": anyOf(string, ["type": "array", "items": string]),
            "size": anyOf(["type": "integer", "minimum": 0], string),
            "data": anyOf(string, mapping(LanguageKeys.data, dataValue)),
            "fixtureObject": mapping(LanguageKeys.fixtureObject) { key in
                if LanguageKeys.data.contains(key) { return dataValue(key) }
                if LanguageKeys.metadata.contains(key) { return metadataValue(key) }
                return key == "downloadTokens" ? ref("stringOrList") : ["type": "integer", "minimum": 1]
            },
            "metadata": mapping(LanguageKeys.metadata, metadataValue),
            "fault": mapping(LanguageKeys.fault, required: ["request"]) { key in
                switch key {
                case "request": ["enum": RequestFault.Kind.allCases.map(\.rawValue)]
                case "body": string
                case "nth", "first": ["type": "integer", "minimum": 1]
                case "status": ["type": "integer", "minimum": 400, "maximum": 599]
                case "retryAfter", "stall": seconds
                case "misreport", "dropRequest", "dropResponse": ref("size")
                default: ["const": true]
                }
            },
            "rules": [
                "anyOf": [
                    mapping(LanguageKeys.rules) { key in
                        key == "version"
                            ? ["enum": [1, 2]]
                            : [
                                "type": "array",
                                "items": mapping(LanguageKeys.allowEntry, required: ["path", "ops"], allowValue),
                            ]
                    }
                ]
                    + LanguageKeys.rulesText.map { key in
                        mapping([key], required: [key]) { _ in
                            [
                                "type": "string",
                                "description": key == "source"
                                    ? "Firebase Security Rules text (storage.rules)."
                                    : "A Firebase Security Rules file, relative to the scenario file.",
                            ]
                        }
                    }
            ],
            "reference": anyOf(string, mapping(LanguageKeys.reference, referenceValue)),
            "trigger": mapping(LanguageKeys.trigger) { key in
                switch key {
                case "event": ["enum": EventPatternDecoding.statusNames]
                case "retry": ["type": "integer", "minimum": 1]
                default: anyOf(ref("size"), string)
                }
            },
            "eventPattern": anyOf(string, ["type": "array", "items": string]),
            "error": anyOf(
                ["enum": StorageErrorCode.allCases.map(\.name)], ["type": "integer"],
                mapping(LanguageKeys.error, required: ["code"]) { key in
                    key == "code" ? anyOf(["enum": StorageErrorCode.allCases.map(\.name)], ["type": "integer"]) : string
                }),
            "step": ["type": "object", "oneOf": Verb.allCases.map(stepSchema)],
        ]
        for subject in ExpectationSubject.all {
            result["expect.\(subject.schemaName)"] = expectation(subject)
        }
        return result
    }

    private static var seconds: [String: Any] { ["type": "number", "minimum": 0] }

    private static func dataValue(_ key: String) -> [String: Any] {
        switch key {
        case "text", "base64": string
        case "empty": ["type": "boolean"]
        case "seed": ["type": "integer", "minimum": 0]
        default: ref("size")
        }
    }

    private static func metadataValue(_ key: String) -> [String: Any] {
        key == "customMetadata"
            ? anyOf(["type": "null"], ["type": "object", "additionalProperties": anyOf(string, ["type": "null"])])
            : anyOf(string, ["type": "null"])
    }

    private static func allowValue(_ key: String) -> [String: Any] {
        switch key {
        case "ops": ["type": "array", "items": ["enum": StorageRules.Operation.allCases.map(\.rawValue)]]
        case "if": ["type": "string", "description": StorageRules.Condition.forms]
        default: string
        }
    }

    private static func referenceValue(_ key: String) -> [String: Any] {
        guard key == "chain" else { return string }
        return [
            "type": "array",
            "items": anyOf(
                ["enum": ["parent", "root"]], mapping(LanguageKeys.chainLink, required: ["child"]) { _ in string }),
        ]
    }

    // MARK: - Steps

    private static func stepSchema(_ verb: Verb) -> [String: Any] {
        var keys = [verb.rawValue] + verb.stepKeys
        if verb.expectationSubject == nil { keys.removeAll { $0 == "expect" } }
        return mapping(keys, required: [verb.rawValue]) { key in
            if key == verb.rawValue { return verbValue(verb) }
            switch key {
            case "as", "file", "toFile", "pageToken": return string
            case "data": return ref("data")
            case "metadata": return ref("metadata")
            case "chunkSize", "maxSize": return ref("size")
            case "maxResults": return ["type": "integer"]
            case "when": return ref("trigger")
            case "expect":
                let subject = verb.expectationSubject.map { "expect.\($0.schemaName)" } ?? "expect.outcome"
                return verb == .ref ? anyOf(["const": "nil"], ref(subject)) : ref(subject)
            default: return anything
            }
        }
    }

    private static func verbValue(_ verb: Verb) -> [String: Any] {
        switch verb {
        case .ref, .put, .getData, .write, .downloadURL, .list, .listAll, .getMetadata, .updateMetadata, .delete:
            return ref("reference")
        case .pause, .resume, .cancel, .await:
            return string
        case .fault:
            return anyOf(ref("fault"), ["type": "array", "items": ref("fault")])
        case .observe, .removeObserver, .removeAllObservers:
            return mapping(LanguageKeys.observerKeys(verb), required: ["task"]) { key in
                key == "status" ? ["enum": EventPatternDecoding.statusNames] : string
            }
        }
    }

    private static func expectation(_ subject: ExpectationSubject) -> [String: Any] {
        mapping(subject.keys) { key in
            switch key {
            case "error": ref("error")
            case "events": ref("eventPattern")
            case "observer": ["type": "object", "additionalProperties": ref("eventPattern")]
            case "metadata": mapping(LanguageKeys.expectedMetadata) { _ in anything }
            case "data": ref("data")
            case "size": ref("size")
            case "progress": mapping(LanguageKeys.progress) { _ in ref("size") }
            case "prefixes", "items": ["type": "array", "items": string]
            case "requests":
                mapping(RequestFault.Kind.allCases.map(\.rawValue)) { _ in
                    ["type": "integer", "minimum": 0, "maximum": ObservedDecoding.mostRequests]
                }
            case "took": mapping(LanguageKeys.took) { _ in seconds }
            case "sequence":
                [
                    "type": "array", "minItems": 1, "maxItems": ObservedDecoding.mostRequests,
                    "items": ["enum": RequestFault.Kind.allCases.map(\.rawValue)],
                ]
            default: string
            }
        }
    }
}

extension ExpectationSubject {
    static let all: [ExpectationSubject] = [.reference, .transfer(nil), .downloadURL, .list, .metadata, .outcome]

    var schemaName: String {
        switch self {
        case .reference: "reference"
        case .transfer: "transfer"
        case .downloadURL: "downloadURL"
        case .list: "list"
        case .metadata: "metadata"
        case .outcome: "outcome"
        }
    }
}
