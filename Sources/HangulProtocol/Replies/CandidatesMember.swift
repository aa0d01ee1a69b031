import HangulKeys

/// The `candidates` member of a state (PROTOCOL.md section 5): absent, `null` or a page.
public enum CandidatesMember: Equatable, Sendable {
    /// No list was open before or after the request: the member is left out, so a session that
    /// never presses a hanja key gets the replies it always got.
    case absent
    /// The request closed the list: `null`, once.
    case closed
    /// A list is open after the request.
    case open(CandidatePage)

    /// The member for a key's change to the list and the page of the list open after it (nil when
    /// none is): a list open after the key is shown even if the key left it as it was.
    public init(_ change: CandidateChange, page: CandidatePage?) {
        if let page {
            self = .open(page)
        } else {
            self = change == .unchanged ? .absent : .closed
        }
    }

    init(reading reader: ResultReader) throws(ReplyParseError) {
        guard reader.has("candidates") else {
            self = .absent
            return
        }
        if case .null = try reader.member("candidates") {
            self = .closed
        } else {
            self = .open(try CandidatePage(reading: reader.object("candidates")))
        }
    }
}

extension JSONWriter {
    /// Appends the members a state ends with when conversion needs them: `delete_before` when above
    /// zero, then `candidates` unless absent, each after a comma.
    public mutating func conversionMembers(deleteBefore: Int, candidates: CandidatesMember) {
        if deleteBefore > 0 {
            raw(#","delete_before":"#)
            integer(Int64(deleteBefore))
        }
        switch candidates {
        case .absent:
            break
        case .closed:
            raw(#","candidates":null"#)
        case .open(let page):
            raw(#","candidates":"#)
            page.write(to: &self)
        }
    }
}
