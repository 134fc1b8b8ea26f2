import Foundation
import StorageModel

/// A serialized message on its way out, a server's response or the client's request: the head (with a small body
/// after it), then a large body from memory or a file region, and how much of each has been sent. An event loop
/// sends what the socket takes at once and hands the rest to a thread, which waits for room.
struct OutgoingMessage {
    private let head: [UInt8]
    private let body: Data
    private let file: FileRegion?
    private var headSent = 0
    private var bodySent = 0
    private var fileSent: Int64 = 0

    /// Every byte of the message, head included.
    let byteCount: Int
    /// The bytes before the body (the status line and fields), when the body follows in `head` too.
    let headByteCount: Int

    /// `inlineBodyCount`: how many of the last bytes of `head` are the body.
    init(head: [UInt8], inlineBodyCount: Int = 0, body: Data = Data(), file: FileRegion? = nil) {
        self.head = head
        self.body = body
        self.file = file
        byteCount = head.count + body.count + Int(file?.length ?? 0)
        headByteCount = head.count - inlineBodyCount
    }

    /// The bytes sent so far.
    var sentCount: Int { headSent + bodySent + Int(fileSent) }

    var isComplete: Bool {
        headSent == head.count && bodySent == body.count && fileSent == (file?.length ?? 0)
    }

    /// Sends what is left: all of it when `waiting` (each wait for room bounded by the socket's write timeout),
    /// else what the socket takes now. Returns whether the message went out whole.
    mutating func send(on socket: ConnectionSocket, waiting: Bool) throws(ConnectionError) -> Bool {
        try send(on: socket, waiting: waiting, upTo: byteCount)
        return isComplete
    }

    /// Sends until `limit` bytes of the message are out (or all of them), waiting for room when `waiting`; a
    /// body from memory or a file is sent from where it is, never copied whole. Returns whether the limit was
    /// reached.
    @discardableResult
    mutating func send(on socket: ConnectionSocket, waiting: Bool, upTo limit: Int) throws(ConnectionError) -> Bool {
        let limit = min(max(limit, 0), byteCount)
        while sentCount < limit {
            let progressed = try sendSome(on: socket, limit: limit - sentCount)
            if !progressed {
                guard waiting else { return false }
                try socket.awaitWritable()
            }
        }
        return true
    }

    /// Sends at most `allowed` bytes of what is left, as much as the socket takes now.
    private mutating func sendSome(on socket: ConnectionSocket, limit allowed: Int) throws(ConnectionError) -> Bool {
        if headSent < head.count || bodySent < body.count {
            let fromHead = min(head.count - headSent, allowed)
            let fromBody = min(body.count - bodySent, allowed - fromHead)
            let attempt = head.withUnsafeBytes { headBytes in
                body.withUnsafeBytes { bodyBytes in
                    Result { () throws(ConnectionError) -> Int in
                        try socket.sendAvailable(
                            UnsafeRawBufferPointer(rebasing: headBytes[headSent..<(headSent + fromHead)]),
                            UnsafeRawBufferPointer(rebasing: bodyBytes[bodySent..<(bodySent + fromBody)]),
                            more: file != nil && fromHead + fromBody < allowed)
                    }
                }
            }
            let sent = try attempt.get()
            let sentOfHead = min(sent, fromHead)
            headSent += sentOfHead
            bodySent += sent - sentOfHead
            return sent > 0
        }
        guard let file, fileSent < file.length else { return false }
        let sent = try socket.sendFileAvailable(
            file.file.descriptor, offset: file.offset + fileSent, length: min(file.length - fileSent, Int64(allowed)))
        fileSent += sent
        return sent > 0
    }
}
