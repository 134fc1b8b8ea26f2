import ScenarioLanguage
import Testing

extension DiagnosticTableTests {
    static let stepCases: [DiagnosticCase] = [
        .init(
            steps: "- upload: a",
            "3:5: unknown verb \"upload\" (expected one of: ref, put, getData, write, pause, resume, cancel, await, observe, removeObserver, removeAllObservers, downloadURL, list, listAll, getMetadata, updateMetadata, delete, fault)"
        ),
        .init(steps: "- getdata: a", "3:5: unknown verb \"getdata\" (did you mean getData?)"),
        .init(steps: "- put", "3:5: a step is a mapping that starts with its verb"),
        .init(steps: "- as: x\n  ref: a", "3:5: a step starts with its verb: move ref before as"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  chunk: 1KiB",
            "5:5: unknown key \"chunk\" for put (did you mean chunkSize?)"),
        .init(steps: "- put: a\n  data: { text: x }\n  5: x", "5:5: unknown key 5 for put"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  delete: b",
            "5:5: unknown key \"delete\" for put (one verb per step: start another step with -)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  when: { event: pause }",
            "5:5: unknown key \"when\" for put (when: is only for pause, resume and cancel)"),
        .init(steps: "- delete: a\n  as: d", "4:5: unknown key \"as\" for delete (delete produces nothing to name)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  expect: {}",
            "7:5: unknown key \"expect\" for pause (pause takes no expect:)"),
        // Sizes.
        .init(
            steps: "- getData: a\n  maxSize: 12 apples",
            "4:14: maxSize: expected a size like 256KiB, found \"12 apples\""),
        .init(steps: "- getData: a\n  maxSize: -5", "4:14: maxSize: a size may not be negative, found -5"),
        .init(steps: "- getData: a\n  maxSize: '-5KiB'", "4:14: maxSize: a size may not be negative, found \"-5KiB\""),
        .init(steps: "- getData: a\n  maxSize: 1.3B", "4:14: maxSize: \"1.3B\" is not a whole number of bytes"),
        .init(steps: "- getData: a\n  maxSize: 0.1KiB", "4:14: maxSize: \"0.1KiB\" is not a whole number of bytes"),
        .init(steps: "- getData: a\n  maxSize: 99999999999GiB", "4:14: maxSize: \"99999999999GiB\" is too large"),
        .init(
            steps: "- getData: a\n  maxSize: '99999999999999999999999'",
            "4:14: maxSize: \"99999999999999999999999\" is too large"),
        .init(
            steps: "- getData: a\n  maxSize: 5kib",
            "4:14: maxSize: unknown unit \"kib\" in \"5kib\" (did you mean KiB? units: B, KB, MB, GB, KiB, MiB, GiB)"),
        .init(steps: "- getData: a\n  maxSize: 5TB", "4:14: maxSize: unknown unit \"TB\" in \"5TB\""),
        .init(steps: "- getData: a\n  maxSize: 1.5", "4:14: maxSize: expected a size like 256KiB, found the float 1.5"),
        .init(
            steps: "- getData: a\n  maxSize: 50%",
            "4:14: maxSize: a percentage is only allowed in when: { progress: … }"),
        .init(steps: "- getData: a\n  maxSize: [1]", "4:14: maxSize: expected a size like 256KiB, found a sequence"),
        .init(steps: "- getData: a", "3:5: getData needs maxSize: the largest download accepted"),
        .init(steps: "- put: a\n  data: { text: x }\n  chunkSize: 0", "5:16: chunkSize must be at least 1 byte"),
        // Data sources.
        .init(
            steps: "- put: a\n  data: { text: 5 }",
            "4:19: text: expected a string, found the integer 5 (quote it to make it a string)"),
        .init(
            steps: "- put: a\n  data: { text: a, zeros: 5 }",
            "4:22: data takes one of text, base64, random, zeros or empty, found both text and zeros"),
        .init(steps: "- put: a\n  data: {}", "4:11: data needs one of text, base64, random, zeros or empty"),
        .init(
            steps: "- put: a\n  data: { base64: 'ab!d' }",
            "4:21: base64: not valid base64: \"!\" at character 3 is not a base64 character"),
        .init(
            steps: "- put: a\n  data: { base64: 'abcde' }",
            "4:21: base64: not valid base64: the text ends in the middle of a byte"),
        .init(
            steps: "- put: a\n  data: { base64: 'YQ==YQ' }",
            "4:21: base64: not valid base64: nothing may follow the = padding"),
        .init(steps: "- put: a\n  data: { zeros: 1, seed: 3 }", "4:23: seed only goes with random"),
        .init(
            steps: "- put: a\n  data: { random: 1, seed: -3 }", "4:30: seed: expected a non-negative integer, found -3"),
        .init(steps: "- put: a\n  data: { empty: false }", "4:20: empty: expected true, found the boolean false"),
        .init(steps: "- put: a\n  data: { random: 3GiB }", "4:21: random: 3GiB is more than the 2GiB allowed here"),
        .init(
            steps: "- put: a\n  data: { rand: 3 }",
            "4:13: unknown key \"rand\" for a data source (did you mean random?)"),
        .init(
            steps: "- put: a\n  data: 123",
            "4:11: data: a number or boolean is not data; write { text: \"123\" } for those characters, or { zeros: 123 } for that many bytes"
        ),
        .init(steps: "- put: a\n  data: [text]", "4:11: data: expected a mapping, found a sequence"),
        .init(
            steps: "- getMetadata: a\n  expect: { error: objectNotFound, message: x }",
            "4:38: unknown key \"message\" for expect of getMetadata (message: goes inside error: write error: { code: …, message: … })"
        ),
        // put, write, list.
        .init(steps: "- put: a\n  data: { text: x }\n  file: b", "5:5: put takes data or file, not both"),
        .init(steps: "- put: a", "3:5: put needs data: (a data source like { text: \"Hello\" }) or file: (a path)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  metadata: { contentType: null }",
            "5:30: contentType: null removes a value, which only updateMetadata does"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  metadata: { contentTyp: x }",
            "5:17: unknown key \"contentTyp\" for metadata of put (did you mean contentType?)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  metadata: { customMetadata: [a] }",
            "5:33: customMetadata: expected a mapping of strings, found a sequence"),
        .init(
            steps: "- write: a\n  toFile: ../escape",
            "4:13: toFile: expected a relative path inside the run's scratch folder"),
        .init(
            steps: "- write: a\n  toFile: /etc/x",
            "4:13: toFile: expected a relative path inside the run's scratch folder"),
        .init(steps: "- write: a", "3:5: write needs toFile:"),
        .init(steps: "- list: a\n  maxResults: two", "4:17: maxResults: expected an integer, found \"two\""),
        .init(steps: "- updateMetadata: a", "3:5: updateMetadata needs metadata: the fields to change"),
        .init(
            steps: "- getData: 5\n  maxSize: 1",
            "3:14: getData: expected a string, found the integer 5 (quote it to make it a string)"),
        // Names and kinds.
        .init(
            steps: "- ref: a\n  as: up\n- ref: b\n  as: space\n- pause: $up2",
            "7:12: $up2 is not defined (defined so far: up, space)"),
        .init(steps: "- pause: up", "3:12: $up is not defined (no names are defined before this step)"),
        .init(steps: "- ref: a\n  as: space\n- pause: $space", "5:12: pause needs a task, but $space is a reference"),
        .init(
            steps: "- ref: a\n  as: space\n- observe: { task: space, status: progress }",
            "5:22: observe needs a task, but $space is a reference"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- getData: $up\n  maxSize: 1",
            "6:14: getData needs a reference, but $up is a task"),
        .init(steps: "- ref: \"$x/a\"", "3:10: $x is not defined"),
        .init(
            steps: "- ref: a\n  expect: { fullPath: $nope }",
            "4:25: $nope is not defined (no names are defined before this step)"),
        .init(
            steps: "- ref: a\n  as: space\n- ref: $space.size",
            "5:10: $space.size: $space is a reference and has no field size"),
        .init(
            steps: "- list: a\n  as: page\n- ref: \"x/$page\"",
            "5:10: $page is a list page; name one of its fields (a list page has pageToken)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- ref: $up.metadata.sizes",
            "6:10: $up.metadata.sizes: $up is a task and has no field metadata.sizes"),
        .init(steps: "- ref: $bucket.appspot", "3:10: $bucket.appspot: $bucket is a string and has no field appspot"),
        .init(
            steps: "- ref: a\n  as: up\n- ref: b\n  as: up",
            "6:9: up is already defined (line 4); names are unique within a scenario"),
        .init(steps: "- ref: a\n  as: bucket", "4:9: bucket is predefined"),
        .init(steps: "- ref: a\n  as: $up", "4:9: as: defines a name: write up, not $up"),
        .init(steps: "- ref: a\n  as: 2x", "4:9: as: a name is letters, digits and _"),
        .init(
            steps: "- list: a\n  as: p\n- ref: b\n  expect: { equals: $p }",
            "6:23: equals needs a reference, but $p is a list page"),
        .init(
            steps: "- list: a\n  as: p\n- ref: { from: $p, chain: [root] }",
            "5:18: from needs a reference, but $p is a list page"),
        .init(steps: "- ref: { chain: [parnet] }", "3:20: chain: unknown link \"parnet\" (did you mean parent?)"),
        .init(steps: "- ref: { chain: [child] }", "3:20: chain: unknown link \"child\" (write { child: PATH })"),
        .init(steps: "- ref: { chain: [{ kid: a }] }", "3:22: unknown key \"kid\" for a chain link"),
        .init(steps: "- ref: { url: a, from: $b }", "3:20: ref takes either url or from/chain, not both"),
        .init(steps: "- ref: {}", "3:10: ref needs a path, { from: $NAME, chain: [...] } or { url: … }"),
        .init(
            steps: "- ref: [a]",
            "3:10: ref: expected a path string or a mapping with from/chain or url, found a sequence"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- removeObserver: { task: up, handle: up }",
            "6:41: removeObserver needs an observer, but $up is a task"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- observe: { task: up }",
            "6:14: observe needs status: resume, progress, pause, success or failure"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- observe: { task: up, status: done }",
            "6:34: status: unknown status \"done\""),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- observe: up",
            "6:14: observe: expected a mapping { task, status, as }, found \"up\""),
        .init(
            steps:
                "- put: a\n  data: { text: x }\n  as: up\n- observe: { task: up, status: progress, as: h }\n  as: h2",
            "7:9: observe is named twice"),
        .init(steps: "- pause: 'up.x'", "3:12: pause: expected a name like up or $up, found \"up.x\""),
        // Triggers.
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { progress: 50%, event: pause }",
            "7:28: when takes one of progress, event and retry"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: {}",
            "7:11: when needs progress: N (or N%), event: STATUS or retry: N"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { event: done }",
            "7:20: event: unknown status \"done\" (expected one of: resume, progress, pause, success, failure)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { progress: 150% }",
            "7:23: progress: a percentage must be between 0% and 100%"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { progress: lots }",
            "7:23: progress: expected a size like 256KiB or a percentage like 50%, found \"lots\""),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { progres: 5 }",
            "7:13: unknown key \"progres\" for when (did you mean progress?)"),
        // Expectations.
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: [resume, sucess] }",
            "5:32: events: bad pattern item \"sucess\": unknown event \"sucess\" (did you mean success?)"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"resume progress{2,1}\" }",
            "5:23: events: bad pattern item \"progress{2,1}\": the count {2,1} has its minimum above its maximum"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"resume progress{,2}\" }",
            "5:23: events: bad pattern item \"progress{,2}\": expected a count ?, *, +, {n}, {n,m} or {n,} after the event, found \"{,2}\""
        ),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"failure(nope)\" }",
            "5:23: events: bad pattern item \"failure(nope)\": unknown error code \"nope\""),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"failure(cancelled\" }",
            "5:23: events: bad pattern item \"failure(cancelled\": missing ) after the error code"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"success(cancelled)\" }",
            "5:23: events: bad pattern item \"success(cancelled)\": only failure names an error code"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: \"resume +\" }",
            "5:23: events: bad pattern item \"+\": expected an event"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: [resume, 5] }",
            "5:32: events: expected an event like progress+ (a string), found the integer 5"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { events: { a: b } }",
            "5:23: events: expected an event pattern"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: notFound }",
            "5:22: unknown error code \"notFound\" (did you mean objectNotFound?)"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: -1 }",
            "5:22: unknown error code \"-1\" (expected a StorageErrorCode name or number: unknown, objectNotFound"
        ),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: { message: x } }",
            "5:22: error needs code: a StorageErrorCode name or number"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: { code: unknown, message: '/(/' } }",
            "5:48: message: /(/ is not a valid regular expression"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: { code: unknown, text: x } }",
            "5:39: unknown key \"text\" for error (expected one of: code, message, body)"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { error: [unknown] }",
            "5:22: error: expected a StorageErrorCode name or number, found a sequence"),
        .init(
            steps: "- downloadURL: a\n  expect: { matches: '(' }",
            "4:24: matches: \"(\" is not a valid regular expression"),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { sha256: abc }",
            "5:23: sha256: expected 64 hexadecimal digits, found \"abc\""),
        .init(
            steps: "- getMetadata: a\n  expect: { metadata: { contenttype: x } }",
            "4:27: unknown key \"contenttype\" for expected metadata (did you mean contentType?)"),
        .init(
            steps: "- getMetadata: a\n  expect: { metadata: { size: big } }",
            "4:33: size: expected a size like 256KiB, found \"big\""),
        .init(
            steps: "- getMetadata: a\n  expect: { metadata: { generation: x } }",
            "4:39: generation: expected an integer or a $NAME.field, found \"x\""),
        .init(
            steps: "- getMetadata: a\n  expect: { metadata: { contentType: 5 } }",
            "4:40: contentType: expected a string, found the integer 5"),
        .init(
            steps: "- getMetadata: a\n  expect: { metadata: { customMetadata: 5 } }",
            "4:43: customMetadata: expected a mapping of strings, or null, found the integer 5"),
        .init(
            steps: "- getMetadata: a\n  expect: { error: objectNotFound, metadata: { size: 1 } }",
            "4:15: expect: error cannot go with metadata, which describes a success"),
        .init(
            steps: "- delete: a\n  expect: { items: [] }",
            "4:15: unknown key \"items\" for expect of delete (expected one of: error, requests, sequence, took)"),
        .init(
            steps: "- delete: a\n  expect: { sequence: [] }",
            "4:25: sequence: expected 1 to 10000 request kinds, found 0"),
        .init(
            steps: "- delete: a\n  expect: { sequence: [delete, upload] }",
            "4:34: sequence: expected a request kind (uploadStart, chunk, finalize, query, cancel, download, metadata, update, list, delete), found"
        ),
        .init(
            steps: "- delete: a\n  expect: { sequence: delete }",
            "4:25: sequence: expected a list of request kinds, found"),
        .init(
            steps: "- ref: a\n  expect: { size: 1 }",
            "4:15: unknown key \"size\" for expect of ref (expected one of: fullPath, name, bucket, description, equals, error)"
        ),
        .init(
            steps: "- ref: a\n  expect: null",
            "4:13: expect: expected a mapping, or nil, found null (write nil to expect no reference)"),
        .init(steps: "- delete: a\n  expect: nil", "4:13: expect: expected a mapping, found \"nil\""),
        .init(
            steps: "- getData: a\n  maxSize: 1\n  expect: { metadata: { size: 1 } }",
            "5:15: expect: metadata is the final metadata of an upload; getData downloads"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { data: { text: x } }",
            "5:15: expect: data checks downloaded bytes; put uploads"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- await: up\n  expect: { sha256: abc }",
            "7:15: expect: sha256 checks downloaded bytes; $up uploads"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { progress: {} }",
            "5:25: progress needs completed, total or both"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  expect: { progress: { done: 1 } }",
            "5:27: unknown key \"done\" for progress"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- await: up\n  expect: { observer: { up: \"\" } }",
            "7:27: observer needs an observer, but $up is a task"),
        .init(
            steps: "- put: a\n  data: { text: x }\n  as: up\n- await: up\n  expect: { observer: [a] }",
            "7:25: observer: expected a mapping of observer handles to event patterns, found a sequence"),
        .init(steps: "- list: a\n  expect: { prefixes: a }", "4:25: prefixes: expected a list, found \"a\""),
        .init(steps: "- list: a\n  expect: { pageToken: null }", "4:26: pageToken: expected a string, found null"),
    ]
}
