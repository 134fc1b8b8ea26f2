/// Hands non-Sendable test clients to worker threads that each touch only their own element.
final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
