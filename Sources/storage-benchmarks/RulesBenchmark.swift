import Foundation
import SecurityRules

/// Security rules: loading a generated 1,000-line rules file, and deciding a realistic authorised GET.
enum RulesBenchmark {
    static func run(loads: Int, decisions: Int) {
        let text = generatedFile(lines: 1000)
        let source = RulesSource(name: "generated.rules", text: text)
        var program: RulesProgram?
        let load = Stopwatch.best(of: loads) { program = try? RulesProgram(source) }
        guard let program else {
            print("the generated rules file does not load")
            exit(2)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        print(String(format: "rules file: %d lines, %.1f KB", lines, Double(text.utf8.count) / 1000))
        print("  load (parse + check): best \(Stopwatch.format(load.best)), median \(Stopwatch.format(load.median))")

        let request = RulesRequest(
            method: .get, bucket: "demo.appspot.com", path: "users/user-499/photos/cat.jpg",
            auth: RulesAuth(
                uid: "user-499", token: ["email": .string("u@example.com"), "email_verified": .bool(true)]),
            resource: RulesObject(fields: [
                "name": .string("users/user-499/photos/cat.jpg"), "bucket": .string("demo.appspot.com"),
                "size": .int(48_000), "contentType": .string("image/jpeg"),
                "metadata": .map(["owner": .string("user-499")]),
            ]))
        var allowed = 0
        let rounds = 5
        let decide = Stopwatch.best(of: rounds) {
            allowed = 0
            for _ in 0..<decisions where program.decide(request).allowed { allowed += 1 }
        }
        let perDecision = decide.best / Double(max(decisions, 1))
        print(
            "  decide an authorised GET (\(allowed) of \(decisions) allowed): best \(Stopwatch.format(perDecision)) "
                + String(format: "per decision (%.0f decisions/s), best of %d", 1 / perDecision, rounds))

        // The same GET by another user: denied, and the denial explained (the condition evaluated again).
        var stranger = request
        stranger.auth = RulesAuth(uid: "user-498")
        var explained = 0
        let deny = Stopwatch.best(of: rounds) {
            explained = 0
            for _ in 0..<decisions where program.decide(stranger).explanation.contains("is false") { explained += 1 }
        }
        let perDenial = deny.best / Double(max(decisions, 1))
        print(
            "  decide a stranger's GET (\(explained) of \(decisions) denied and explained): best "
                + "\(Stopwatch.format(perDenial)) "
                + String(format: "per decision (%.0f decisions/s), best of %d", 1 / perDenial, rounds))
    }

    /// A rules file the way people write them: helper functions, nested matches per feature, size and type limits,
    /// ownership checks; the realistic GET matches a block near the end.
    static func generatedFile(lines: Int) -> String {
        var text = """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                function signedIn() { return request.auth != null; }
                function isOwner(uid) { return signedIn() && request.auth.uid == uid; }
                function isImage() { return request.resource.contentType.matches('image/.*'); }
                function smallerThan(megabytes) { return request.resource.size < megabytes * 1024 * 1024; }

            """
        var feature = 0
        while text.split(separator: "\n", omittingEmptySubsequences: false).count < lines - 12 {
            text += """
                    // Feature \(feature): public assets, per-user uploads, reports.
                    match /feature\(feature)/public/{file} {
                      allow read;
                      allow write: if signedIn() && smallerThan(5) && isImage();
                    }
                    match /feature\(feature)/users/{uid}/{rest=**} {
                      allow read: if isOwner(uid) || resource.metadata.visibility == 'public';
                      allow create: if isOwner(uid) && smallerThan(10);
                      allow update, delete: if isOwner(uid) && resource.metadata.owner == uid;
                    }
                    match /feature\(feature)/reports/{year}/{month}/{name} {
                      allow get: if signedIn() && request.auth.token.email_verified == true
                                 && int(year) >= 2020 && int(month) <= 12;
                      allow list: if signedIn();
                    }

                """
            feature += 1
        }
        text += """
                match /users/{uid} {
                  function ownsObject() { return resource.metadata.owner == request.auth.uid; }
                  match /photos/{photo} {
                    allow get: if isOwner(uid) && ownsObject() && photo.matches('.*[.](jpg|png)');
                    allow write: if isOwner(uid) && smallerThan(10) && isImage();
                  }
                }
              }
            }

            """
        return text
    }
}
