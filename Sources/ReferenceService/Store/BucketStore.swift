/// The objects of one bucket: a dictionary by byte key, plus the keys in byte order for listing.
struct BucketStore: Sendable {
    private var objects: [ObjectKey: StoredObject] = [:]
    private(set) var names = SortedKeyList()

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
