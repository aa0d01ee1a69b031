import HangulCore
import HangulProtocol

/// Arbitrary bytes into the protocol's line parser (``HangulProtocol/Request/parse(line:)-([UInt8])``).
///
/// Checked: parsing never traps; an error's reply line is one line of valid JSON; a request the
/// parser accepts, written by the client's writer (`Request.line`), parses back as the same request
/// (the two directions agree); and whatever the JSON parser accepts, written back by the canonical
/// writer, reads back as the same value and is written the same way again.
public enum ProtocolTarget {
    public static func problems(_ data: UnsafeBufferPointer<UInt8>) -> [String] {
        let line = Array(data)
        var problems: [String] = []
        switch Request.parse(line: line, layouts: .builtIn) {
        case .blank: break
        case .request(let request):
            let written = request.line
            if written.last != 0x0A || written.dropLast().contains(0x0A) {
                problems.append("written request is not one line: \(request)")
            } else if Request.parse(line: Array(written.dropLast()), layouts: .builtIn) != .request(request) {
                problems.append(
                    "request changed when written and read back: \(String(decoding: written, as: UTF8.self))")
            }
        case .invalid(let error), .invalidNotification(let error):
            let reply = error.replyLine
            if reply.last != 0x0A || reply.dropLast().contains(0x0A) {
                problems.append("error reply is not one line: \(error)")
            } else if (try? JSONParser.parse(Array(reply.dropLast()))) == nil {
                problems.append("error reply is not JSON: \(String(decoding: reply, as: UTF8.self))")
            }
        }
        if let value = try? JSONParser.parse(line) {
            let written = value.serialized
            if let again = try? JSONParser.parse(written) {
                if again != value { problems.append("value changed when written and read back") }
                if again.serialized != written { problems.append("writing is not stable") }
            } else if written.count < Wire.maxLineBytes - 1 {
                problems.append("written value does not parse: \(String(decoding: written, as: UTF8.self))")
            }
        }
        return problems
    }
}
