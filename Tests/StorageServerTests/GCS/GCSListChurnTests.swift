import Foundation
import Primitives
import StorageAPI
import Testing

/// A GCS JSON list reads each listed object's metadata after it has the page's names: a name deleted in between is
/// left out of the page, never a 404 for the whole list.
@Suite struct GCSListChurnTests {
    @Test func listsNeverFailWhileWritersDelete() throws {
        let served = try ServedStorage.withBucket()
        let names = (0..<200).map { "churn/\($0)" }
        for name in names { try served.seed(name, "x") }
        let backend = served.backend
        let stop = Locked(false)
        let group = DispatchGroup()
        for writer in 0..<3 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                var index = writer
                while !stop.withLock({ $0 }) {
                    let address = ObjectAddress(bucket: "bkt", name: names[index % names.count])
                    try? backend.deleteObject(address)
                    _ = try? backend.seed(bucket: "bkt", name: address.name, data: Data("y".utf8))
                    index += 3
                }
            }
        }
        var failures: [Int] = []
        for _ in 0..<60 {
            let answer = try served.send("GET", "/storage/v1/b/bkt/o?prefix=churn/")
            if answer.status != 200 { failures.append(answer.status) }
        }
        stop.withLock { $0 = true }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(failures.isEmpty, "statuses of the lists that failed: \(failures)")
    }
}
