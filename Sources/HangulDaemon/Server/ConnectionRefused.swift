/// Fails a connection's initializer so that NIO closes it without a word; the reason was logged already.
struct ConnectionRefused: Error {}
