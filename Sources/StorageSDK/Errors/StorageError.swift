import StorageAPI

/// An error from a storage operation: the SDK's code and message, and the bucket and object it concerns.
///
/// Messages are the shipped SDK's, word for word, so a scenario can match on them.
public struct StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: StorageErrorCode
    public let message: String
    public let bucket: String?
    public let object: String?
    /// The HTTP status the service answered with, when the error came from the service.
    public let serverStatus: Int?
    /// The backend failure behind this error when the service could not be reached or answered nonsense:
    /// a harness reports those as errors of the run, not as behaviour of the service.
    public let cause: BackendError?
    /// The body of the service's answer that caused the error, as text (the SDK's `ResponseBody`).
    public var responseBody: String?

    public init(
        code: StorageErrorCode, message: String, bucket: String? = nil, object: String? = nil,
        serverStatus: Int? = nil, cause: BackendError? = nil
    ) {
        self.code = code
        self.message = message
        self.bucket = bucket
        self.object = object
        self.serverStatus = serverStatus
        self.cause = cause
    }

    public var description: String { "\(code.name) (\(code.rawValue)): \(message)" }
}

extension StorageError {
    public static func unknown(
        _ message: String, bucket: String? = nil, object: String? = nil, serverStatus: Int? = nil
    ) -> StorageError {
        StorageError(code: .unknown, message: message, bucket: bucket, object: object, serverStatus: serverStatus)
    }

    public static func objectNotFound(bucket: String, object: String?, serverStatus: Int? = 404) -> StorageError {
        let name = object ?? "<object-entity-internal-error>"
        return StorageError(
            code: .objectNotFound, message: "Object \(name) does not exist.", bucket: bucket, object: object,
            serverStatus: serverStatus)
    }

    public static func quotaExceeded(bucket: String, object: String?, serverStatus: Int? = 402) -> StorageError {
        StorageError(
            code: .quotaExceeded,
            message: "Quota for bucket \(bucket) exceeded, please view quota on firebase.google.com.",
            bucket: bucket, object: object, serverStatus: serverStatus)
    }

    public static func unauthenticated(bucket: String?, object: String?, serverStatus: Int? = 401) -> StorageError {
        StorageError(
            code: .unauthenticated,
            message: "User is not authenticated, please authenticate using Firebase Authentication and try again.",
            bucket: bucket, object: object, serverStatus: serverStatus)
    }

    public static func unauthorized(bucket: String, object: String?, serverStatus: Int? = 403) -> StorageError {
        let name = object ?? "<object-entity-internal-error>"
        return StorageError(
            code: .unauthorized, message: "User does not have permission to access gs://\(bucket)/\(name).",
            bucket: bucket, object: object, serverStatus: serverStatus)
    }

    public static func downloadSizeExceeded(total: Int64, maxSize: Int64, bucket: String? = nil, object: String? = nil)
        -> StorageError
    {
        StorageError(
            code: .downloadSizeExceeded,
            message:
                "Attempted to download object with size of \(total) bytes, which exceeds the maximum size of \(maxSize) bytes. "
                + "Consider raising the maximum download maxSize, or using StorageReference.write",
            bucket: bucket, object: object)
    }

    public static func cancelled(bucket: String? = nil, object: String? = nil) -> StorageError {
        StorageError(code: .cancelled, message: "User cancelled the upload/download.", bucket: bucket, object: object)
    }

    public static func invalidArgument(_ message: String, bucket: String? = nil, object: String? = nil) -> StorageError
    {
        StorageError(code: .invalidArgument, message: message, bucket: bucket, object: object)
    }

    public static func bucketMismatch(provided: String, expected: String) -> StorageError {
        StorageError(
            code: .bucketMismatch,
            message:
                "Provided bucket: `\(provided)` does not match the Storage bucket of the current instance: `\(expected)`",
            bucket: provided)
    }

    public static func pathError(_ message: String) -> StorageError {
        StorageError(code: .pathError, message: message)
    }

    public static func internalError(_ message: String) -> StorageError {
        StorageError(code: .internalError, message: message)
    }

    /// An operation that needs an object, asked of the root or of an empty path: refused before any request
    /// (docs/semantics.md §3), with the message the Firebase SDKs that refuse it give.
    public static func rootOperation(_ operation: String, bucket: String) -> StorageError {
        .invalidArgument(
            "The operation '\(operation)' cannot be performed on a root reference, create a non-root reference using child, such as .child('file.png').",
            bucket: bucket)
    }

    /// The SDK's message for `list(maxResults:)` outside 1…1000.
    public static func maxResultsOutOfRange(bucket: String? = nil, object: String? = nil) -> StorageError {
        .invalidArgument("Argument 'maxResults' must be between 1 and 1000 inclusive.", bucket: bucket, object: object)
    }

    /// The SDK's message for a putFile source that is missing, a directory, or not a file URL.
    public static func fileNotReachable(_ url: String) -> StorageError {
        .unknown(
            "File at URL: \(url) is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url.")
    }

    /// Maps a backend failure to the SDK's error: statuses as `fromServer`, transport failures and
    /// malformed answers as `unknown` naming the request, with the failure kept as `cause`.
    public static func from(_ failure: BackendError, bucket: String, object: String?) -> StorageError {
        switch failure.kind {
        case .status(let status):
            var error = fromServer(status: status, bucket: bucket, object: object)
            error.responseBody = failure.responseBody
            return error
        case .transport, .malformedResponse:
            return StorageError(
                code: .unknown, message: failure.description, bucket: bucket, object: object, cause: failure)
        }
    }

    /// Maps a status the service answered with to the SDK's error (docs/semantics.md §4.2): the code alone decides.
    public static func fromServer(status: Int, bucket: String, object: String?) -> StorageError {
        switch status {
        case 400: .unknown("Unknown 400 error from backend", bucket: bucket, object: object, serverStatus: status)
        case 401: .unauthenticated(bucket: bucket, object: object, serverStatus: status)
        case 402: .quotaExceeded(bucket: bucket, object: object, serverStatus: status)
        case 403: .unauthorized(bucket: bucket, object: object, serverStatus: status)
        case 404: .objectNotFound(bucket: bucket, object: object, serverStatus: status)
        default:
            .unknown("Unexpected \(status) code from backend", bucket: bucket, object: object, serverStatus: status)
        }
    }
}
