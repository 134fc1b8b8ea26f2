import Foundation
import Primitives
import StorageAPI

/// A list page as v0 JSON: `{"prefixes":[…],"items":[{"name":…,"bucket":…}],"nextPageToken":…}`.
package enum ListPageJSON {
    /// Both arrays always present; the token only when there is a next page.
    package static func encode(_ page: ListPage, bucket: String) -> Data {
        var members: [JSONValue.Member] = [
            .init("prefixes", .array(page.prefixes.map(JSONValue.string))),
            .init(
                "items",
                .array(page.items.map { .object([.init("name", .string($0)), .init("bucket", .string(bucket))]) })),
        ]
        if let token = page.nextPageToken { members.append(.init("nextPageToken", .string(token))) }
        return JSONValue.object(members).data
    }

    /// Reads a service's page tolerantly: absent arrays are empty, an item's other keys are ignored,
    /// an empty token means no next page.
    package static func decode(_ data: Data) throws(BackendError) -> ListPage {
        let object = try WireObject(parsing: data, what: "the list page", side: .response)
        var page = ListPage()
        for element in try object.optionalArray("prefixes") ?? [] {
            guard case .string(let prefix) = element else {
                throw object.wrongType("prefixes", element, expected: "a list of strings")
            }
            page.prefixes.append(prefix)
        }
        for element in try object.optionalArray("items") ?? [] {
            let item = try WireObject(element, what: "an item of the list page", side: .response)
            page.items.append(try item.requiredString("name"))
        }
        if let token = try object.optionalString("nextPageToken"), !token.isEmpty {
            page.nextPageToken = token
        }
        return page
    }
}
