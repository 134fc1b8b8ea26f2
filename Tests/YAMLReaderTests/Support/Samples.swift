/// Valid documents exercising the whole subset, used as fuzzing seeds and for bulk inputs.
enum Samples {
    static let scenario = """
        scenario: pausing and resuming an upload delivers every byte
        tags: [upload, pause-resume]
        covers: upload-files/manage-uploads
        targets: [reference]
        given:
          objects:
            "wrongPrefix//sadItem": { text: sad }
            photos/a.jpg: { random: 4KiB, seed: 1, contentType: image/jpeg }
          user: alice
        steps:
          - put: images/rivers.jpg
            data: { random: 1MiB, seed: 7 }
            metadata: { contentType: image/jpeg }
            as: upload
          - pause: upload
            when: { progress: 256KiB }
          - resume: upload
          - await: upload
            expect:
              events: [resume, progress+, pause, resume, progress+, success]
              metadata: { size: 1048576, contentType: image/jpeg }

        """

    static let seeds: [String] = [
        scenario,
        "a: 1\nb: -2\nc: +3\nd: 0x1F\ne: 0o17\nf: 1.5\ng: -0.25\nh: .inf\ni: -.inf\nj: .nan\nk: ~\nl: null\nm: true\nn: False\no: hello world\np:\n",
        "- a\n- - b\n  - c\n- key: v\n  k2: v2\n-\n- [x, y, {z: 1}]\n",
        "key:\n- a\n- b\nother:\n  - c\n  -   d\n",
        "text: |\n  line one\n  line two\n\n  line four\nfolded: >\n  some folded\n  text here\n\n  new para\n   indented\n  back\nstrip: |-\n  x\nkeep: |+\n  y\n\nlast: end\n",
        "s: 'it''s'\nd: \"tab\\there \\u00e9 \\x41 \\U0001F600 \\\\ \\\" \\/\"\nmulti: \"first\n  second\n\n  third\"\nsingle: 'one\n  two'\nesc: \"a\\\n  b\"\n",
        "# comment\n---\na: 1 # trailing\n...\n---\n- b\n--- c\n---\n",
        "flow: {a: 1, b: [2, 3], c: {d: e},\n  f: g, }\nseq: [\n  a,\n  b,\n  ]\n",
        "plain: this is\n  a multi line\n\n  plain scalar\nurl: http://example.com:8080/path?q=1#frag\ncolon: a:b\nhash: a#b\n",
        "nested:\n  deeper:\n    deepest:\n      - x\n      - y: [1, {2: 3}]\n    back: z\n",
        "- |\n  literal in seq\n- >-\n  folded in seq\n- |2\n    two extra\n- \"q\"\n- 'r'\n",
        "- {a: [b, c], \"d\": e}\n- [\"x\":1, y]\n",
        "k: v\nlist:\n  - one\n  - two: 2\n    three: 3\n  - - four\n    - five\n",
    ]
}
