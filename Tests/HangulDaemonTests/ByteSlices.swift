/// `text`'s UTF-8 bytes as the daemon's loop passes bytes around: a slice of an array.
func bytes(_ text: String) -> ArraySlice<UInt8> {
    Array(text.utf8)[...]
}
