import Foundation
import StorageWire
import Testing

@Suite struct ErrorBodyJSONTests {
    @Test func v0ErrorsHaveTheFirebaseShape() throws {
        let response = ErrorBodyJSON.response(status: 404, message: "Not \"found\"\n")
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 404)
        #expect(error["message"] as? String == "Not \"found\"\n")
    }
}
