import Foundation
import Primitives
import StorageAPI
import Testing

/// The two outside grammars of faults, storage-testbench's instructions and JSON, read exactly, with every
/// number range-checked: extremes are refused, never trapped on.
@Suite struct FaultGrammarTests {
    @Test(arguments: [
        ("return-503", RequestFault.Action.status(503, retryAfter: nil)),
        ("return-reset-connection", .reset),
        ("return-broken-stream", .dropResponse(afterBytes: 4)),
        ("return-broken-stream-after-2K", .dropResponse(afterBytes: 2048)),
        ("return-503-after-256K", .statusAfterRequestBytes(503, afterBytes: 262_144)),
        ("stall-for-1.5s-after-1K", .stall(seconds: 1.5, afterBytes: 1024)),
        ("return-200-after-5368709120K", .statusAfterRequestBytes(200, afterBytes: 5 << 40)),
    ])
    func testbenchInstructionsRead(_ text: String, _ action: RequestFault.Action) {
        #expect(RequestFault.Action(testbenchInstruction: text) == action)
    }

    @Test(arguments: [
        "return-broken-stream-after-9007199254740993K", "return-503-after-9223372036854775807K",
        "return-503-after-18446744073709551616K", "return-503-after-5368709121K", "return-503-after--1K",
        "return-503-after-+1K", "return-99", "return-600", "return-9223372036854775808", "stall-for-infs-after-1K",
        "stall-for-nans-after-1K", "stall-for-1e400s-after-1K", "stall-for--1s-after-0K", "stall-for-61s-after-0K",
        "stall-for-1s-after-10000000000000000000K", "return-503-after-" + String(repeating: "9", count: 400) + "K",
        "return-1-", "return--503", "",
    ])
    func testbenchExtremesAreRefused(_ text: String) {
        #expect(RequestFault.Action(testbenchInstruction: text) == nil)
    }

    @Test func jsonRoundTripsEveryAction() throws {
        let faults: [RequestFault] = [
            RequestFault(kind: .chunk, occurrence: .nth(2), action: .status(503, retryAfter: 1.5, body: "busy")),
            RequestFault(kind: .chunk, occurrence: .first(3), action: .statusAfterRequestBytes(503, afterBytes: 10)),
            RequestFault(kind: .download, occurrence: .every, action: .reset),
            RequestFault(kind: .update, occurrence: .nth(1), action: .answerLost),
            RequestFault(kind: .query, occurrence: .nth(1), action: .misreport(receivedBytes: 7)),
            RequestFault(kind: .download, occurrence: .nth(1), action: .corrupt),
            RequestFault(kind: .finalize, occurrence: .nth(1), action: .dropRequest(afterBytes: 4)),
            RequestFault(kind: .download, occurrence: .nth(1), action: .dropResponse(afterBytes: 9)),
            RequestFault(kind: .download, occurrence: .nth(1), action: .dropResponse(afterBytes: nil)),
            RequestFault(kind: .list, occurrence: .nth(1), action: .stall(seconds: 2, afterBytes: 3)),
            RequestFault(target: .operation("storage.objects.get"), occurrence: .nth(1), action: .reset),
        ]
        let json = JSONValue.array(faults.map(RequestFaultJSON.encode))
        let read = try RequestFaultJSON.decodeList(try JSONParser.parse(json.data))
        #expect(read == faults)
    }

    @Test(arguments: [
        #"{"request":"list","nth":0,"reset":true}"#, #"{"request":"list","nth":-1,"reset":true}"#,
        #"{"request":"list","nth":9007199254740993,"reset":true}"#,
        #"{"request":"list","first":9223372036854775807,"reset":true}"#,
        #"{"request":"list","nth":18446744073709551616,"reset":true}"#, #"{"request":"list","nth":1e19,"reset":true}"#,
        #"{"request":"chunk","dropRequest":9223372036854775807}"#, #"{"request":"download","dropResponse":-1}"#,
        #"{"request":"list","stall":1e19}"#, #"{"request":"list","stall":-1}"#, #"{"request":"list","status":99}"#,
        #"{"request":"list","status":503,"retryAfter":1e400}"#, #"{"request":"nothing","reset":true}"#,
        #"{"request":"list"}"#, #"{"nth":1,"reset":true}"#, #"[]"#,
    ])
    func jsonExtremesAreRefusedWithTheField(_ text: String) throws {
        let value = try JSONParser.parse(Data(text.utf8))
        #expect(throws: RequestFaultJSON.Problem.self) { try RequestFaultJSON.decode(value) }
    }
}
