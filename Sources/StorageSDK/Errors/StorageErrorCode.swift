/// The SDK's `StorageErrorCode`: every error a storage operation can end with, with the SDK's raw values.
public enum StorageErrorCode: Int, Sendable, CaseIterable, CustomStringConvertible {
    case unknown = -13000
    case objectNotFound = -13010
    case bucketNotFound = -13011
    case projectNotFound = -13012
    case quotaExceeded = -13013
    case unauthenticated = -13020
    case unauthorized = -13021
    case retryLimitExceeded = -13030
    case nonMatchingChecksum = -13031
    case downloadSizeExceeded = -13032
    case cancelled = -13040
    case invalidArgument = -13050
    case bucketMismatch = -13051
    case internalError = -13052
    case pathError = -13053

    /// The case name as the SDK spells it (`objectNotFound`), used by scenario files and reports.
    public var name: String {
        switch self {
        case .unknown: "unknown"
        case .objectNotFound: "objectNotFound"
        case .bucketNotFound: "bucketNotFound"
        case .projectNotFound: "projectNotFound"
        case .quotaExceeded: "quotaExceeded"
        case .unauthenticated: "unauthenticated"
        case .unauthorized: "unauthorized"
        case .retryLimitExceeded: "retryLimitExceeded"
        case .nonMatchingChecksum: "nonMatchingChecksum"
        case .downloadSizeExceeded: "downloadSizeExceeded"
        case .cancelled: "cancelled"
        case .invalidArgument: "invalidArgument"
        case .bucketMismatch: "bucketMismatch"
        case .internalError: "internalError"
        case .pathError: "pathError"
        }
    }

    public var description: String { "\(name) (\(rawValue))" }

    /// Looks a code up by its name (`"cancelled"`) or its number (`"-13040"`).
    public init?(nameOrNumber text: String) {
        if let number = Int(text), let code = StorageErrorCode(rawValue: number) {
            self = code
            return
        }
        guard let code = StorageErrorCode.allCases.first(where: { $0.name == text }) else { return nil }
        self = code
    }
}
