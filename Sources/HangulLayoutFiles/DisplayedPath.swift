/// A path as a message shows it: UTF-8 as is, and each byte that is not part of valid UTF-8 as
/// `\xNN`, so a file whose name is not UTF-8 is still named exactly (a replacement character
/// would not tell the user which file, nor let them type its name).
struct DisplayedPath {
    let text: String

    init(_ bytes: [UInt8]) {
        var text = ""
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        decoding: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    text += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                offset += length
            case .emptyInput:
                break decoding
            }
        }
        self.text = text
    }
}
