import HTTPCore
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCaseAndReturnsTheFirstValue() {
        let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1", "x-a": "2"]
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["CONTENT-TYPE"] == "text/plain")
        #expect(headers["X-A"] == "1")
        #expect(headers.values(for: "x-A") == ["1", "2"])
        #expect(headers["missing"] == nil)
        #expect(headers.values(for: "missing").isEmpty)
    }

    @Test func keepsOrderAndDuplicates() {
        var headers = HTTPHeaders()
        headers.add(name: "B", value: "1")
        headers.add(name: "A", value: "2")
        headers.add(name: "b", value: "3")
        #expect(headers.map(\.name) == ["B", "A", "b"])
        #expect(headers.map(\.value) == ["1", "2", "3"])
        #expect(headers.count == 3)
    }

    @Test func setReplacesAllFieldsOfThatNameAtTheFirstPosition() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers.set(name: "a", value: "x")
        #expect(headers.map(\.name) == ["a", "B"])
        #expect(headers.values(for: "A") == ["x"])
        headers.set(name: "C", value: "new")
        #expect(headers.map(\.name) == ["a", "B", "C"])
    }

    @Test func subscriptSetsAndRemoves() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        headers["A"] = "9"
        #expect(headers.values(for: "a") == ["9"])
        headers["a"] = nil
        #expect(!headers.contains(name: "A"))
        #expect(headers.count == 1)
    }

    @Test func removeDeletesEveryMatchingField() {
        var headers: HTTPHeaders = ["Set-Cookie": "a", "Other": "b", "set-cookie": "c"]
        headers.remove(name: "SET-COOKIE")
        #expect(headers.map(\.name) == ["Other"])
        #expect(!headers.isEmpty)
    }

    @Test func namesOfDifferentLengthOrLettersDoNotMatch() {
        let headers: HTTPHeaders = ["Content-Type": "a"]
        #expect(headers["Content-Typ"] == nil)
        #expect(headers["Content_Type"] == nil)
        #expect(headers == ["Content-Type": "a"])
        #expect(headers != ["content-type": "a"])
    }
}
