/// Text that stops growing at `limit` characters and then ends in `…`: what an explanation quotes of an
/// expression or a value, so that a long condition or a 1 MiB string costs a denial a line, not a megabyte.
struct BoundedText {
    private(set) var text = ""
    private var remaining: Int
    /// Whether the limit was reached (and `…` written).
    private(set) var isFull = false

    init(limit: Int) {
        remaining = limit
    }

    mutating func write(_ piece: String) {
        guard !isFull else { return }
        let count = piece.count
        if count <= remaining {
            text += piece
            remaining -= count
        } else {
            text += piece.prefix(remaining) + "…"
            remaining = 0
            isFull = true
        }
    }

    mutating func write(_ piece: Substring) { write(String(piece)) }
}
