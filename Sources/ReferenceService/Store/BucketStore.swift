import Foundation

/// One bucket: when it was made, and its objects (a dictionary by byte key, plus the keys in byte order for listing).
struct BucketStore: Sendable {
    let timeCreated: Date
    private var objects: [ObjectKey: StoredObject] = [:]
    private(set) var names = SortedKeyList()

    init(timeCreated: Date) {
        self.timeCreated = timeCreated
    }

    var isEmpty: Bool { objects.isEmpty }

    func object(_ key: ObjectKey) -> StoredObject? { objects[key] }

    /// Every object, by name in byte order.
    var sortedObjects: [StoredObject] { objects.sorted { $0.key < $1.key }.map(\.value) }

    /// Stores `object` under `key`, returning the object it replaced.
    @discardableResult
    mutating func put(_ object: StoredObject, at key: ObjectKey) -> StoredObject? {
        let replaced = objects.updateValue(object, forKey: key)
        if replaced == nil { names.insert(key) }
        return replaced
    }

    /// Removes the object under `key`, returning it.
    @discardableResult
    mutating func remove(_ key: ObjectKey) -> StoredObject? {
        guard let removed = objects.removeValue(forKey: key) else { return nil }
        names.remove(key)
        return removed
    }
}
