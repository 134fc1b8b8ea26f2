/// The verbs of the language, with the keys each step accepts next to its verb.
enum Verb: String, CaseIterable {
    case ref, put, getData, write, pause, resume, cancel, await, observe, removeObserver, removeAllObservers
    case downloadURL, list, listAll, getMetadata, updateMetadata, delete, fault

    static let names = allCases.map(\.rawValue)

    /// The keys a step with this verb may have besides the verb.
    var stepKeys: [String] {
        switch self {
        case .ref, .listAll, .getMetadata, .downloadURL: ["as", "expect"]
        case .put: ["data", "file", "metadata", "chunkSize", "as", "expect"]
        case .getData: ["maxSize", "as", "expect"]
        case .write: ["toFile", "as", "expect"]
        case .pause, .resume, .cancel: ["when"]
        case .await: ["expect"]
        case .observe: ["as"]
        case .removeObserver, .removeAllObservers, .fault: []
        case .list: ["maxResults", "pageToken", "as", "expect"]
        case .updateMetadata: ["metadata", "as", "expect"]
        case .delete: ["expect"]
        }
    }

    /// What `expect:` is about (an await's direction is that of its task, known once names are resolved);
    /// nil for the verbs that take no `expect:`.
    var expectationSubject: ExpectationSubject? {
        switch self {
        case .ref: .reference
        case .put: .transfer(.upload)
        case .getData, .write: .transfer(.download)
        case .await: .transfer(nil)
        case .downloadURL: .downloadURL
        case .list, .listAll: .list
        case .getMetadata, .updateMetadata: .metadata
        case .delete: .outcome
        case .pause, .resume, .cancel, .observe, .removeObserver, .removeAllObservers, .fault: nil
        }
    }

    /// What `as:` names, for the verbs that produce something.
    var product: NameScope.Kind? {
        switch self {
        case .ref: .reference
        case .put: .task(.upload)
        case .getData, .write: .task(.download)
        case .downloadURL: .string
        case .list, .listAll: .page
        case .getMetadata, .updateMetadata: .metadata
        case .observe: .observer
        case .pause, .resume, .cancel, .await, .removeObserver, .removeAllObservers, .delete, .fault: nil
        }
    }

    /// Why `key` is not accepted here, when a better reason than a spelling suggestion exists.
    func explainRejected(_ key: String) -> String? {
        switch key {
        case "as": "\(rawValue) produces nothing to name"
        case "when": "when: is only for pause, resume and cancel"
        case "expect": "\(rawValue) takes no expect:"
        case _ where Verb(rawValue: key) != nil: "one verb per step: start another step with -"
        default: nil
        }
    }
}
