// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "StorageConformance",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storage-conformance", targets: ["storage-conformance"]),
        .library(name: "StorageModel", targets: ["StorageModel"]),
        .library(name: "StorageHTTP", targets: ["StorageHTTP"]),
        .library(name: "Harness", targets: ["Harness"]),
        .library(name: "SecurityRules", targets: ["SecurityRules"]),
    ],
    targets: [
        .target(name: "TextBytes"),
        .target(name: "StorageModel", dependencies: ["TextBytes"]),
        .target(name: "CEventPolling"),
        .target(name: "StorageHTTP", dependencies: ["StorageModel", "TextBytes", "CEventPolling"]),
        .target(name: "YAMLReader", dependencies: ["TextBytes"]),
        .target(name: "ScenarioLanguage", dependencies: ["StorageModel", "YAMLReader"]),
        .target(name: "Harness", dependencies: ["StorageModel", "StorageHTTP", "YAMLReader", "ScenarioLanguage"]),
        .executableTarget(name: "storage-conformance", dependencies: ["Harness"]),
        .target(name: "SecurityRules"),
        .executableTarget(name: "storage-benchmarks", dependencies: ["Harness", "SecurityRules"]),
        .testTarget(name: "StorageModelTests", dependencies: ["StorageModel"]),
        .testTarget(name: "StorageHTTPTests", dependencies: ["StorageHTTP"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"]),
        .testTarget(name: "TextBytesTests", dependencies: ["TextBytes"]),
        .testTarget(name: "ScenarioLanguageTests", dependencies: ["ScenarioLanguage", "YAMLReader"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "YAMLReader"]),
        .testTarget(name: "CommandLineTests", dependencies: ["Harness"]),
        .testTarget(name: "SecurityRulesTests", dependencies: ["SecurityRules"]),
    ],
    swiftLanguageModes: [.v6]
)
