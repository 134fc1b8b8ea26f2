import Dispatch
import Foundation
import Primitives
import StorageAPI

/// An MD5 kept up on a serial queue of its own, behind the thread that receives the bytes (`UploadHasher`).
///
/// The queue reads only `Data` it holds: bytes handed over as they are, or blocks this lends to the receiver
/// to fill and takes back. A lent block comes back to the spares once hashed, so the receiver fills it again
/// without a copy; nothing a caller does with its own memory can reach the queue's reads.
final class BackgroundMD5: Sendable {
    fileprivate enum Work {
        /// Hash the first `count` bytes; `lent`: a block to keep for filling again afterwards.
        case hash(Data, count: Int, lent: Bool)
        /// A chunk starts here: what `abandonChunk()` goes back to.
        case chunkStart
        /// Nothing: what is left where work was taken out.
        case done
    }

    fileprivate struct State {
        var md5 = MD5()
        var md5AtChunkStart = MD5()
        /// Work handed over and not done, oldest first from `head`.
        var work: [Work] = []
        var head = 0
        /// Blocks hashed and waiting to be filled again, kept while a chunk arrives.
        var spare: [Data] = []
        var keepsSpares = false
        /// Made on the first block large enough to hash behind.
        var queue: DispatchQueue?

        /// Blocks handed over and not hashed yet (chunk starts take no room).
        var blocksWaiting = 0

        var pending: Int { work.count - head }

        /// Forgets the oldest work (done now), and its reference to a block.
        mutating func dropOldest() {
            guard head < work.count else { return }
            if case .hash = work[head] { blocksWaiting -= 1 }
            work[head] = .done
            head += 1
            if head == work.count {
                work.removeAll(keepingCapacity: true)
                head = 0
            }
        }
    }

    private let state: Locked<State>
    private let depth: Int
    private let blockSize: Int

    /// Blocks shorter than this are hashed on the caller's thread: handing them over costs more than it saves.
    static let backgroundThreshold = 64 * 1024

    /// Room for `depth` blocks waiting to be hashed; lent blocks hold `blockSize` bytes. Made while a chunk
    /// arrives, going on from `md5` (and `atChunkStart` for `abandonChunk()`).
    init(depth: Int, blockSize: Int, from md5: MD5, atChunkStart: MD5) {
        self.depth = max(1, depth)
        self.blockSize = blockSize
        state = Locked(State(md5: md5, md5AtChunkStart: atChunkStart, keepsSpares: true))
    }

    /// A block to fill with `count` bytes (`blockSize` at most): a spare large enough, or a new one, no larger
    /// than needed.
    func borrowBlock(holding count: Int) throws(BackendError) -> Data {
        let size = min(max(count, 1), blockSize)
        let spare = state.withLock { state in
            state.spare.removeAll { $0.count < size }  // blocks only grow while a chunk arrives
            return state.spare.popLast()
        }
        if let spare { return spare }
        guard let bytes = malloc(size) else { throw MemoryStaging.outOfMemory }
        return Data(bytesNoCopy: bytes, count: size, deallocator: .free)
    }

    /// Hashes `bytes`, now or queued.
    func hash(_ bytes: Data) {
        var work = Work.hash(bytes, count: bytes.count, lent: false)
        submit(&work)
    }

    /// Hashes the first `count` bytes of a lent block, now or queued; takes the block (`block` is empty after).
    func hash(lent block: inout Data, count: Int) {
        var work = Work.hash(block, count: count, lent: true)
        block = Data()
        submit(&work)
    }

    /// Notes where a chunk starts, once what was handed over before it is hashed; keeps lent blocks until
    /// `endChunk()`.
    func beginChunk() {
        let behind = state.withLock { state -> DispatchQueue? in
            state.keepsSpares = true
            guard state.pending > 0, let queue = state.queue else {
                state.md5AtChunkStart = state.md5
                return nil
            }
            state.work.append(.chunkStart)
            return queue
        }
        behind?.async { [self] in doNext() }
    }

    /// Lets go of the spare blocks; blocks still queued go once hashed.
    func endChunk() {
        state.withLock { state in
            state.keepsSpares = false
            state.spare.removeAll()
        }
    }

    /// Takes the chunk begun last back out of the MD5, once hashed up to there.
    func abandonChunk() {
        whenSettled { $0.md5 = $0.md5AtChunkStart }
    }

    /// The MD5 of everything handed over, once hashed.
    func settled() -> MD5 {
        whenSettled { $0.md5 }
    }

    /// Queues a large block, waiting while `depth` blocks wait already; hashes a small one now, once the queue
    /// has caught up. Takes the work's block (`work` holds none after).
    private func submit(_ work: inout Work) {
        guard case .hash(_, let count, _) = work, count >= Self.backgroundThreshold else {
            whenSettled { state in
                state.perform(work)
                work = .done
            }
            return
        }
        let queue = state.wait(until: .distantFuture, for: { $0.blocksWaiting < depth }) { state, _ in
            state.work.append(work)
            state.blocksWaiting += 1
            work = .done
            let queue = state.queue ?? DispatchQueue(label: "storage.upload-md5")
            state.queue = queue
            return queue
        }
        queue.async { [self] in doNext() }
    }

    /// Runs `body` once every piece of work handed over is done.
    private func whenSettled<Result>(_ body: (inout State) -> Result) -> Result {
        state.wait(until: .distantFuture, for: { $0.pending == 0 }) { state, _ in body(&state) }
    }

    /// On the queue: does the oldest work, with the lock released while a block is hashed.
    private func doNext() {
        guard var (work, md5) = state.withLock({ $0.pending > 0 ? ($0.work[$0.head], $0.md5) : nil }) else { return }
        if case .hash(let block, let count, _) = work {
            block.withUnsafeBytes { md5.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        state.withCondition { state, waiting in
            state.md5 = md5
            state.dropOldest()
            state.finish(work)
            work = .done
            waiting.broadcast()
        }
    }
}

extension BackgroundMD5.State {
    /// Does `work` here and now (the queue having caught up).
    fileprivate mutating func perform(_ work: BackgroundMD5.Work) {
        if case .hash(let block, let count, _) = work {
            block.withUnsafeBytes { md5.update(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        finish(work)
    }

    /// After `work` was done: a chunk's start is noted, a lent block kept to be filled again.
    fileprivate mutating func finish(_ work: BackgroundMD5.Work) {
        switch work {
        case .chunkStart: md5AtChunkStart = md5
        case .hash(let block, _, let lent): if lent, keepsSpares { spare.append(block) }
        case .done: break
        }
    }
}
