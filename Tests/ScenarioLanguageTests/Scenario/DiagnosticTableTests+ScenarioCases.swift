import ScenarioLanguage
import Testing

extension DiagnosticTableTests {
    static let scenarioCases: [DiagnosticCase] = [
        .init(
            file: "scenario: a\nsteps: [{ delete: x }]\n---\nscenario: a\nsteps: [{ delete: x }]",
            "4:11: duplicate scenario name \"a\" (first at line 1)"),
        .init(
            file: "scenario: A b\nsteps: [{ delete: x }]\n---\nscenario: a-b\nsteps: [{ delete: x }]",
            "4:11: duplicate scenario id suite/file/a-b"),
        .init(
            file: "scenario: '!!!'\nsteps: [{ delete: x }]", "1:11: scenario: the name \"!!!\" has no letters or digits"
        ),
        .init(file: "scenario: ''\nsteps: [{ delete: x }]", "1:11: scenario may not be empty"),
        .init(
            file: "scenario: 5\nsteps: [{ delete: x }]",
            "1:11: scenario: expected a string, found the integer 5 (quote it to make it a string)"),
        .init(file: "steps: [{ delete: x }]", "1:1: a scenario needs scenario: its name"),
        .init(file: "scenario: s", "1:1: a scenario needs steps: a list of at least one step"),
        .init(file: "scenario: s\nsteps: []", "2:8: steps: a scenario needs at least one step"),
        .init(file: "scenario: s\nsteps: { delete: x }", "2:8: steps: expected a list, found a mapping"),
        .init(file: "scenario: s\nstep: []", "2:1: unknown key \"step\" for a scenario (did you mean steps?)"),
        .init(file: "- a\n- b", "1:1: a scenario is a mapping with scenario: and steps:, found a sequence"),
        .init(
            file: "scenario: s\ntags: { a: 1 }\nsteps: [{ delete: x }]",
            "2:7: tags: expected a string or a list of strings, found a mapping"),
        .init(
            file: "scenario: s\ntags: [a, 5]\nsteps: [{ delete: x }]",
            "2:11: tags: expected a string, found the integer 5"),
        .init(
            file: "scenario: s\ntags: upload, pause\nsteps: [{ delete: x }]",
            "2:7: tags: a tag may not be empty or contain spaces or commas"),
        .init(
            file: "scenario: s\ntargets: [emulator]\nsteps: [{ delete: x }]",
            "2:11: targets: unknown target \"emulator\" (expected one of: reference, http, gcs)"),
        .init(
            file: "scenario: s\ntargets: [HTTP]\nsteps: [{ delete: x }]",
            "2:11: targets: unknown target \"HTTP\" (did you mean http?)"),
        .init(
            file: "scenario: s\ngiven: { object: {} }\nsteps: [{ delete: x }]",
            "2:10: unknown key \"object\" for given (did you mean objects?)"),
        .init(file: "scenario: s\ngiven: { user: '' }\nsteps: [{ delete: x }]", "2:16: user may not be empty"),
        .init(
            file: "scenario: s\ngiven: { user: 7 }\nsteps: [{ delete: x }]",
            "2:16: user: expected a string, found the integer 7"),
        .init(
            file: "scenario: s\ngiven:\n  objects: { '': { text: a } }\nsteps: [{ delete: x }]",
            "3:14: objects: an object name may not be empty"),
        .init(
            file: "scenario: s\ngiven:\n  objects: { 12: { text: a } }\nsteps: [{ delete: x }]",
            "3:14: objects: expected an object name (a string), found the integer 12"),
        .init(
            file: "scenario: s\ngiven:\n  objects: { a: { text: a, contentTyp: x } }\nsteps: [{ delete: x }]",
            "3:28: unknown key \"contentTyp\" for object \"a\" (did you mean contentType?)"),
        .init(
            file: "scenario: s\ngiven:\n  objects: { a: { contentType: x } }\nsteps: [{ delete: x }]",
            "3:17: object \"a\" needs one of text, base64, random, zeros or empty"),
        .init(
            file:
                "scenario: s\ngiven:\n  objects: { a: { text: a, customMetadata: { k: 1 } } }\nsteps: [{ delete: x }]",
            "3:49: customMetadata.k: expected a string, found the integer 1"),
        .init(
            file: "scenario: s\ngiven:\n  rules: { version: 3 }\nsteps: [{ delete: x }]",
            "3:21: version: rules version is 1 or 2, found 3"),
        .init(
            file: "scenario: s\ngiven:\n  rules: { allow: [{ path: a, ops: [reed] }] }\nsteps: [{ delete: x }]",
            "3:37: ops: unknown operation \"reed\" (did you mean read?)"),
        .init(
            file: "scenario: s\ngiven:\n  rules: { allow: [{ path: '*.jpg', ops: [read] }] }\nsteps: [{ delete: x }]",
            "3:28: path: * and ** match whole segments"),
        .init(
            file:
                "scenario: s\ngiven:\n  rules: { allow: [{ path: a, ops: [read], if: admin }] }\nsteps: [{ delete: x }]",
            "3:48: if: the condition is signedIn or request.auth.uid == NAME"),
        .init(
            file:
                "scenario: s\nsteps:\n  - put: a\n    data: { empty: true }\n    expect: { events: \"progress(1KiB)\" }",
            "5:23: events: bad pattern item \"progress(1KiB)\": only failure names an error code; other events may name their bytes"
        ),
        .init(
            file: "scenario: s\nsteps:\n  - getMetadata: a\n    expect: { metadata: { md5Hash: { exists: true } } }",
            "4:36: md5Hash: expected a value, /regex/, { present: true } or { not: VALUE }"),
        .init(
            file:
                "scenario: s\ngiven:\n  rules: { allow: [{ path: a/b, ops: [read], if: \"request.auth.uid == uid\" }] }\nsteps: [{ delete: x }]",
            "3:50: if: uid is not bound in the path"),
        .init(
            file:
                "scenario: s\ngiven:\n  rules: { allow: [{ path: \"a/{u-1}\", ops: [read] }] }\nsteps: [{ delete: x }]",
            "3:28: path: \"{u-1}\" is not a path variable"),
        .init(
            file: "scenario: s\ngiven:\n  rules: { allow: [{ path: a }] }\nsteps: [{ delete: x }]",
            "3:20: an allow entry needs ops:"),
    ]
}
