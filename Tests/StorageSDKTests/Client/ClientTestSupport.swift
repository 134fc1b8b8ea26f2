import StorageSDK
import Testing

/// The `StorageError` that `body` throws, or nil when it returns (any other error is recorded as an issue).
func thrownError<Value>(_ body: () throws -> Value) -> StorageError? {
    do {
        _ = try body()
        return nil
    } catch let error as StorageError {
        return error
    } catch {
        Issue.record("Expected a StorageError, got \(error)")
        return nil
    }
}
