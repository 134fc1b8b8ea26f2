import Foundation

/// Runs PyYAML (the reference loader of the scenario language) on many documents in one `python3` call.
enum PyYAML {
    /// How PyYAML loaded one text: each document's exact rendering (see `Render.exact`), or its error.
    enum Outcome: Equatable {
        case documents([String])
        case error(String)
    }

    /// Whether `python3` with the `yaml` module can be run.
    static let isAvailable: Bool = {
        (try? run(arguments: ["-c", "import yaml"])) != nil
    }()

    /// Loads every text with `yaml.safe_load_all` (the pure-Python SafeLoader).
    static func load(_ texts: [String]) throws -> [Outcome] {
        let input = FileManager.default.temporaryDirectory
            .appendingPathComponent("pyyaml-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: texts).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try run(arguments: ["-c", script, input.path])
        guard let results = try JSONSerialization.jsonObject(with: output) as? [[String: Any]],
            results.count == texts.count
        else {
            throw PyYAMLError(message: "unexpected output from python3")
        }
        return results.map { result in
            if let documents = result["ok"] as? [String] { return .documents(documents) }
            return .error(result["error"] as? String ?? "unknown error")
        }
    }

    private static func run(arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PyYAMLError(message: "python3 exited with status \(process.terminationStatus)")
        }
        return data
    }

    /// Renders loaded documents the way `Render.exact` renders ours.
    private static let script = """
        import json, math, struct, sys, yaml
        def render(x):
            if x is None: return 'null'
            if x is True: return 'true'
            if x is False: return 'false'
            if isinstance(x, int): return str(x)
            if isinstance(x, float):
                if math.isnan(x): return 'fnan'
                return 'f%016x' % struct.unpack('<Q', struct.pack('<d', x))[0]
            if isinstance(x, str): return json.dumps(x)
            if isinstance(x, list): return '[' + ','.join(render(i) for i in x) + ']'
            if isinstance(x, dict): return '{' + ','.join(render(k) + ':' + render(v) for k, v in x.items()) + '}'
            return '?' + type(x).__name__
        texts = json.load(open(sys.argv[1], encoding='utf-8'))
        results = []
        for text in texts:
            try:
                results.append({'ok': [render(d) for d in yaml.load_all(text, Loader=yaml.SafeLoader)]})
            except Exception as e:
                results.append({'error': str(e)})
        json.dump(results, sys.stdout)
        """
}

struct PyYAMLError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
