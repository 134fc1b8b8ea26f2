import Foundation
import Testing

/// `storage-conformance driver` reads the runner's numbers with their range checked: each message with a
/// number at an extreme is answered (an error naming the field when it is out of range), and the driver lives
/// on to the end (issue 25, arithmetic that cannot trap: driver messages).
@Suite("driver: numbers in messages") struct OwnDriverNumbersTests {
    static let extremes = [
        "0", "-1", "9007199254740993", "9223372036854775807", "18446744073709551616", "1e19", "1e999",
        String(repeating: "9", count: 400),
    ]

    @Test func everyMessageIsAnsweredAndTheDriverEndsCleanly() throws {
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        var lines = [
            #"{"id":1,"op":"hello","protocol":1}"#,
            #"{"id":2,"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","auth":null,"retry":null,"faults":[]}"#,
            #"{"id":3,"op":"ref","path":"a.txt"}"#,
        ]
        var id = 3
        var outOfRange: Set<Int> = []
        for number in Self.extremes {
            let messages = [
                #"{"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","retry":{"timeout":\#(number)}}"#,
                #"{"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","retry":{"upload":\#(number)}}"#,
                #"{"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","faults":[{"request":"chunk","nth":\#(number),"status":503}]}"#,
                #"{"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","faults":[{"request":"chunk","dropRequest":\#(number)}]}"#,
                #"{"op":"begin","target":"http://127.0.0.1:9","bucket":"bkt","faults":[{"request":"chunk","stall":\#(number)}]}"#,
                #"{"op":"put","ref":"r1","task":"t\#(id)","data":"aGk=","chunkSize":\#(number)}"#,
                #"{"op":"getData","ref":"r1","task":"g\#(id)","maxSize":\#(number)}"#,
            ]
            for message in messages {
                id += 1
                lines.append("{\"id\":\(id)," + message.dropFirst())
                // Of these numbers only 0 is in range, and not as a count (nth) or a chunk size; a chunk size or a
                // download's limit may be as large as an Int64.
                let limit = message.contains("chunkSize") || message.contains("maxSize")
                let inRange =
                    limit
                    ? ["9007199254740993", "9223372036854775807"].contains(number)
                        || number == "0" && message.contains("maxSize")
                    : number == "0" && !message.contains("nth")
                if !inRange { outOfRange.insert(id) }
            }
        }
        lines.append(#"{"op":"end"}"#)

        let process = Process()
        process.executableURL = binary
        process.arguments = ["driver"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let answers = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        var answered: [Int: Bool] = [:]
        for line in answers.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let number = object["id"] as? Int, let ok = object["ok"] as? Bool
            else { continue }
            answered[number] = ok
        }
        #expect(answered.count == id, "\(id - answered.count) messages were not answered")
        for number in outOfRange { #expect(answered[number] == false, "message \(number): \(lines[number - 1])") }
    }
}
