/// Counts with their noun in the right number: `1 file`, `2 files`, `0 expected failures`.
package enum Plural {
    /// `count` and `noun`, with `plural` (default: `noun` + s) unless the count is one.
    package static func count(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }
}
