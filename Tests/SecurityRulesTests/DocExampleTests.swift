import Foundation
import SecurityRules
import Testing

/// The example rules of the Firebase docs' Cloud Storage security pages, with the decisions the pages state.
/// Each test names its page and section; conditions shown as `<condition>` in a page are made concrete.
@Suite struct DocExampleTests {
    private func decide(_ text: String, _ request: RulesRequest) throws -> Bool {
        try Rules.program(text).decide(request).allowed
    }

    private func image(size: Int64, type: String?) -> RulesObject {
        Rules.object("images/x", size: size, contentType: type)
    }

    @Test func everyExampleLoads() throws {
        for text in DocExampleRules.all { _ = try Rules.program(text) }
    }

    /// Get started: "Default rules" (locked mode) deny every request.
    @Test func getStartedLockedDefault() throws {
        for method in RulesMethod.allCases {
            #expect(
                try !decide(
                    DocExampleRules.lockedDefault, Rules.request(method, method == .list ? "" : "a.txt", uid: "u")))
        }
    }

    /// Get started / Rules conditions, "Authenticated private": any signed-in user, no one signed out.
    @Test func authenticatedOnly() throws {
        #expect(try decide(DocExampleRules.authenticatedOnly, Rules.request(.get, "any/file", uid: "u")))
        #expect(try decide(DocExampleRules.authenticatedOnly, Rules.request(.create, "any/file", uid: "u")))
        #expect(try decide(DocExampleRules.authenticatedOnly, Rules.request(.list, "any", uid: "u")))
        #expect(try !decide(DocExampleRules.authenticatedOnly, Rules.request(.get, "any/file")))
    }

    /// Get started, "Content-owner only access" (also Secure user data, "User private"): a user reads and writes
    /// only under user/<their uid>/.
    @Test func contentOwnerOnly() throws {
        #expect(try decide(DocExampleRules.contentOwnerOnly, Rules.request(.create, "user/u1/file.txt", uid: "u1")))
        #expect(try decide(DocExampleRules.contentOwnerOnly, Rules.request(.get, "user/u1/file.txt", uid: "u1")))
        #expect(try !decide(DocExampleRules.contentOwnerOnly, Rules.request(.get, "user/u1/file.txt", uid: "u2")))
        #expect(try !decide(DocExampleRules.contentOwnerOnly, Rules.request(.get, "user/u1/file.txt")))
        #expect(try !decide(DocExampleRules.contentOwnerOnly, Rules.request(.get, "user/u1/sub/file.txt", uid: "u1")))
    }

    /// Get started, "Mixed public and private access": anyone reads, only the owner writes.
    @Test func mixedPublicAndPrivate() throws {
        #expect(try decide(DocExampleRules.mixedPublicPrivate, Rules.request(.get, "user/u1/file.txt")))
        #expect(try decide(DocExampleRules.mixedPublicPrivate, Rules.request(.update, "user/u1/file.txt", uid: "u1")))
        #expect(try !decide(DocExampleRules.mixedPublicPrivate, Rules.request(.update, "user/u1/file.txt", uid: "u2")))
        #expect(try !decide(DocExampleRules.mixedPublicPrivate, Rules.request(.delete, "user/u1/file.txt")))
    }

    /// Rules conditions, "Validate data" (and Get started, "Data validation"): image uploads under 5 MB.
    @Test func imageUploadsUnderFiveMegabytes() throws {
        let small = image(size: 1024, type: "image/png")
        #expect(try decide(DocExampleRules.imageUploads, Rules.request(.create, "images/cat.png", incoming: small)))
        let large = image(size: 5 * 1024 * 1024, type: "image/png")
        #expect(try !decide(DocExampleRules.imageUploads, Rules.request(.create, "images/cat.png", incoming: large)))
        let text = image(size: 10, type: "text/plain")
        #expect(try !decide(DocExampleRules.imageUploads, Rules.request(.create, "images/cat.png", incoming: text)))
        // A delete has no request.resource: the condition errors and the allow denies.
        #expect(try !decide(DocExampleRules.imageUploads, Rules.request(.delete, "images/cat.png")))
    }

    /// Understand rules (core syntax), "Recursive wildcards": {imageId} matches one segment; under version 2
    /// {allImages=**} matches zero or more, images/profilePhoto.png included.
    @Test func recursiveWildcards() throws {
        #expect(try decide(DocExampleRules.recursiveImages, Rules.request(.get, "images/profilePhoto.png")))
        #expect(try !decide(DocExampleRules.recursiveImages, Rules.request(.get, "images/other.png")))
        #expect(
            try decide(
                DocExampleRules.recursiveImages,
                Rules.request(.get, "images/users/user:12345/profilePhoto.png", uid: "u")))
        #expect(try decide(DocExampleRules.recursiveImages, Rules.request(.get, "images/other.png", uid: "u")))
        #expect(try !decide(DocExampleRules.recursiveImages, Rules.request(.get, "videos/a.mp4", uid: "u")))
    }

    /// Understand rules (core syntax), "Overlapping match statements": any true allow grants, so every read and
    /// write under images/ is allowed although the first rule is false.
    @Test func overlappingMatches() throws {
        #expect(try decide(DocExampleRules.overlapping, Rules.request(.get, "images/a.png")))
        #expect(try decide(DocExampleRules.overlapping, Rules.request(.create, "images/a/b.png")))
        #expect(try !decide(DocExampleRules.overlapping, Rules.request(.get, "videos/a.mp4")))
        // Version 1: {imageId=**} matches one or more segments, so images/ itself is not a file it covers.
        #expect(try !decide(DocExampleRules.overlapping, Rules.request(.get, "images")))
    }

    /// Understand rules (core syntax), "Granular operations": get, list, create, update, delete apart.
    @Test func granularOperations() throws {
        #expect(try decide(DocExampleRules.granular, Rules.request(.get, "images/a.png", uid: "u")))
        #expect(try !decide(DocExampleRules.granular, Rules.request(.list, "images", uid: "u")))
        #expect(
            try decide(
                DocExampleRules.granular, Rules.request(.create, "images/a.png", incoming: image(size: 10, type: nil))))
        let mine = Rules.object("images/a.png", metadata: ["owner": "u"])
        #expect(try decide(DocExampleRules.granular, Rules.request(.update, "images/a.png", uid: "u", resource: mine)))
        #expect(try !decide(DocExampleRules.granular, Rules.request(.update, "images/a.png", uid: "v", resource: mine)))
        #expect(try !decide(DocExampleRules.granular, Rules.request(.delete, "images/a.png", uid: "u", resource: mine)))
    }

    /// Rules conditions, "Public": requests that ignore request.auth.
    @Test func publicBucket() throws {
        for method in RulesMethod.allCases where method != .list {
            #expect(try decide(DocExampleRules.publicBucket, Rules.request(method, "any/where.txt")))
        }
        // The file has no rules_version: version 1 refuses every list (the list-files guide).
        let decision = try Rules.program(DocExampleRules.publicBucket).decide(Rules.request(.list, ""))
        #expect(!decision.allowed && decision.explanation == RulesProgram.versionOneListMessage)
    }

    /// Rules conditions, "User private": only the user uploads their profile picture, anyone views it.
    @Test func userPrivateProfilePicture() throws {
        #expect(try decide(DocExampleRules.userPrivate, Rules.request(.get, "users/u1/profilePicture.png")))
        #expect(
            try decide(DocExampleRules.userPrivate, Rules.request(.create, "users/u1/profilePicture.png", uid: "u1")))
        #expect(
            try !decide(DocExampleRules.userPrivate, Rules.request(.create, "users/u1/profilePicture.png", uid: "u2")))
        #expect(try !decide(DocExampleRules.userPrivate, Rules.request(.create, "users/u1/profilePicture.png")))
        #expect(try !decide(DocExampleRules.userPrivate, Rules.request(.get, "users/u1/other.png")))
    }

    /// Rules conditions, "Group private": reads by the metadata's owner group, writes by the path's group.
    @Test func groupPrivate() throws {
        let owned = Rules.object("files/g1/a", metadata: ["owner": "g1"])
        let member = ["groupId": RulesValue.string("g1")]
        #expect(
            try decide(
                DocExampleRules.groupPrivate,
                Rules.request(.get, "files/g1/a", uid: "u", token: member, resource: owned)))
        #expect(try !decide(DocExampleRules.groupPrivate, Rules.request(.get, "files/g1/a", uid: "u", resource: owned)))
        #expect(try decide(DocExampleRules.groupPrivate, Rules.request(.create, "files/g1/b", uid: "u", token: member)))
        #expect(
            try !decide(DocExampleRules.groupPrivate, Rules.request(.create, "files/g2/b", uid: "u", token: member)))
    }

    /// Rules conditions, "Resource evaluation": reads when the metadata's visibility is public.
    @Test func resourceMetadataVisibility() throws {
        let visible = Rules.object("images/a", metadata: ["visibility": "public"])
        #expect(try decide(DocExampleRules.publicVisibility, Rules.request(.get, "images/a", resource: visible)))
        #expect(
            try !decide(
                DocExampleRules.publicVisibility, Rules.request(.get, "images/a", resource: Rules.object("images/a"))))
        // No stored object: resource is null, the condition errors, the read is denied.
        #expect(try !decide(DocExampleRules.publicVisibility, Rules.request(.get, "images/a")))
    }

    /// Rules conditions, "Custom functions" (and Rules language, "Functions").
    @Test func customFunctionSignedInOrPublic() throws {
        #expect(
            try decide(
                DocExampleRules.signedInOrPublic, Rules.request(.get, "images/a", uid: "u", resource: Rules.object("a"))
            ))
        let visible = Rules.object("mp3s/a", metadata: ["visibility": "public"])
        #expect(try decide(DocExampleRules.signedInOrPublic, Rules.request(.get, "mp3s/a", resource: visible)))
        #expect(
            try !decide(
                DocExampleRules.signedInOrPublic, Rules.request(.get, "mp3s/a", resource: Rules.object("mp3s/a"))))
        #expect(try !decide(DocExampleRules.signedInOrPublic, Rules.request(.create, "mp3s/a", uid: "u")))
        #expect(try decide(DocExampleRules.signedInOrPublic, Rules.request(.create, "images/a", uid: "u")))
    }

    /// Storage rules reference, the example of "Cloud Storage Security Rules": read any image; write an existing
    /// image under 5 MB with the same image content type and a name under 32 characters.
    @Test func referenceImagesExample() throws {
        let stored = image(size: 100, type: "image/png")
        let replacement = image(size: 200, type: "image/png")
        #expect(try decide(DocExampleRules.referenceImages, Rules.request(.get, "images/a/b/c.png")))
        #expect(
            try decide(
                DocExampleRules.referenceImages,
                Rules.request(.update, "images/cat.png", resource: stored, incoming: replacement))
        )
        let jpeg = image(size: 200, type: "image/jpeg")
        #expect(
            try !decide(
                DocExampleRules.referenceImages,
                Rules.request(.update, "images/cat.png", resource: stored, incoming: jpeg)))
        let longName = String(repeating: "n", count: 32)
        #expect(
            try !decide(
                DocExampleRules.referenceImages,
                Rules.request(.update, "images/\(longName)", resource: stored, incoming: replacement)))
        // A create has no resource: resource.contentType is an error, so the write is denied.
        #expect(
            try !decide(
                DocExampleRules.referenceImages, Rules.request(.create, "images/cat.png", incoming: replacement)))
    }

    /// Storage rules reference, "Duration": a read within an hour of the file's creation.
    @Test func recentFilesByRequestTime() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        var file = Rules.object("recent/a")
        file.fields["timeCreated"] = .timestamp(created)
        let soon = Rules.request(.get, "recent/a", resource: file, time: created.addingTimeInterval(59 * 60))
        let late = Rules.request(.get, "recent/a", resource: file, time: created.addingTimeInterval(61 * 60))
        #expect(try decide(DocExampleRules.recentFiles, soon))
        #expect(try !decide(DocExampleRules.recentFiles, late))
    }

    /// List files guide: list needs rules_version '2' and an allow that covers the listed folder's children.
    @Test func listNeedsVersionTwo() throws {
        #expect(try decide(DocExampleRules.listVersionTwo, Rules.request(.list, "files", uid: "u")))
        #expect(try !decide(DocExampleRules.listVersionTwo, Rules.request(.list, "files")))
        #expect(try !decide(DocExampleRules.listVersionTwo, Rules.request(.list, "other", uid: "u")))
        let versionOne = DocExampleRules.listVersionTwo.replacingOccurrences(of: "rules_version = '2';\n", with: "")
        #expect(try !decide(versionOne, Rules.request(.list, "files", uid: "u")))
    }
}
