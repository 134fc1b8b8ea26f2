import Primitives
import StorageAPI

extension WireObject {
    /// The object's metadata as `style` reads it (`ObjectFieldStyle.read`): absent fields are blank, a
    /// problem is this body's failure.
    package func objectResource(_ style: ObjectFieldStyle) throws(BackendError) -> ObjectResource {
        var resource = ObjectResource.blank
        do {
            _ = try style.read(.object(members), into: &resource)
        } catch {
            throw failure(error)
        }
        return resource
    }

    /// `"size" in the object metadata must be an integer, not a string.`
    package func failure(_ problem: ObjectFieldProblem) -> BackendError {
        let key = "\"\(problem.key)\""
        let place = problem.entry.map { "\"\($0)\" in \(key) of \(what)" } ?? "\(key) in \(what)"
        switch problem.reason {
        case .missing: return side.failure("\(Self.capitalized(what)) has no \(key).")
        case .wrongType(let expected, let found): return side.failure("\(place) must be \(expected), not \(found).")
        case .invalid(let expected, let found): return side.failure("\(place) is not \(expected): \(found)")
        }
    }
}
