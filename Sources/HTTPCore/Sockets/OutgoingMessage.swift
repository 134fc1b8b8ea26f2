import Foundation
import Primitives

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

    init(head: [UInt8], body: Data = Data(), file: FileRegion? = nil) {
        self.head = head
        self.body = body
        self.file = file
        byteCount = head.count + body.count + Int(file?.length ?? 0)
    }

    var isComplete: Bool {
        headSent == head.count && bodySent == body.count && fileSent == (file?.length ?? 0)
    }

    /// Sends what is left: all of it when `waiting` (each wait for room bounded by the socket's write timeout),
    /// else what the socket takes now. Returns whether the message went out whole.
    mutating func send(on socket: ConnectionSocket, waiting: Bool) throws(ConnectionError) -> Bool {
        while !isComplete {
            let progressed = try sendSome(on: socket)
            if !progressed {
                guard waiting else { return false }
                try socket.awaitWritable()
            }
        }
        return true
    }

    private mutating func sendSome(on socket: ConnectionSocket) throws(ConnectionError) -> Bool {
        if headSent < head.count || bodySent < body.count {
            let attempt = head.withUnsafeBytes { headBytes in
                body.withUnsafeBytes { bodyBytes in
                    Result { () throws(ConnectionError) -> Int in
                        try socket.sendAvailable(
                            UnsafeRawBufferPointer(rebasing: headBytes[headSent...]),
                            UnsafeRawBufferPointer(rebasing: bodyBytes[bodySent...]), more: file != nil)
                    }
                }
            }
            let sent = try attempt.get()
            let fromHead = min(sent, head.count - headSent)
            headSent += fromHead
            bodySent += sent - fromHead
            return sent > 0
        }
        guard let file, fileSent < file.length else { return false }
        let sent = try socket.sendFileAvailable(
            file.file.descriptor, offset: file.offset + fileSent, length: file.length - fileSent)
        fileSent += sent
        return sent > 0
    }
}
