/// The example rules of the Firebase docs' Cloud Storage security pages, as `DocExampleTests` decides them;
/// conditions a page shows as `<condition>` are made concrete.
enum DocExampleRules {
    static let lockedDefault = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write: if false;
            }
          }
        }
        """

    static let authenticatedOnly = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write: if request.auth != null;
            }
          }
        }
        """

    static let contentOwnerOnly = """
        // Grants a user access to a node matching their user ID
        service firebase.storage {
          match /b/{bucket}/o {
            // Files look like: "user/<UID>/file.txt"
            match /user/{userId}/{fileName} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
          }
        }
        """

    static let mixedPublicPrivate = """
        service firebase.storage {
          match /b/{bucket}/o {
            // Files look like: "user/<UID>/file.txt"
            match /user/{userId}/{fileName} {
              allow read;
              allow write: if request.auth.uid == userId;
            }
          }
        }
        """

    static let imageUploads = """
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              // Only allow uploads of any image file that's less than 5MB
              allow write: if request.resource.size < 5 * 1024 * 1024
                           && request.resource.contentType.matches('image/.*');
            }
          }
        }
        """

    static let recursiveImages = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            // Partial match for files that start with "images"
            match /images {
              // Exact match for "images/*"
              match /{imageId} {
                allow read: if imageId == 'profilePhoto.png';
              }
              // Exact match for "images/**"
              match /{allImages=**} {
                allow read: if request.auth != null;
              }
            }
          }
        }
        """

    /// The page writes `match b/{bucket}/o` (no leading slash), which no rules compiler accepts; fixed here.
    static let overlapping = """
        service firebase.storage {
          match /b/{bucket}/o {
            // Matches file names directly inside of '/images/'.
            match /images/{imageId} {
              allow read, write: if false;
            }

            // Matches file names anywhere under `/images/`
            match /images/{imageId=**} {
              allow read, write: if true;
            }
          }
        }
        """

    static let granular = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            // A read rule can be divided into read and list rules
            match /images/{imageId} {
              // Applies to single file read requests
              allow get: if request.auth != null;
              // Applies to list and listAll requests (Rules Version 2)
              allow list: if false;
            }
            // A write rule can be divided into create, update, and delete rules
            match /images/{imageId} {
              // Applies to writes to file contents
              allow create: if request.resource.size < 1024;
              // Applies to updates to (pre-existing) file metadata
              allow update: if resource.metadata.owner == request.auth.uid;
              // Applies to delete operations
              allow delete: if false;
            }
          }
        }
        """

    static let publicBucket = """
        // Anyone can read or write to the bucket, even non-users of your app.
        // Because it is shared with App Engine, this will also make
        // files uploaded using App Engine public.
        service firebase.storage {
          match /b/{bucket}/o {
            match /{allPaths=**} {
              allow read, write;
            }
          }
        }
        """

    static let userPrivate = """
        service firebase.storage {
          match /b/{bucket}/o {
            // Only a user can upload their profile picture, but anyone can view it
            match /users/{userId}/profilePicture.png {
              allow read;
              allow write: if request.auth.uid == userId;
            }
          }
        }
        """

    static let groupPrivate = """
        service firebase.storage {
          match /b/{bucket}/o {
            // Allow reads if the group ID in your token matches the file metadata's `owner` property
            // Allow writes if the group ID is in the user's custom token
            match /files/{groupId}/{fileName} {
              allow read: if resource.metadata.owner == request.auth.token.groupId;
              allow write: if request.auth.token.groupId == groupId;
            }
          }
        }
        """

    static let publicVisibility = """
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              // Allow reads if a custom 'visibility' field is set to 'public'
              allow read: if resource.metadata.visibility == 'public';
            }
          }
        }
        """

    static let signedInOrPublic = """
        service firebase.storage {
          match /b/{bucket}/o {
            // True if the user is signed in or the requested data is 'public'
            function signedInOrPublic() {
              return request.auth.uid != null || resource.metadata.visibility == 'public';
            }

            match /images/{imageId} {
              allow read, write: if signedInOrPublic();
            }
            match /mp3s/{mp3Ids} {
              allow read: if signedInOrPublic();
            }
          }
        }
        """

    static let referenceImages = """
        service firebase.storage {
          match /b/{bucket}/o {
            match /images {
              // Cascade read to any image type at any path
              match /{allImages=**} {
                allow read;
              }

              // Allow write files to the path "images/*", subject to the constraints:
              // 1) File is less than 5MB
              // 2) Content type is an image
              // 3) Uploaded content type matches existing content type
              // 4) File name (stored in imageId wildcard variable) is less than 32 characters
              match /{imageId} {
                allow write: if request.resource.size < 5 * 1024 * 1024
                             && request.resource.contentType.matches('image/.*')
                             && request.resource.contentType == resource.contentType
                             && imageId.size() < 32
              }
            }
          }
        }
        """

    static let recentFiles = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /recent/{fileName} {
              // Allow a read if the file was created less than one hour ago
              allow read: if request.time < resource.timeCreated + duration.value(1, 'h');
            }
          }
        }
        """

    static let listVersionTwo = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /files/{fileId} {
              allow list: if request.auth != null;
            }
          }
        }
        """

    static let all = [
        lockedDefault, authenticatedOnly, contentOwnerOnly, mixedPublicPrivate, imageUploads, recursiveImages,
        overlapping, granular, publicBucket, userPrivate, groupPrivate, publicVisibility, signedInOrPublic,
        referenceImages, recentFiles, listVersionTwo,
    ]
}
