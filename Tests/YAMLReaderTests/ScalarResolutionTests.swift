import Testing
import YAMLReader

@Suite struct ScalarResolutionTests {
    private func value(_ plain: String) throws -> YAMLValue {
        try #require(try root("v: \(plain)")["v"]).value
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nulls(_ text: String) throws {
        #expect(try value(text) == .null)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false),
    ])
    func booleans(_ text: String, _ expected: Bool) throws {
        #expect(try value(text) == .bool(expected))
    }

    @Test(arguments: [
        ("17", Int64(17)), ("-3", -3), ("+5", 5), ("0", 0), ("-0", 0), ("007", 7), ("0x1F", 31), ("0xff", 255),
        ("0o17", 15), ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("0x7FFFFFFFFFFFFFFF", Int64.max),
    ])
    func integers(_ text: String, _ expected: Int64) throws {
        #expect(try value(text) == .int(expected))
    }

    @Test(arguments: [
        ("1.5", 1.5), ("-0.25", -0.25), ("1.5e3", 1500), ("1e3", 1000), ("2E-2", 0.02), (".5", 0.5), ("-.5", -0.5),
        ("1.", 1), ("+1.0", 1), (".inf", Double.infinity), ("-.Inf", -Double.infinity), ("+.INF", Double.infinity),
    ])
    func floats(_ text: String, _ expected: Double) throws {
        #expect(try value(text) == .float(expected))
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(_ text: String) throws {
        guard case .float(let double) = try value(text) else {
            Issue.record("\(text) is not a float")
            return
        }
        #expect(double.isNaN)
    }

    @Test(arguments: [
        "nil", "yes", "no", "on", "off", "y", "n", "Yes", "tRUE", "nULL", "0x", "0o", "0o8", "0xG", "1e", ".", "+",
        "-.",
        "1_000", "1:30", "0b101", "-0x1F", "+0o7", "1.5.5", ".nan.", "2024-01-31", "=", "<<", "~~", "4KiB", "1.5MB",
    ])
    func everythingElseIsAString(_ text: String) throws {
        #expect(try value(text) == .string(text))
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "0x8000000000000000", "0o1000000000000000000000"])
    func integersOutOfRangeAreErrors(_ text: String) throws {
        let error = try #require(parseError("v: \(text)"))
        #expect(error.location.column == 4)
        #expect(error.message.contains("64 bits"))
    }

    @Test func onlyPlainScalarsAreResolved() throws {
        let node = try root("a: '1'\nb: \"true\"\nc: |\n  null\nd: >\n  1.5\n")
        #expect(node["a"]?.value == .string("1"))
        #expect(node["b"]?.value == .string("true"))
        #expect(node["c"]?.value == .string("null\n"))
        #expect(node["d"]?.value == .string("1.5\n"))
    }

    @Test func stylesAreRecorded() throws {
        let node = try root("p: x\ns: 'x'\nd: \"x\"\nl: |\n  x\nf: >\n  x\nseq: []\n")
        #expect(node["p"]?.style == .plain)
        #expect(node["s"]?.style == .singleQuoted)
        #expect(node["d"]?.style == .doubleQuoted)
        #expect(node["l"]?.style == .literal)
        #expect(node["f"]?.style == .folded)
        #expect(node["seq"]?.style == nil)
    }
}

@Suite struct VersionAmbiguityTests {
    private func reading(_ plain: String) throws -> YAML11Reading? {
        try #require(try root("v: \(plain)")["v"]).yaml11Reading
    }

    @Test(arguments: [
        ("yes", YAML11Reading.bool(true)), ("No", .bool(false)), ("ON", .bool(true)), ("off", .bool(false)),
        ("y", .typeListBool(true)), ("N", .typeListBool(false)), ("017", .int(15)), ("0b101", .int(5)),
        ("1_000", .int(1000)),
        ("1:30", .int(90)), ("-0x1F", .int(-31)), ("0o17", .string), ("1.5e3", .string), ("1e3", .string),
        ("-.5", .string), ("08", .string), ("1_0.5", .float(10.5)), ("1:30.5", .float(90.5)),
        ("2024-01-31", .timestamp), ("2001-12-14 21:59:43.10 -5", .timestamp), ("2001-12-14t21:59:43Z", .timestamp),
        ("<<", .mergeKey), ("=", .valueKey),
        ("0b11111111111111111111111111111111111111111111111111111111111111111", .int(nil)),
    ])
    func plainScalarsReadDifferentlyByYAML11(_ text: String, _ expected: YAML11Reading) throws {
        #expect(try reading(text) == expected)
    }

    @Test(arguments: [
        "17", "-3", "+5", "0", "00", "0x1F", "1.5", "-0.25", ".5", "1.", "1.5e+3", ".inf", "-.inf", ".nan", "true",
        "False", "null", "~", "", "hello", "nil", "4KiB", "2024-1-31", "1.0.0",
    ])
    func plainScalarsBothVersionsAgreeOn(_ text: String) throws {
        #expect(try reading(text) == nil)
    }

    @Test func quotedScalarsAreNeverAmbiguous() throws {
        let node = try root("a: 'yes'\nb: \"017\"\n")
        #expect(node["a"]?.isVersionAmbiguous == false)
        #expect(node["b"]?.isVersionAmbiguous == false)
    }

    @Test func multiLinePlainTimestampIsAmbiguous() throws {
        let node = try root("v: 2001-12-14\n  21:59:43.10\n")
        #expect(node["v"]?.value == .string("2001-12-14 21:59:43.10"))
        #expect(node["v"]?.yaml11Reading == .timestamp)
    }

    @Test func keysAreCheckedToo() throws {
        let node = try root("yes: 1\n")
        #expect(node.mappingPairs?.first?.key.isVersionAmbiguous == true)
        #expect(YAML11Reading.bool(true).summary == "the boolean true")
    }
}
