import Foundation
import Primitives
import ReferenceService
import StorageSDK

/// In-process transfers and listing through the client and the reference service.
enum ModelBenchmark {
    static func run() {
        let md5Rate = hashRates()
        print("In-process transfers (client putData/getData with 256 KiB chunks + ReferenceBackend), best of N:")
        print("  size        N   upload MB/s   ÷ MD5   download MB/s")
        for (label, size) in [
            ("1 KiB", 1 << 10), ("64 KiB", 64 << 10), ("1 MiB", 1 << 20), ("16 MiB", 16 << 20),
            ("256 MiB", 256 << 20), ("1 GiB", 1 << 30),
        ] {
            transfers(label, size: size, md5Rate: md5Rate)
        }
        listing()
    }

    /// MB/s of MD5 and CRC32C over 256 MiB on one core; returns the MD5 rate.
    private static func hashRates() -> Double {
        let data = pattern(256 << 20)
        let md5 = Stopwatch.best(of: 3) { _ = MD5.digest(of: data) }.best
        let crc = Stopwatch.best(of: 3) { _ = CRC32C.checksum(of: data) }.best
        let md5Rate = Double(data.count) / md5 / 1e6
        print(
            String(
                format:
                    "Hashing 256 MiB on one core (the service computes both on upload): MD5 %.0f MB/s, CRC32C %.0f MB/s",
                md5Rate, Double(data.count) / crc / 1e6))
        return md5Rate
    }

    /// Uploads and downloads `size` bytes as many times as move 1 GiB (3 at least, 64 at most); prints the best.
    private static func transfers(_ label: String, size: Int, md5Rate: Double) {
        let data = pattern(size)
        let rounds = min(64, max(3, (1 << 30) / size))
        let backend = ReferenceBackend()
        let reference = Storage(bucket: "bench", backend: backend).reference(withPath: "bench/object.bin")
        var upload = Double.infinity
        var download = Double.infinity
        for _ in 0..<rounds {
            var task: StorageUploadTask?
            upload = min(upload, Stopwatch.time { task = reference.putData(data).waited() })
            guard case .success? = task?.result else {
                print("upload failed: \(String(describing: task?.result))")
                exit(1)
            }
            var downloaded = Data()
            download = min(
                download,
                Stopwatch.time {
                    if case .success(let bytes)? = reference.getData(maxSize: Int64(size)).waited().dataResult {
                        downloaded = bytes
                    }
                })
            guard downloaded == data else {
                print("download returned other bytes")
                exit(1)
            }
        }
        let uploadRate = Double(size) / upload / 1e6
        let figures = String(
            format: "%4d %13.0f %7.2fx %15.0f", rounds, uploadRate, uploadRate / md5Rate, Double(size) / download / 1e6)
        print("  " + label.padding(toLength: 9, withPad: " ", startingAt: 0) + figures)
    }

    private static func pattern(_ size: Int) -> Data {
        Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
    }

    private static func listing() {
        let count = 100_000
        let backend = ReferenceBackend()
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

extension StorageObservableTask {
    /// Waits for the task to end; returns it.
    fileprivate func waited() -> Self {
        _ = wait()
        return self
    }
}
