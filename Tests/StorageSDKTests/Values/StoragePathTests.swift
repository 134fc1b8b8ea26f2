import StorageSDK
import Testing

@Suite struct StoragePathTests {
    static let root = StoragePath(bucket: "bucket", object: nil)

    @Test(arguments: [
        ("/foo//bar///baz////", "foo/bar/baz"),
        ("", ""),
        ("/", ""),
        ("//////////", ""),
        ("a", "a"),
        ("a//b", "a/b"),
        (" a / b ", " a / b "),
        ("./../a/.", "./../a/."),
        ("a\\b", "a\\b"),
        ("%2F/%2F", "%2F/%2F"),
        ("a\nb/\r", "a\nb/\r"),
        ("é//🚀/", "é/🚀"),
    ])
    func standardizeCollapsesAndTrimsOnlySlashes(input: String, expected: String) {
        #expect(StoragePath.standardize(input) == expected)
    }

    @Test func initStandardizesTheObject() {
        #expect(StoragePath(bucket: "bucket", object: "path/to////").object == "path/to")
        #expect(StoragePath(bucket: "bucket", object: "/////").object == "")
        #expect(StoragePath(bucket: "bucket", object: nil).object == nil)
    }

    /// The SDK's child rows (docs/semantics.md §1.4).
    @Test(arguments: [
        ("object", "gs://bucket/object"),
        ("", "gs://bucket/"),
        ("/object", "gs://bucket/object"),
        ("object/", "gs://bucket/object"),
        ("/object/", "gs://bucket/object"),
        ("path/to/object/", "gs://bucket/path/to/object"),
        ("/path///to////object////////", "gs://bucket/path/to/object"),
        ("//////////", "gs://bucket/"),
    ])
    func childOfTheRoot(path: String, printed: String) {
        #expect(Self.root.child(path).description == printed)
    }

    @Test func childOfEmptyStringKeepsTheRoot() {
        let child = Self.root.child("")
        #expect(child.object == nil)
        #expect(child == Self.root)
    }

    @Test func childOfOnlySlashesIsTheEmptyPath() {
        let child = Self.root.child("//////////")
        #expect(child.object == "")
        #expect(child != Self.root)
    }

    @Test func childrenChain() {
        #expect(Self.root.child("/path").child("to/").child("object").description == "gs://bucket/path/to/object")
        #expect(Self.root.child("path").child("to").child("object").object == "path/to/object")
        #expect(Self.root.child("path/to/object").object == "path/to/object")
    }

    @Test func childOfTheEmptyPath() {
        let empty = Self.root.child("/")
        #expect(empty.child("").object == "")
        #expect(empty.child("a").object == "a")
    }

    @Test func sameChildIsEqualDifferentChildIsNot() {
        #expect(Self.root.child("1") == Self.root.child("1"))
        #expect(Self.root.child("1") != Self.root.child("2"))
        #expect(Self.root.description == "gs://bucket/")
    }

    /// docs/semantics.md §1.5: child expressions and what they keep literally.
    @Test(arguments: [
        ("/", "", ""),
        ("//", "", ""),
        (".", ".", "."),
        ("..", "..", ".."),
        ("a//b", "a/b", "b"),
        ("a/./b", "a/./b", "b"),
        ("a/../b", "a/../b", "b"),
        (" ", " ", " "),
        ("a\nb", "a\nb", "a\nb"),
        ("a?b#c", "a?b#c", "a?b#c"),
        ("%2F", "%2F", "%2F"),
    ])
    func derivedChildExamples(path: String, object: String, name: String) {
        let child = Self.root.child(path)
        #expect(child.object == object)
        #expect(child.name == name)
        #expect(child.fullPath == object)
    }

    @Test(arguments: [
        ("path/to/object", "path/to"),
        ("path/to////", "path"),
        ("a", ""),
        ("..", ""),
        (".", ""),
        ("a/b/", "a"),
    ])
    func parent(object: String, parentObject: String) throws {
        let parent = try #require(StoragePath(bucket: "bucket", object: object).parent())
        #expect(parent.object == parentObject)
        #expect(parent.bucket == "bucket")
    }

    @Test func parentOfTheRootAndOfTheEmptyPathIsNil() {
        #expect(Self.root.parent() == nil)
        #expect(StoragePath(bucket: "bucket", object: "/////").parent() == nil)
        #expect(Self.root.child("a").parent()?.parent() == nil)
    }

    @Test func parentOfASingleSegmentIsTheEmptyPathNotTheRoot() throws {
        let parent = try #require(Self.root.child("a").parent())
        #expect(parent.object == "")
        #expect(parent.description == "gs://bucket/")
        #expect(parent != Self.root)
    }

    @Test(arguments: [nil, "path/to/object", "/////", ""] as [String?])
    func rootPrintsTheBucket(object: String?) {
        let root = StoragePath(bucket: "bucket", object: object).root()
        #expect(root.object == nil)
        #expect(root.description == "gs://bucket/")
    }

    @Test func rootAndEmptyPathDifferButPrintTheSame() {
        let empty = StoragePath(bucket: "bucket", object: "")
        #expect(empty != Self.root)
        #expect(empty.description == Self.root.description)
        #expect(empty.name == "")
        #expect(Self.root.name == "")
        #expect(empty.fullPath == "")
        #expect(Self.root.fullPath == "")
        #expect(Set([empty, Self.root]).count == 2)
    }

    @Test func equalityAndHashingAreByteExact() {
        let composed = StoragePath(bucket: "bucket", object: "caf\u{E9}")
        let decomposed = StoragePath(bucket: "bucket", object: "cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        let composedBucket = StoragePath(bucket: "b\u{E9}", object: "a")
        let decomposedBucket = StoragePath(bucket: "be\u{301}", object: "a")
        #expect(composedBucket != decomposedBucket)
        #expect(StoragePath(bucket: "bucket", object: "caf\u{E9}") == composed)
        #expect(Set([composed, StoragePath(bucket: "bucket", object: "caf\u{E9}")]).count == 1)
        #expect(StoragePath(bucket: "other", object: "caf\u{E9}") != composed)
    }

    @Test func copiesAreEqual() {
        for path in [
            StoragePath(bucket: "bucket", object: "object"), StoragePath(bucket: "", object: "object"),
            StoragePath(bucket: "bucket", object: nil), StoragePath(bucket: "", object: nil),
        ] {
            let copy = StoragePath(bucket: path.bucket, object: path.object)
            #expect(copy == path)
            #expect(copy.hashValue == path.hashValue)
        }
    }

    /// The create-reference guide: navigate with child, parent and root.
    @Test func guideNavigation() throws {
        let images = Self.root.child("images")
        let space = images.child("space.jpg")
        #expect(space.fullPath == "images/space.jpg")
        #expect(space.name == "space.jpg")
        #expect(images.name == "images")
        #expect(Self.root.child("images/mountains.jpg").name == "mountains.jpg")
        let earth = try #require(space.parent()).child("earth.jpg")
        #expect(earth.fullPath == "images/earth.jpg")
        #expect(space.root() == Self.root)
        #expect(Self.root.parent() == nil)
        let imagesAgain = try #require(space.parent())
        #expect(imagesAgain == images)
        #expect(space.bucket == "bucket")
    }

    @Test func longNamesStayWhole() throws {
        let segment = String(repeating: "x", count: 5_000)
        let long = Self.root.child("dir/" + segment)
        #expect(long.name == segment)
        #expect(long.fullPath.utf8.count == 5_004)
        #expect(try #require(long.parent()).object == "dir")
        #expect(long.description == "gs://bucket/dir/" + segment)
        let manySegments = Array(repeating: "s", count: 2_500).joined(separator: "/")
        #expect(Self.root.child(manySegments).object == manySegments)
    }

    @Test(arguments: ["😀/🚀.png", "100%", "#tag", "with space", "..", "a/../b", "?x=1&y=2", "tab\there", "ça/va"])
    func oddNamesStayLiteral(path: String) {
        let child = Self.root.child(path)
        #expect(child.object == path)
        #expect(child.description == "gs://bucket/" + path)
    }
}
