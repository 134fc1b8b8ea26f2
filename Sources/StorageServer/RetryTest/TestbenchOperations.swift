/// The operation names storage-testbench takes instructions for (its routes' `retry_test(method=…)`, HTTP and
/// projects servers): a retry test naming any other is refused with 400, as the testbench refuses it. `serve`
/// answers only some of these operations (docs/gcs-dialect.md §6); instructions for the others wait forever.
enum TestbenchOperations {
    static let names: Set<String> = [
        "storage.bucket_acl.delete", "storage.bucket_acl.get", "storage.bucket_acl.insert", "storage.bucket_acl.list",
        "storage.bucket_acl.patch", "storage.bucket_acl.update",
        "storage.buckets.delete", "storage.buckets.get", "storage.buckets.getIamPolicy", "storage.buckets.insert",
        "storage.buckets.list", "storage.buckets.lockRetentionPolicy", "storage.buckets.patch",
        "storage.buckets.setIamPolicy", "storage.buckets.testIamPermissions", "storage.buckets.update",
        "storage.default_object_acl.delete", "storage.default_object_acl.get", "storage.default_object_acl.insert",
        "storage.default_object_acl.list", "storage.default_object_acl.patch", "storage.default_object_acl.update",
        "storage.folders.create", "storage.folders.delete", "storage.folders.get", "storage.folders.list",
        "storage.folders.rename",
        "storage.hmacKey.create", "storage.hmacKey.delete", "storage.hmacKey.get", "storage.hmacKey.list",
        "storage.hmacKey.update",
        "storage.notifications.delete", "storage.notifications.get", "storage.notifications.insert",
        "storage.notifications.list",
        "storage.object_acl.delete", "storage.object_acl.get", "storage.object_acl.insert", "storage.object_acl.list",
        "storage.object_acl.patch", "storage.object_acl.update",
        "storage.objects.compose", "storage.objects.copy", "storage.objects.delete", "storage.objects.get",
        "storage.objects.insert", "storage.objects.list", "storage.objects.patch", "storage.objects.restore",
        "storage.objects.rewrite", "storage.objects.update",
        "storage.serviceaccount.get", "storage.storageLayout.get",
    ]
}
