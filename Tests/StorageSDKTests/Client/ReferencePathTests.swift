import Foundation
import StorageSDK
import Testing

/// `child`, `parent`, `root`, `name`, `fullPath`, `bucket` and `description` through `Storage`
/// (docs/semantics.md §1.4, §1.5).
@Suite struct ReferencePathTests {
    /// What a reference should look like: its object is nil at the root and `""` for an empty path.
    struct Shape: Sendable, CustomStringConvertible {
        let object: String?
        let name: String
        let printed: String
        var description: String { printed }
    }

    static func shape(of reference: StorageReference) -> Shape {
        Shape(object: reference.storagePath.object, name: reference.name, printed: reference.description)
    }

    /// root.child(input) → (object, name, description).
    static let children: [(String, String?, String, String)] = [
        ("object", "object", "object", "gs://bucket/object"),
        ("", nil, "", "gs://bucket/"),
        ("/object", "object", "object", "gs://bucket/object"),
        ("object/", "object", "object", "gs://bucket/object"),
        ("/object/", "object", "object", "gs://bucket/object"),
        ("path/to/object/", "path/to/object", "object", "gs://bucket/path/to/object"),
        ("/path///to////object////////", "path/to/object", "object", "gs://bucket/path/to/object"),
        ("//////////", "", "", "gs://bucket/"),
        ("/", "", "", "gs://bucket/"),
        ("//", "", "", "gs://bucket/"),
        (".", ".", ".", "gs://bucket/."),
        ("..", "..", "..", "gs://bucket/.."),
        ("a//b", "a/b", "b", "gs://bucket/a/b"),
        ("a/./b", "a/./b", "b", "gs://bucket/a/./b"),
        ("a/../b", "a/../b", "b", "gs://bucket/a/../b"),
        (" ", " ", " ", "gs://bucket/ "),
        ("a\nb", "a\nb", "a\nb", "gs://bucket/a\nb"),
        ("a?b#c", "a?b#c", "a?b#c", "gs://bucket/a?b#c"),
        ("%2F", "%2F", "%2F", "gs://bucket/%2F"),
        ("images/space.jpg", "images/space.jpg", "space.jpg", "gs://bucket/images/space.jpg"),
    ]

    @Test(arguments: children)
    func childOfTheRoot(input: String, object: String?, name: String, printed: String) {
        let (storage, _) = makeStorage()
        let child = storage.reference().child(input)
        #expect(child.storagePath.object == object)
        #expect(child.fullPath == (object ?? ""))
        #expect(child.name == name)
        #expect(child.description == printed)
        #expect(child.bucket == "bucket")
        #expect(storage.reference(withPath: input) == child)
    }

    @Test func separateChildrenJoin() {
        let (storage, _) = makeStorage()
        let root = storage.reference()
        #expect(root.child("/path").child("to/").child("object").description == "gs://bucket/path/to/object")
        #expect(root.child("path").child("to").child("object") == root.child("path/to/object"))
    }

    @Test func childOfAnEmptyStringIsAnEqualCopy() {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: "a/b")
        #expect(reference.child("") == reference)
        #expect(storage.reference().child("") == storage.reference())
    }

    /// reference(withPath:) → its parent's (object, description); nil when it has none.
    static let parents: [(String, String?, String?)] = [
        ("path/to/object", "path/to", "gs://bucket/path/to"),
        ("path/to////", "path", "gs://bucket/path"),
        ("path", "", "gs://bucket/"),
        ("/////", nil, nil),
        ("", nil, nil),
        ("images/space.jpg", "images", "gs://bucket/images"),
        ("..", "", "gs://bucket/"),
        (".", "", "gs://bucket/"),
    ]

    @Test(arguments: parents)
    func parentOf(path: String, object: String?, printed: String?) {
        let (storage, _) = makeStorage()
        let parent = storage.reference(withPath: path).parent()
        #expect(parent?.storagePath.object == object)
        #expect(parent?.description == printed)
    }

    @Test(arguments: ["", "/////", "path/to/object", "a"])
    func rootOfAnyReferenceIsTheRoot(path: String) {
        let (storage, _) = makeStorage()
        let root = storage.reference(withPath: path).root()
        #expect(root == storage.reference())
        #expect(root.description == "gs://bucket/")
        #expect(root.storagePath.object == nil)
        #expect(root.name == "")
        #expect(root.fullPath == "")
    }

    @Test func theRootHasNoParent() {
        let (storage, _) = makeStorage()
        #expect(storage.reference().parent() == nil)
        #expect(storage.reference().root().parent() == nil)
        #expect(storage.reference(withPath: "images/space.jpg").root().parent() == nil)
    }

    @Test func theParentOfASingleSegmentIsTheEmptyPathNotTheRoot() throws {
        let (storage, _) = makeStorage()
        let empty = try #require(storage.reference(withPath: "images").parent())
        #expect(empty.description == "gs://bucket/")
        #expect(empty.fullPath == "")
        #expect(empty.name == "")
        #expect(empty.storagePath.object == "")
        #expect(empty != storage.reference())
        #expect(empty == storage.reference().child("/"))
        #expect(empty.parent() == nil)
        #expect(empty.root() == storage.reference())
    }

    // MARK: The guides' examples

    @Test func namesMatchWhileFullPathsDiffer() {
        let (storage, _) = makeStorage()
        let storageRef = storage.reference()
        let mountainsRef = storageRef.child("mountains.jpg")
        let mountainImagesRef = storageRef.child("images/mountains.jpg")
        #expect(mountainsRef.name == mountainImagesRef.name)
        #expect(mountainsRef.name == "mountains.jpg")
        #expect(mountainsRef.fullPath == "mountains.jpg")
        #expect(mountainImagesRef.fullPath == "images/mountains.jpg")
        #expect(mountainsRef.fullPath != mountainImagesRef.fullPath)
        #expect(mountainsRef != mountainImagesRef)
    }

    @Test func navigatingFromSpaceToEarth() throws {
        let (storage, _) = makeStorage()
        let spaceRef = storage.reference().child("images/space.jpg")
        let earthRef = try #require(spaceRef.parent()?.child("earth.jpg"))
        #expect(earthRef.fullPath == "images/earth.jpg")
        #expect(earthRef.name == "earth.jpg")
        #expect(earthRef == storage.reference(withPath: "images/earth.jpg"))
        #expect(spaceRef.root().parent() == nil)
        let imagesRef = try #require(spaceRef.parent())
        let emptyRef = try #require(imagesRef.parent())
        #expect(emptyRef.description == "gs://bucket/")
        #expect(emptyRef != spaceRef.root())
    }

    @Test func descriptionAndBucketOfANestedPath() {
        let (storage, _) = makeStorage(bucket: "my-app.appspot.com")
        let reference = storage.reference(withPath: "images/stars.jpg")
        #expect(reference.bucket == "my-app.appspot.com")
        #expect(reference.description == "gs://my-app.appspot.com/images/stars.jpg")
        #expect(storage.reference().description == "gs://my-app.appspot.com/")
    }
}
