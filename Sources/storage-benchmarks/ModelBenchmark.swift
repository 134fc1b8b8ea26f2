import Foundation
import StorageModel

/// In-process transfers and listing through the client and the reference service.
enum ModelBenchmark {
    static func run() {
        let size = 256 << 20
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        print("In-process reference (client + InMemoryBackend), 256 KiB chunks, release build")
        let md5 = Stopwatch.best(of: 3) { _ = MD5.digest(of: data) }.best
        let crc = Stopwatch.best(of: 3) { _ = CRC32C.checksum(of: data) }.best
        print(
            String(
                format:
                    "  hashing 256 MiB alone (the service computes both on upload): MD5 %.0f MB/s, CRC32C %.0f MB/s",
                Double(size) / md5 / 1e6, Double(size) / crc / 1e6))
        for round in 1...3 {
            let backend = InMemoryBackend()
            let storage = Storage(bucket: "bench", backend: backend)
            let reference = storage.reference(withPath: "bench/object.bin")
            var upload: StorageUploadTask?
            let uploadTime = Stopwatch.time {
                let task = reference.putData(data)
                task.wait()
                upload = task
            }
            guard case .success? = upload?.result else {
                print("upload failed: \(String(describing: upload?.result))")
                exit(1)
            }
            var downloaded = Data()
            let downloadTime = Stopwatch.time {
                let task = reference.getData(maxSize: Int64(size))
                task.wait()
                if case .success(let bytes)? = task.dataResult { downloaded = bytes }
            }
            guard downloaded == data else {
                print("download returned other bytes")
                exit(1)
            }
            print(
                String(
                    format:
                        "  round %d: upload 256 MiB %@ (%.0f MB/s, MD5 and CRC32C included), download %@ (%.0f MB/s)",
                    round, Stopwatch.format(uploadTime), Double(size) / uploadTime / 1e6,
                    Stopwatch.format(downloadTime), Double(size) / downloadTime / 1e6))
        }
        listing()
    }

    private static func listing() {
        let count = 100_000
        let backend = InMemoryBackend()
        let seedTime = Stopwatch.time {
            for index in 0..<count {
                // An in-memory seed cannot fail.
                _ = try? backend.seed(bucket: "bench", name: String(format: "files/uid/%06d.bin", index), data: Data())
            }
        }
        let storage = Storage(bucket: "bench", backend: backend)
        let folder = storage.reference(withPath: "files/uid")
        var pageTimes: [Double] = []
        var listed = 0
        let total = Stopwatch.time {
            var token: String?
            repeat {
                var page: StorageListResult?
                pageTimes.append(Stopwatch.time { page = try? folder.list(maxResults: 1000, pageToken: token) })
                guard let page else {
                    print("list failed")
                    exit(1)
                }
                listed += page.items.count
                token = page.pageToken
            } while token != nil
        }
        pageTimes.sort()
        print("Listing \(count) objects 1,000 at a time (seeded in \(Stopwatch.format(seedTime))):")
        print(
            "  \(pageTimes.count) pages, \(listed) items in \(Stopwatch.format(total)); per page: median \(Stopwatch.format(pageTimes[pageTimes.count / 2])), "
                + "fastest \(Stopwatch.format(pageTimes[0])), slowest \(Stopwatch.format(pageTimes[pageTimes.count - 1]))"
        )
    }
}
