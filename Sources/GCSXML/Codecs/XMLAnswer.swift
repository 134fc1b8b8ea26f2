import Primitives

/// What every XML API answer body shares: GCS's declaration and namespace.
enum XMLAnswer {
    /// The namespace Cloud Storage's XML answers declare (the one S3 uses).
    static let namespace = [("xmlns", "http://doc.s3.amazonaws.com/2006-03-01")]

    /// A writer for an answer body.
    static func writer() -> XMLWriter {
        XMLWriter(declaration: XMLWriter.singleQuotedDeclaration)
    }
}
