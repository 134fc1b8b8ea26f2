import Foundation
import Testing

/// Validates JUnit files with Python: `xml.etree` and (when installed) `lxml` parse each file,
/// and `xmlschema` validates it against both XSDs in `.ci/schemas/`.
enum JUnitSchemaValidator {
    /// Whether `python3 -c 'import xmlschema'` succeeds here.
    static let isAvailable: Bool = (try? run(["-c", "import xmlschema"]).status) == 0

    static let unavailableMessage: Comment =
        "python3 with the xmlschema module is not installed (pip install xmlschema lxml); CI installs it"

    /// The problems each file has, keyed by path; an empty list means the file is valid.
    static func problems(in paths: [String]) throws -> [String: [String]] {
        let schemas = try schemaDirectory()
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("junit-validator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("validate.py")
        try Data(validationScript.utf8).write(to: script)
        let result = try run(
            [
                script.path,
                schemas.appendingPathComponent("junit-10.xsd").path,
                schemas.appendingPathComponent("junit-windyroad.xsd").path,
            ] + paths)
        guard result.status == 0,
            let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: [String]]
        else {
            throw ValidatorFailure(description: "validator exited \(result.status): \(result.output)")
        }
        return decoded
    }

    struct ValidatorFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// `.ci/schemas` of this package, found from this file's path.
    static func schemaDirectory() throws -> URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory.appendingPathComponent(".ci/schemas")
            }
            directory.deleteLastPathComponent()
        }
        throw ValidatorFailure(description: "no Package.swift above \(#filePath)")
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    private static let validationScript = """
        import json, sys
        import xml.etree.ElementTree as ElementTree
        import xmlschema
        try:
            from lxml import etree as lxml_etree
        except ImportError:
            lxml_etree = None

        schemas = [("junit-10", xmlschema.XMLSchema(sys.argv[1])), ("windyroad", xmlschema.XMLSchema(sys.argv[2]))]
        results = {}
        for path in sys.argv[3:]:
            problems = []
            try:
                ElementTree.parse(path)
            except Exception as error:
                problems.append("xml.etree: %s" % error)
            if lxml_etree is not None:
                try:
                    lxml_etree.parse(path, lxml_etree.XMLParser(huge_tree=True))
                except Exception as error:
                    problems.append("lxml: %s" % error)
            for name, schema in schemas:
                try:
                    schema.validate(path)
                except Exception as error:
                    problems.append("%s: %s" % (name, str(error)[:600]))
            results[path] = problems
        print(json.dumps(results))
        """
}
