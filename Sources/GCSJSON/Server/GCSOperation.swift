import StorageWire

extension GCSRoute {
    /// The JSON API's name for `method` on this route (`storage.buckets.patch`, …), as storage-testbench names
    /// the operations its retry tests take instructions for; nil for a method the route does not have.
    func operation(_ method: String) -> String? {
        let read = method == "GET" || method == "HEAD"
        switch self {
        case .buckets: return method == "POST" ? "storage.buckets.insert" : read ? "storage.buckets.list" : nil
        case .bucket:
            let names = ["DELETE": "delete", "PATCH": "patch", "PUT": "update"]
            return read ? "storage.buckets.get" : names[method].map { "storage.buckets." + $0 }
        case .objects: return read ? "storage.objects.list" : nil
        case .object:
            let names = ["DELETE": "delete", "PATCH": "patch", "PUT": "update"]
            return read ? "storage.objects.get" : names[method].map { "storage.objects." + $0 }
        case .copy(_, _, let rewrite): return rewrite ? "storage.objects.rewrite" : "storage.objects.copy"
        case .upload: return "storage.objects.insert"
        case .bucketPart(_, let part, let item), .objectPart(_, let part, let item), .project(_, let part, let item):
            return Self.operation(of: part, item: item, method: method, onObject: isObjectPart)
        case .unimplemented: return nil
        }
    }

    private var isObjectPart: Bool {
        if case .objectPart = self { return true }
        return false
    }

    private static func operation(of part: GCSSubresource, item: String?, method: String, onObject: Bool) -> String? {
        let read = method == "GET" || method == "HEAD"
        switch part {
        case .acl, .defaultObjectAcl, .notificationConfigs, .hmacKeys:
            let collection =
                switch part {
                case .acl: onObject ? "storage.object_acl" : "storage.bucket_acl"
                case .defaultObjectAcl: "storage.default_object_acl"
                case .notificationConfigs: "storage.notifications"
                default: "storage.hmacKey"
                }
            let verb: String? =
                switch (item == nil, method) {
                case (true, "POST"): part == .hmacKeys ? "create" : "insert"
                case (true, _) where read: "list"
                case (false, _) where read: "get"
                case (false, "PATCH"): "patch"
                case (false, "PUT"): "update"
                case (false, "DELETE"): "delete"
                default: nil
                }
            return verb.map { collection + "." + $0 }
        case .iam: return read ? "storage.buckets.getIamPolicy" : "storage.buckets.setIamPolicy"
        case .testPermissions: return "storage.buckets.testIamPermissions"
        case .lockRetentionPolicy: return "storage.buckets.lockRetentionPolicy"
        case .compose: return "storage.objects.compose"
        case .serviceAccount: return "storage.serviceaccount.get"
        }
    }

    /// The bucket the request acts on, for bucket-scoped fault plans.
    var bucketName: String? {
        switch self {
        case .buckets, .project, .unimplemented: nil
        case .bucket(let bucket), .objects(let bucket), .upload(let bucket), .bucketPart(let bucket, _, _): bucket
        case .object(let object, _), .objectPart(let object, _, _): object.bucket
        case .copy(_, let destination, _): destination.bucket
        }
    }
}
