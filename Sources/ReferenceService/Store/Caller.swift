import StorageAPI

/// Who makes a request, as the rules see it.
enum Caller: Sendable, Equatable {
    case signedOut
    case signedIn(uid: String)

    /// Reads the caller's raw ID token: nil is signed out; a token that cannot be read is 401.
    init(auth: String?) throws(BackendError) {
        guard let auth else {
            self = .signedOut
            return
        }
        guard let uid = IDToken.uid(from: auth) else {
            throw .unauthenticated("Invalid authentication token: it is not a readable Firebase ID token.")
        }
        self = .signedIn(uid: uid)
    }

    /// The signed-in user's uid; nil when signed out.
    var uid: String? {
        if case .signedIn(let uid) = self { return uid }
        return nil
    }
}
