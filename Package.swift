// swift-tools-version: 6.0
import PackageDescription

// The modules, lowest first; none imports one listed after it (docs/architecture.md).
let package = Package(
    name: "StorageConformance",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storage-conformance", targets: ["storage-conformance"]),
        .library(name: "StorageSDK", targets: ["StorageSDK"]),
        .library(name: "ReferenceService", targets: ["ReferenceService"]),
        .library(name: "StorageServer", targets: ["StorageServer"]),
        .library(name: "Harness", targets: ["Harness", "Runner", "Drivers", "Targets", "Reports"]),
        .library(name: "SecurityRules", targets: ["SecurityRules"]),
    ],
    targets: [
        // Bytes, hashing, JSON, locks, clocks and files: nothing about HTTP or storage.
        .target(name: "Primitives"),
        .target(name: "CEventPolling"),
        .target(name: "CProcessSpawn"),
        // HTTP/1.1 server and client over sockets; knows nothing of storage.
        .target(name: "HTTPCore", dependencies: ["Primitives", "CEventPolling"]),
        // Firebase Security Rules for Cloud Storage: parser, checker and evaluator (docs/security-rules.md).
        .target(name: "SecurityRules", dependencies: ["Primitives"]),
        // The seam every implementation answers (StorageBackend) and its values.
        .target(name: "StorageAPI", dependencies: ["SecurityRules", "Primitives"]),
        // The reference implementation: the store, the data directory, rules, the emulator's export.
        .target(name: "ReferenceService", dependencies: ["StorageAPI", "SecurityRules", "Primitives"]),
        // The Apple SDK's model: references, tasks, retries, client-side faults.
        .target(name: "StorageSDK", dependencies: ["StorageAPI", "Primitives"]),
        // What the wire dialects share: requests, JSON codecs, reads, the clients' plumbing.
        .target(name: "StorageWire", dependencies: ["StorageAPI", "HTTPCore", "Primitives"]),
        // One module per wire dialect: its server routes, its client and its codecs.
        .target(
            name: "FirebaseV0",
            dependencies: ["StorageWire", "StorageAPI", "SecurityRules", "HTTPCore", "Primitives"]),
        .target(name: "GCSJSON", dependencies: ["StorageWire", "StorageAPI", "HTTPCore", "Primitives"]),
        .target(name: "GCSXML", dependencies: ["StorageWire", "StorageAPI", "HTTPCore", "Primitives"]),
        // `serve`: the dialects composed behind host policy, faults, CORS and the admin routes.
        .target(
            name: "StorageServer",
            dependencies: [
                "FirebaseV0", "GCSJSON", "GCSXML", "StorageWire", "ReferenceService", "SecurityRules", "StorageAPI",
                "HTTPCore",
                "Primitives",
            ]),
        .target(name: "YAMLReader", dependencies: ["Primitives"]),
        // For tests only: a raw HTTP client, a misbehaving server, settings that end a failing test quickly, bytes.
        .target(name: "TestSupport", dependencies: ["HTTPCore", "Primitives"]),
        .target(
            name: "ScenarioLanguage",
            dependencies: ["StorageSDK", "StorageAPI", "SecurityRules", "YAMLReader", "Primitives"]),
        // The results model and every report format (console, JUnit, JSON, the matrix); knows nothing of running.
        .target(name: "Reports", dependencies: ["StorageAPI", "YAMLReader", "Primitives"]),
        // Where scenarios run: the `Target` seam, the reference, v0 and GCS JSON targets, their fault plans.
        .target(
            name: "Targets",
            dependencies: [
                "Reports", "ScenarioLanguage", "FirebaseV0", "GCSJSON", "StorageSDK",
                "ReferenceService", "SecurityRules", "StorageAPI", "HTTPCore", "Primitives",
            ]),
        // The clients a scenario's steps go through: the `ScenarioClient` seam, the own one, a driver's.
        .target(
            name: "Drivers",
            dependencies: [
                "Targets", "Reports", "CProcessSpawn", "ScenarioLanguage", "StorageSDK", "StorageAPI", "HTTPCore",
                "Primitives",
            ]),
        // Running scenarios against a target: selection, steps, expectations, the expectations manifest.
        .target(
            name: "Runner",
            dependencies: [
                "Drivers", "Targets", "Reports", "ScenarioLanguage", "YAMLReader", "StorageSDK", "ReferenceService",
                "StorageAPI", "Primitives",
            ]),
        // The command line composing them, and the project's own driver (`storage-conformance driver`).
        .target(
            name: "Harness",
            dependencies: [
                "Runner", "Drivers", "Targets", "Reports", "ScenarioLanguage", "YAMLReader", "StorageServer",
                "FirebaseV0", "GCSJSON", "StorageWire", "StorageSDK", "ReferenceService", "SecurityRules", "StorageAPI",
                "HTTPCore", "Primitives",
            ]),
        .executableTarget(name: "storage-conformance", dependencies: ["Harness"]),
        .executableTarget(
            name: "storage-benchmarks",
            dependencies: [
                "Harness", "Runner", "Targets", "ScenarioLanguage", "YAMLReader", "StorageSDK", "ReferenceService",
                "SecurityRules", "Primitives",
            ]),
        .testTarget(name: "SecurityRulesTests", dependencies: ["SecurityRules", "Primitives"]),
        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives", "TestSupport"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore", "TestSupport", "Primitives"]),
        .testTarget(
            name: "ReferenceServiceTests",
            dependencies: ["ReferenceService", "SecurityRules", "StorageAPI", "Primitives", "TestSupport"]),
        .testTarget(
            name: "StorageSDKTests",
            dependencies: ["StorageSDK", "ReferenceService", "StorageAPI", "Primitives", "TestSupport"]),
        // One test target per dialect, for what its module does alone; `StorageServerTests` for `serve`.
        .testTarget(
            name: "FirebaseV0Tests",
            dependencies: ["FirebaseV0", "StorageSDK", "StorageAPI", "HTTPCore", "TestSupport", "Primitives"]),
        .testTarget(name: "GCSJSONTests", dependencies: ["GCSJSON", "StorageAPI", "TestSupport", "Primitives"]),
        .testTarget(
            name: "GCSXMLTests",
            dependencies: ["GCSXML", "ReferenceService", "StorageAPI", "HTTPCore", "TestSupport", "Primitives"]),
        .testTarget(
            name: "StorageServerTests",
            dependencies: [
                "StorageServer", "FirebaseV0", "GCSJSON", "GCSXML", "StorageWire", "StorageSDK", "ReferenceService",
                "SecurityRules",
                "StorageAPI", "HTTPCore", "TestSupport", "Primitives",
            ]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader", "Primitives", "TestSupport"]),
        .testTarget(
            name: "ScenarioLanguageTests",
            dependencies: ["ScenarioLanguage", "YAMLReader", "StorageSDK", "StorageAPI", "SecurityRules", "Primitives"]),
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "Harness", "Runner", "Drivers", "Targets", "Reports", "ScenarioLanguage", "YAMLReader", "StorageServer",
                "FirebaseV0", "GCSJSON", "StorageWire", "StorageSDK", "ReferenceService", "SecurityRules", "StorageAPI",
                "HTTPCore", "Primitives",
            ]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "Harness", "Runner", "Reports", "ScenarioLanguage", "YAMLReader", "StorageServer", "FirebaseV0",
                "GCSJSON", "StorageWire", "StorageSDK", "ReferenceService", "SecurityRules", "StorageAPI", "HTTPCore",
                "Primitives", "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
