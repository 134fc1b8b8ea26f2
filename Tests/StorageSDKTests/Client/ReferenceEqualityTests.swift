import Foundation
import StorageSDK
import Testing

/// When two references are the same (docs/semantics.md §1.1, §1.4).
@Suite struct ReferenceEqualityTests {
    @Test func sameStorageAndSamePathAreEqualAndHashAlike() {
        let (storage, _) = makeStorage()
        let one = storage.reference().child("1")
        let again = storage.reference().child("1")
        #expect(one == again)
        #expect(one.hashValue == again.hashValue)
        #expect(Set([one, again]).count == 1)
        #expect(storage.reference(withPath: "a//b/") == storage.reference(withPath: "a/b"))
    }

    @Test func makingAChildLeavesTheOriginalAlone() {
        let (storage, _) = makeStorage()
        let root = storage.reference()
        _ = root.child("1")
        #expect(root.description == "gs://bucket/")
        #expect(root == storage.reference())
    }

    @Test func differentPathsDiffer() {
        let (storage, _) = makeStorage()
        #expect(storage.reference().child("1") != storage.reference().child("2"))
        #expect(storage.reference().child("a") != storage.reference().child("A"))
    }

    @Test func theRootAndTheEmptyPathDiffer() throws {
        let (storage, _) = makeStorage()
        let root = storage.reference()
        let empty = storage.reference().child("/")
        #expect(root.description == empty.description)
        #expect(root != empty)
        #expect(Set([root, empty]).count == 2)
        #expect(try #require(storage.reference(withPath: "a").parent()) == empty)
        #expect(storage.reference(withPath: "") == root)
    }

    @Test func storagesWithTheSameBucketAreNotTheSame() {
        let (first, _) = makeStorage()
        let second = Storage(bucket: "bucket", backend: first.backend)
        #expect(first.reference(withPath: "a") != second.reference(withPath: "a"))
        #expect(first.reference() != second.reference())
    }

    @Test func canonicallyEquivalentSpellingsAreDifferentPaths() {
        let (storage, _) = makeStorage()
        let composed = storage.reference(withPath: "caf\u{E9}")
        let decomposed = storage.reference(withPath: "cafe\u{301}")
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
    }
}
