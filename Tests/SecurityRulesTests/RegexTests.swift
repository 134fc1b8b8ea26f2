import SecurityRules
import Testing

/// The RE2 subset of `matches`, `split` and `replace`, through rules conditions.
@Suite struct RegexTests {
    static let matching: [(text: String, pattern: String)] = [
        ("abc", "abc"), ("abc", "a.c"), ("a\nc", "a\\\\nc"), ("", ""), ("", "a*"), ("aaa", "a+"), ("ab", "ab?c?"),
        ("a1_", "\\\\w\\\\d\\\\w"), ("a b", "a\\\\sb"), ("x", "\\\\D"), ("-", "\\\\W"), ("x", "\\\\S"), ("b", "[abc]"),
        ("m", "[a-z]"), ("Q", "[^a-z]"), ("]", "[]]"), ("-", "[a-]"), ("5", "[\\\\d]"), ("cat", "cat|dog"),
        ("dog", "(?:cat|dog)"), ("abab", "(ab)*"), ("aaaa", "a{4}"), ("aaa", "a{2,}"), ("aa", "a{1,3}"),
        ("aaa", "a{1,3}?"), ("abc", "^abc$"), ("ABC", "(?i)abc"), ("a.b", "a\\\\.b"), ("{", "{"), ("a{x", "a{x"),
        ("é", "."), ("\u{1F600}", "."), ("x", "\\\\x78"), ("x", "\\\\x{78}"), ("a\nb", "(?s)a.b"),
        ("word", "\\\\bword\\\\b"),
        ("ab", "(?P<first>a)b"), ("aXb", "a.b"), ("a|b", "a\\\\|b"),
    ]

    static let notMatching: [(text: String, pattern: String)] = [
        ("abcd", "abc"), ("xabc", "abc"), ("a\nc", "a.c"), ("aaaaa", "a{1,4}"), ("A", "[a-z]"), ("a", "[^a]"),
        ("cow", "cat|dog"), ("ab", "a\\\\bb"), ("", "a+"), ("ABC", "abc"),
    ]

    @Test(arguments: matching.indices) func matches(_ index: Int) throws {
        let (text, pattern) = Self.matching[index]
        let request = Rules.request(.get, "a", resource: Rules.object("a", metadata: ["s": text]))
        let decision = try Rules.evaluates("resource.metadata.s.matches('\(pattern)')", request)
        #expect(decision.allowed, "'\(text)' ~ '\(pattern)': \(decision)")
    }

    @Test(arguments: notMatching.indices) func doesNotMatch(_ index: Int) throws {
        let (text, pattern) = Self.notMatching[index]
        let request = Rules.request(.get, "a", resource: Rules.object("a", metadata: ["s": text]))
        let decision = try Rules.evaluates("resource.metadata.s.matches('\(pattern)') == false", request)
        #expect(decision.allowed, "'\(text)' !~ '\(pattern)': \(decision)")
    }

    @Test func pathologicalPatternsRunInLinearTime() throws {
        let long = String(repeating: "a", count: 10_000)
        let request = Rules.request(.get, "a", resource: Rules.object("a", metadata: ["s": long, "t": long + "b"]))
        #expect(try Rules.evaluates("resource.metadata.s.matches('(a*)*b') == false", request).allowed)
        #expect(try Rules.evaluates("resource.metadata.t.matches('(a*)*b')", request).allowed)
        #expect(try Rules.evaluates("resource.metadata.s.matches('(a|aa)+') ", request).allowed)
        #expect(try Rules.evaluates("resource.metadata.s.matches('(a?){30}a{30}')", request).allowed == false)
        #expect(try Rules.evaluates("resource.metadata.s.split('a*').size() == 0", request).allowed)
    }

    @Test func oversizedPatternsAreRefused() throws {
        let literal = Rules.syntaxError(
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches('(a{1000}){1000}'); } }")
        #expect(literal?.message.contains("pattern too large") == true)
        let count = Rules.syntaxError(
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches('a{1001}'); } }")
        #expect(count?.message.contains("repetition count above 1000") == true)
        let nested = String(repeating: "(", count: 300) + String(repeating: ")", count: 300)
        let deep = Rules.syntaxError(
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches('\(nested)'); } }")
        #expect(deep?.message.contains("nest deeper") == true)
        // A pattern built at evaluation time is checked then: the error denies.
        let dynamic = try Rules.evaluates("'a'.matches('(a{1000})' + '{1000}')")
        #expect(!dynamic.allowed)
        #expect(dynamic.explanation.contains("pattern too large"))
    }

    @Test func unsupportedSyntaxIsAClearError() throws {
        for pattern in ["\\\\pL", "[[:alpha:]]", "(?=a)", "a**", "*a", "a)", "[z-a]", "\\\\1"] {
            let error = Rules.syntaxError(
                "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches('\(pattern)'); } }")
            #expect(error?.message.contains("invalid regular expression") == true, "\(pattern)")
        }
    }

    @Test func splitAndReplaceFindLeftmostFirstMatches() throws {
        for condition in [
            "'a1b22c'.split('\\\\d+') == ['a', 'b', 'c']", "'abc'.split('') == ['a', 'b', 'c']",
            "',a'.split(',') == ['', 'a']", "'aaa'.replace('a*?', '-') == '-a-a-a-'", "'aaa'.replace('a*', '-') == '-'",
            "'a.b.c'.replace('[.]', '\\\\$') == 'a$b$c'", "'abc'.replace('(b)', '[$1]') == 'a[b]c'",
            "'xay'.replace('a|ay', 'Z') == 'xZy'",
        ] {
            #expect(try Rules.evaluates(condition).allowed, "\(condition)")
        }
    }
}
