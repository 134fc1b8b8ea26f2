/// Field, index and range access, and the request's parts read as maps.
extension Evaluator {
    mutating func member(_ field: Field, of value: Value) throws(EvaluationError) -> Value {
        switch value {
        case .reference(let reference):
            if let result = try self.field(field, of: reference) { return result }
            throw EvaluationError("\(Self.name(of: reference)) has no field '\(field.name)'")
        case .map(let entries):
            guard let result = entries[field.name] else { throw EvaluationError("map has no key '\(field.name)'") }
            return result
        case .null:
            throw EvaluationError("null value has no field '\(field.name)'")
        default:
            throw EvaluationError("\(value.typeName) has no field '\(field.name)'")
        }
    }

    /// A field of the request, nil when it has no such field.
    private mutating func field(_ field: Field, of reference: RequestReference) throws(EvaluationError) -> Value? {
        switch reference {
        case .request:
            switch field.known {
            case .auth: return request.auth == nil ? .null : .reference(.auth)
            case .resource: return request.incoming == nil ? .null : .reference(.incoming)
            case .time: return .timestamp(Timestamp(request.time))
            case .path: return .path(requestPath)
            case .method: return .string(request.method.rawValue)
            case .params: return .map(request.params.mapValues { .string($0) })
            default: return nil
            }
        case .auth:
            guard let auth = request.auth else { return nil }
            switch field.known {
            case .uid: return .string(auth.uid)
            case .token:
                if let token { return token }
                let converted = Value.map(auth.token.mapValues(Value.init))
                token = converted
                return converted
            default: return nil
            }
        case .resource, .incoming:
            guard let object = reference == .resource ? request.resource : request.incoming,
                let value = object.fields[field.name]
            else { return nil }
            if reference == .incoming { incomingRead.insert(field.name) }
            return Value(value)
        }
    }

    /// `request.path`: `/b/BUCKET/o/NAME`.
    var requestPath: String { "/b/\(request.bucket)/o/\(request.path)" }

    private static func name(of reference: RequestReference) -> String {
        switch reference {
        case .request: "request"
        case .auth: "request.auth"
        case .resource: "resource"
        case .incoming: "request.resource"
        }
    }

    /// The value with a request part turned into the map it stands for.
    mutating func materialized(_ value: Value) -> Value {
        guard case .reference(let reference) = value else { return value }
        var entries: [String: Value] = [:]
        switch reference {
        case .request:
            for known in KnownField.ofRequest {
                if let field = try? field(Field(known.rawValue), of: .request) { entries[known.rawValue] = field }
            }
        case .auth:
            for known in KnownField.ofAuth {
                if let field = try? field(Field(known.rawValue), of: .auth) { entries[known.rawValue] = field }
            }
        case .resource, .incoming:
            guard let object = reference == .resource ? request.resource : request.incoming else { return .null }
            if reference == .incoming { incomingRead.formUnion(object.fields.keys) }
            for (name, value) in object.fields { entries[name] = Value(value) }
        }
        for (key, inner) in entries { entries[key] = materialized(inner) }
        return .map(entries)
    }

    mutating func index(_ value: Value, _ key: Value) throws(EvaluationError) -> Value {
        switch (materialized(value), key) {
        case (.list(let items), .int(let position)):
            guard position >= 0, position < items.count else {
                throw EvaluationError("index \(position) out of range for a list of \(items.count)")
            }
            return items[Int(position)]
        case (.map(let entries), .string(let name)):
            guard let result = entries[name] else { throw EvaluationError("map has no key '\(name)'") }
            return result
        case (.string(let text), .int(let position)):
            let scalars = Array(text.unicodeScalars)
            guard position >= 0, position < scalars.count else {
                throw EvaluationError("index \(position) out of range for a string of \(scalars.count)")
            }
            return .string(String(scalars[Int(position)]))
        case (.path(let text), .int(let position)):
            let segments = text.split(separator: "/", omittingEmptySubsequences: true)
            guard position >= 0, position < segments.count else {
                throw EvaluationError("index \(position) out of range for a path of \(segments.count)")
            }
            return .string(String(segments[Int(position)]))
        case (.null, _):
            throw EvaluationError("cannot index null")
        case (let base, _):
            throw EvaluationError("cannot index \(base.typeName) with \(key.typeName)")
        }
    }

    func slice(_ value: Value, _ start: Value?, _ end: Value?) throws(EvaluationError) -> Value {
        func bounds(_ count: Int) throws(EvaluationError) -> Range<Int> {
            var low = 0
            var high = count
            if let start {
                guard case .int(let number) = start else { throw EvaluationError("a range takes int bounds") }
                low = Int(clamping: number)
            }
            if let end {
                guard case .int(let number) = end else { throw EvaluationError("a range takes int bounds") }
                high = Int(clamping: number)
            }
            guard 0 <= low, low <= high, high <= count else {
                throw EvaluationError("range [\(low):\(high)] out of bounds for \(count)")
            }
            return low..<high
        }
        switch value {
        case .list(let items):
            return .list(Array(items[try bounds(items.count)]))
        case .string(let text):
            let scalars = Array(text.unicodeScalars)
            var result = String.UnicodeScalarView()
            result.append(contentsOf: scalars[try bounds(scalars.count)])
            return .string(String(result))
        default:
            throw EvaluationError("cannot take a range of \(value.typeName)")
        }
    }
}
