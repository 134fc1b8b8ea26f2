import Foundation
import SecurityRules
import Testing

/// Each condition must hold (the GET is allowed) or, in the second list, must not.
@Suite struct ExpressionTests {
    static let holding: [String] = [
        // Literals and equality.
        "null == null", "true != false", "1 == 1.0", "1.5 == 1.5", "'a' == \"a\"", "[1, 2] == [1, 2]",
        "{'a': 1} == {'a': 1}", "0x10 == 16", "1e3 == 1000", "-3 == 0 - 3", "r'\\d' == '\\\\d'",
        "'\\x41\\u0042' == 'AB'", "'it\\'s' == \"it's\"", "b'ab' == 'ab'.toUtf8()",
        // Arithmetic, precedence, comparisons.
        "1 + 2 * 3 == 7", "(1 + 2) * 3 == 9", "7 / 2 == 3", "7 % 3 == 1", "-7 / 2 == -3", "7.0 / 2 == 3.5",
        "1 + 0.5 == 1.5", "2 < 3", "2 <= 2", "3 > 2.5", "'a' < 'b'", "'abc' >= 'abc'", "!(1 > 2)",
        "5 * 1024 * 1024 == 5242880", "'a' + 'b' == 'ab'", "[1] + [2] == [1, 2]",
        // Membership, types, conditional.
        "2 in [1, 2]", "'k' in {'k': 1}", "!('z' in {'k': 1})", "1 in [1, 2].toSet()", "1 is int", "1.0 is float",
        "1 is number", "'a' is string", "[1] is list", "{} is map", "request is map", "null == null ? true : false",
        "(1 > 2 ? 'x' : 'y') == 'y'", "request.time is timestamp", "duration.value(1, 's') is duration",
        // Strings.
        "'Hello'.size() == 5", "'héllo'.size() == 5", "'AbC'.lower() == 'abc'", "'AbC'.upper() == 'ABC'",
        "'  x '.trim() == 'x'", "'a/b/c'.split('/') == ['a', 'b', 'c']", "'a,,b,,'.split(',') == ['a', '', 'b']",
        "'image/png'.matches('image/.*')", "!'image/png'.matches('image')", "'aaa'.replace('a', 'b') == 'bbb'",
        "'2024-01-02'.replace('(\\\\d+)-(\\\\d+)-(\\\\d+)', '$3/$2/$1') == '02/01/2024'", "'abc'[1] == 'b'",
        "'abcdef'[1:3] == 'bc'", "'abc'.toUtf8().size() == 3", "'ab'.toUtf8().toBase64() == 'YWI='",
        "'\\n'.matches('\\\\s')", "'Photo.PNG'.matches('(?i).*\\\\.png')", "'x1'.matches('[a-z]\\\\d')",
        // Lists, sets, maps.
        "[1, 2, 3].size() == 3", "[1, 2].hasAny([2, 5])", "[1, 2].hasAll([1])", "[1, 2].hasOnly([1, 2, 3])",
        "!['a', 'z'].hasOnly(['a'])", "['a', 'b'].join('-') == 'a-b'", "[1, 2].concat([3]) == [1, 2, 3]",
        "[1, 2, 1].removeAll([1]) == [2]", "[1, 1, 2].toSet().size() == 2", "[1, 2][1] == 2", "[1, 2, 3][1:] == [2, 3]",
        "[1, 2].toSet().union([3].toSet()) == [1, 2, 3].toSet()",
        "[1, 2].toSet().intersection([2].toSet()) == [2].toSet()",
        "[1, 2].toSet().difference([2].toSet()) == [1].toSet()", "{'a': 1, 'b': 2}.keys() == ['a', 'b']",
        "{'a': 1}.values() == [1]", "{'a': 1}.get('b', 7) == 7", "{'a': {'b': 2}}.get(['a', 'b'], 0) == 2",
        "{'a': {'b': 2}}.get(['a', 'c'], 0) == 0", "{'a': 1}.size() == 1", "{'a': 1}['a'] == 1", "{'a': 1}.a == 1",
        "{'a': 1, 'b': 2}.diff({'a': 1, 'c': 3}).addedKeys() == ['b'].toSet()",
        "{'a': 1, 'b': 2}.diff({'a': 0, 'c': 3}).changedKeys() == ['a'].toSet()",
        "{'a': 1}.diff({'c': 3}).removedKeys() == ['c'].toSet()",
        "{'a': 1, 'b': 2}.diff({'a': 1}).unchangedKeys() == ['a'].toSet()",
        "{'a': 1, 'b': 2}.diff({'a': 0, 'c': 3}).affectedKeys() == ['a', 'b', 'c'].toSet()",
        // Conversions and math.
        "int('42') == 42", "int(3.9) == 3", "float(2) == 2.0", "string(12) == '12'", "string(true) == 'true'",
        "string(null) == 'null'", "bool('true')", "math.abs(-3) == 3", "math.ceil(1.2) == 2", "math.floor(1.8) == 1",
        "math.round(2.5) == 3", "math.sqrt(9.0) == 3.0", "math.pow(2, 10) == 1024.0", "math.isNaN(0.0 / 0.0)",
        "math.isInfinite(1.0 / 0.0)", "debug(1) == 1",
        // Hashing.
        "hashing.md5('').toHexString() == 'D41D8CD98F00B204E9800998ECF8427E'",
        "hashing.md5('').toBase64() == '1B2M2Y8AsgTpgAmY7PhCfg=='",
        "hashing.sha256('abc').toHexString() == 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
        "hashing.crc32('123456789').toHexString() == 'CBF43926'",
        "hashing.crc32c('123456789').toHexString() == 'E3069283'",
        // Timestamps (request.time is 2023-11-14T22:13:20Z, a Tuesday) and durations.
        "request.time.year() == 2023", "request.time.month() == 11", "request.time.day() == 14",
        "request.time.hours() == 22", "request.time.minutes() == 13", "request.time.seconds() == 20",
        "request.time.nanos() == 0", "request.time.toMillis() == 1700000000000", "request.time.dayOfWeek() == 2",
        "request.time.dayOfYear() == 318", "request.time.date() == timestamp.date(2023, 11, 14)",
        "request.time.time() == duration.time(22, 13, 20, 0)", "timestamp.value(1700000000000) == request.time",
        "request.time > timestamp.date(2023, 1, 1)", "request.time + duration.value(1, 'd') > request.time",
        "request.time - timestamp.date(2023, 11, 14) == duration.time(22, 13, 20, 0)",
        "duration.value(90, 'm').seconds() == 5400", "duration.value(1500, 'ms').nanos() == 500000000",
        "duration.abs(duration.value(-2, 's')) == duration.value(2, 's')",
        "duration.value(1, 'w') == duration.value(7, 'd')", "request.time - duration.value(1, 'h') < request.time",
        // Request and path variables.
        "request.path == /b/bucket/o/a/b", "request.method == 'get'", "all == 'a/b'", "request.resource == null",
        "resource == null",
    ]

    static let failing: [String] = [
        "false", "1 == '1'", "[1] == [2]", "'abc'.matches('b')", "1 > 2", "!true", "null != null",
        "9223372036854775807 + 1 == 0", "1 / 0 == 0", "1 % 0 == 0", "-9223372036854775807 - 2 < 0",
        "9223372036854775807 * 2 > 0", "'a' - 'b' == ''", "'a' < 1", "1 && true", "null.x == 1", "{'a': 1}.b == 1",
        "[1][5] == 1", "int('x') == 0", "'abc'[1:9] == ''", "timestamp.date(2023, 2, 30) == request.time",
        "duration.value(1, 'y') == duration.value(1, 's')", "firestore.exists(/databases/(default)/documents/a/b)",
        "firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.admin == true",
        "'x'.matches(request.method + '(')", "request.auth.uid == 'x'", "1", "'true'",
        "request.nothing == 1", "math.floor(1e300) == 0",
    ]

    @Test(arguments: holding) func holds(_ condition: String) throws {
        let decision = try Rules.evaluates(condition)
        #expect(decision.allowed, "\(condition): \(decision)")
    }

    @Test(arguments: failing) func doesNotHold(_ condition: String) throws {
        let decision = try Rules.evaluates(condition)
        #expect(!decision.allowed, "\(condition): \(decision)")
    }

    @Test func errorsNameTheirPlace() throws {
        let decision = try Rules.evaluates("request.auth.uid == 'x'")
        #expect(decision.explanation.contains("null value has no field 'uid'"))
        #expect(decision.explanation.contains("storage.rules:4:"))
    }

    @Test func overflowIsAnErrorNotATrap() throws {
        let decision = try Rules.evaluates("9223372036854775807 + 1 == 0")
        #expect(decision.explanation.contains("integer overflow"))
    }

    @Test func tokenClaimsAndAuth() throws {
        let request = Rules.request(
            .get, "a/b", uid: "alice",
            token: ["admin": .bool(true), "groups": .list([.string("x")]), "email": .string("a@example.com")])
        for condition in [
            "request.auth.uid == 'alice'", "request.auth.token.admin == true", "'x' in request.auth.token.groups",
            "request.auth.token.email.matches('.*@example[.]com')", "'admin' in request.auth.token",
            "request.auth.token.keys().hasAll(['admin', 'email'])",
        ] {
            #expect(try Rules.evaluates(condition, request).allowed, "\(condition)")
        }
        #expect(try !Rules.evaluates("request.auth.token.missing == 1", request).allowed)
    }

    @Test func objectFields() throws {
        let stored = RulesObject(fields: [
            "name": .string("a/b"), "bucket": .string("bucket"), "size": .int(2048),
            "contentType": .string("image/png"),
            "md5Hash": .string("1B2M2Y8AsgTpgAmY7PhCfg=="), "crc32c": .string("AAAAAA=="), "etag": .string("e1"),
            "metadata": .map(["owner": .string("alice")]), "contentDisposition": .string("inline"),
            "cacheControl": .string("no-cache"), "contentEncoding": .string("gzip"), "contentLanguage": .string("en"),
            "timeCreated": .timestamp(Date(timeIntervalSince1970: 1_600_000_000)),
            "updated": .timestamp(Date(timeIntervalSince1970: 1_650_000_000)), "generation": .int(7),
            "metageneration": .int(2),
        ])
        var incoming = stored
        incoming.fields["size"] = .int(10)
        incoming.fields["metadata"] = .map(["owner": .string("alice"), "tag": .string("new")])
        let request = Rules.request(.get, "a/b", uid: "alice", resource: stored, incoming: incoming)
        for condition in [
            "resource.name == 'a/b'", "resource.bucket == 'bucket'", "resource.size == 2048",
            "resource.contentType == 'image/png'", "resource.md5Hash == hashing.md5('').toBase64()",
            "resource.crc32c == 'AAAAAA=='", "resource.etag == 'e1'", "resource.metadata.owner == request.auth.uid",
            "resource.contentDisposition == 'inline'", "resource.cacheControl == 'no-cache'",
            "resource.contentEncoding == 'gzip'", "resource.contentLanguage == 'en'",
            "resource.timeCreated == timestamp.value(1600000000000)", "resource.updated > resource.timeCreated",
            "resource.generation == 7", "resource.metageneration == 2", "request.resource.size < resource.size",
            "request.resource.metadata.diff(resource.metadata).addedKeys() == ['tag'].toSet()",
            "resource.keys().hasAll(['name', 'size', 'metadata'])", "'size' in resource",
            "request.resource.contentLanguage == 'en'",
        ] {
            #expect(try Rules.evaluates(condition, request).allowed, "\(condition)")
        }
        let bare = Rules.request(.get, "a/b", resource: Rules.object("a/b", contentType: nil))
        #expect(try Rules.evaluates("resource.contentType == null", bare).allowed)
        #expect(try !Rules.evaluates("resource.contentType.matches('image/.*')", bare).allowed)
        #expect(try !Rules.evaluates("resource.storageClass == null", bare).allowed, "a field the object lacks")
    }
}
