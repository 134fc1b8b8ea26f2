import Drivers
import Foundation
import Primitives
import StorageSDK

/// The driver's answers that only read its state through `client()`, `known(_:)` and `remember(_:)`: making
/// references, the one-shot operations and the members of a task's event.
extension OwnDriver {
    func reference(_ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let client = try client()
        let made: ClientReference?
        if let path = message["path"]?.stringValue {
            made = client.reference(path: path)
        } else if let url = message["url"]?.stringValue {
            switch client.reference(url: url) {
            case .success(let reference): made = reference
            case .failure(let error): return .failure(error)
            }
        } else if message["root"] != nil {
            made = client.root()
        } else {
            let from = try known(try DriverWire.string(message, "from"))
            let link: ClientLink
            switch message["link"] {
            case .string("parent")?: link = .parent
            case .string("root")?: link = .root
            case let value?:
                guard let child = value["child"]?.stringValue else { throw DriverWire.Problem(description: "ref.link") }
                link = .child(child)
            case nil: throw DriverWire.Problem(description: "ref: no path, url, root or from")
            }
            made = client.follow(link, from: LocalClient.wrap(from))
        }
        guard let made, case .local(let own) = made.handle else { return .success([.init("ref", .null)]) }
        return .success([.init("ref", remember(own))])
    }

    func operation(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let client = try client()
        let reference = LocalClient.wrap(try known(try DriverWire.string(message, "ref")))
        switch op {
        case "getMetadata":
            return client.getMetadata(reference).map { [.init("metadata", DriverWire.metadata($0))] }
        case "updateMetadata":
            let patch = try DriverWire.patch(message["patch"] ?? .null)
            return client.updateMetadata(reference, patch).map { [.init("metadata", DriverWire.metadata($0))] }
        case "delete":
            return client.delete(reference).map { [] }
        case "downloadURL":
            return client.downloadURL(reference).map { [.init("url", .string($0.absoluteString))] }
        case "list":
            let token = message["pageToken"]?.stringValue
            return client.list(reference, maxResults: message["maxResults"]?.integerValue ?? 1000, pageToken: token)
                .map(page)
        default:
            return client.listAll(reference).map(page)
        }
    }

    private func page(_ page: ClientPage) -> [JSONValue.Member] {
        func references(_ list: [ClientReference]) -> JSONValue {
            .array(list.compactMap { if case .local(let own) = $0.handle { remember(own) } else { nil } })
        }
        return [
            .init("prefixes", references(page.prefixes)), .init("items", references(page.items)),
            .init("pageToken", page.pageToken.map { .string($0) } ?? .null),
        ]
    }

    static func eventMembers(_ event: ClientTaskEvent, task: String) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [
            .init("event", .string(event.status.description)), .init("task", .string(task)),
            .init("completed", .number(String(event.progress.completedUnitCount))),
            .init("total", .number(String(event.progress.totalUnitCount))),
        ]
        if let error = event.error { members.append(.init("error", DriverWire.error(error))) }
        return members
    }
}
