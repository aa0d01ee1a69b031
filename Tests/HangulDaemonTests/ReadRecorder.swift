import NIOCore

/// Sits at the front of a test pipeline and counts the `read()` calls that get through to the socket.
final class ReadRecorder: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer

    private(set) var reads = 0

    func read(context: ChannelHandlerContext) {
        self.reads += 1
        context.read()
    }
}
