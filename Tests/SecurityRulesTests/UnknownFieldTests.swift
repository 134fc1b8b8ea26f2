import Primitives
import SecurityRules
import Testing

/// `RulesProgram.unknownFields`: reads of a field the request, the user or an object does not have.
@Suite struct UnknownFieldTests {
    /// The object fields these tests give the check (the service gives its field table's).
    private static let objectFields = ["name", "size", "contentType", "metadata", "timeCreated"]

    /// The errors for `body` inside `match /b/{bucket}/o`, as `LINE:COLUMN: message` (line 1 is `body`'s first).
    private func errors(_ body: String) throws -> [String] {
        try Rules.v2(body).unknownFields(objectFields: Self.objectFields).map {
            "\($0.location.line - 3):\($0.location.column): \($0.message)"
        }
    }

    @Test func aMisspeltFieldOfEachPartIsAnErrorWithTheClosestName() throws {
        let found = try errors(
            """
            match /{name} {
              allow read: if resource.metdata.owner == request.auht.uid;
              allow write: if request.resource.contnetType == 'a' && request.auth.ui == 'u';
            }
            """)
        #expect(
            found == [
                "2:27: unknown field 'metdata' of resource; did you mean 'metadata'?",
                "2:52: unknown field 'auht' of request; did you mean 'auth'?",
                "3:36: unknown field 'contnetType' of request.resource; did you mean 'contentType'?",
                "3:71: unknown field 'ui' of request.auth; did you mean 'uid'?",
            ])
    }

    @Test func aFieldNothingIsCloseToListsTheFields() throws {
        let found = try errors("match /{name} { allow read: if resource.owner == 'a' && request.query.a == 1; }")
        #expect(
            found == [
                "1:41: unknown field 'owner' of resource (its fields: name, size, contentType, metadata, timeCreated)",
                "1:65: unknown field 'query' of request (its fields: auth, resource, time, path, method, params)",
            ])
    }

    /// A constant string in brackets names a field as a dot does; a computed key and the free maps are left alone.
    @Test func aBracketedFieldNameIsCheckedLikeADottedOne() throws {
        let found = try errors(
            """
            match /{name} {
              allow read: if request.resource['sise'] < 10 && resource['metadata'].a == 'b' && request['auht'] != null;
              allow write: if request['resource']['contnetType'] == 'a' && resource[name] == 1 && request.params['x'] == 'y';
            }
            """)
        #expect(
            found == [
                "2:34: unknown field 'sise' of request.resource; did you mean 'size'?",
                "2:91: unknown field 'auht' of request; did you mean 'auth'?",
                "3:38: unknown field 'contnetType' of request.resource; did you mean 'contentType'?",
            ])
    }

    @Test func everyFieldTheEvaluatorReadsIsKnown() throws {
        let reads =
            RulesRequest.fieldNames.map { "request.\($0)" } + RulesAuth.fieldNames.map { "request.auth.\($0)" }
            + Self.objectFields.flatMap { ["resource.\($0)", "request.resource.\($0)"] }
        let found = try errors(
            "match /{name} { allow read: if " + reads.map { "\($0) != 1" }.joined(separator: " && ") + "; }")
        #expect(found == [])
        #expect(Set(RulesRequest.fieldNames) == ["auth", "resource", "time", "path", "method", "params"])
        #expect(Set(RulesAuth.fieldNames) == ["uid", "token"])
    }

    /// The table the check reads is the one the evaluator reads: each name it accepts is a field, and a name it
    /// refuses is an error that denies.
    @Test func theFieldNamesAreTheEvaluatorsFields() throws {
        for name in RulesRequest.fieldNames {
            let program = try Rules.v2("match /{name} { allow read: if request.\(name) != 12345; }")
            let decision = program.decide(Rules.request(.get, "a", uid: "u"))
            #expect(decision.allowed, "request.\(name): \(decision.explanation)")
        }
        for name in RulesAuth.fieldNames {
            let program = try Rules.v2("match /{name} { allow read: if request.auth.\(name) != 12345; }")
            let decision = program.decide(Rules.request(.get, "a", uid: "u"))
            #expect(decision.allowed, "request.auth.\(name): \(decision.explanation)")
        }
        let unknown = try Rules.v2("match /{name} { allow read: if request.nothing != 12345; }")
        #expect(!unknown.decide(Rules.request(.get, "a", uid: "u")).allowed)
        #expect(unknown.unknownFields(objectFields: []).count == 1)
    }

    @Test func keysBelowAMapOrAFieldAreNotChecked() throws {
        let found = try errors(
            """
            match /{name} {
              allow read: if resource.metadata.anyKey == request.auth.token.email
                && request.auth.token.firebase.sign_in_provider == 'x'
                && request.resource.metadata['free'] == resource.name.size()
                && request.time.year() > 2000 && request.path[3] == 'o';
            }
            """)
        #expect(found == [])
    }

    /// A parameter, `let` or path variable named `request` or `resource` is not the request.
    @Test func aNameThatHidesRequestOrResourceIsNotChecked() throws {
        let found = try errors(
            """
            function f(request, resource) { return request.anything == resource.whatever; }
            function g(x) { let request = {'a': x}; let resource = request; return request.a == resource.a; }
            match /{resource}/{request=**} {
              allow read: if f(1, 2) && g(3) && resource.size() > 0 && request.size() > 0 && resource.x != request.y;
            }
            """)
        #expect(found == [])
    }

    @Test func functionBodiesAndNestedExpressionsAreChecked() throws {
        let found = try errors(
            """
            function f() { let x = [resource.sise]; return x[0] == {'k': request.tme}['k']; }
            match /{name} {
              allow read: if f() && (request.auth == null ? resource.nme : 'a') in ['a'] && !request.mehtod.matches('g.*');
            }
            """)
        #expect(
            found == [
                "1:34: unknown field 'sise' of resource; did you mean 'size'?",
                "1:70: unknown field 'tme' of request; did you mean 'time'?",
                "3:58: unknown field 'nme' of resource; did you mean 'name'?",
                "3:90: unknown field 'mehtod' of request; did you mean 'method'?",
            ])
    }

    /// An error quotes its line with a caret under the field, as a load error does.
    @Test func anErrorIsADiagnosticAtTheFieldsName() throws {
        let program = try Rules.program(
            "service firebase.storage {\n  match /b/{bucket}/o/{name} {\n    allow read: if resource.metdata.a == 1;\n  }\n}\n",
            name: "user.rules")
        let error = try #require(program.unknownFields(objectFields: ["metadata"]).first)
        #expect(error.severity == .error)
        #expect(
            error.description
                == "user.rules:3:29: unknown field 'metdata' of resource; did you mean 'metadata'?\n"
                + "    allow read: if resource.metdata.a == 1;\n"
                + "                            ^")
    }
}
