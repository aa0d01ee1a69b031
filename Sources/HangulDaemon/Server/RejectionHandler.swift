import NIOCore

/// Serves a connection that arrives over the session limit: one final line, then close.
///
/// No session is created and nothing the client sends is read into memory beyond NIO's read buffer.
final class RejectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let reply: [UInt8]
    private let finalWriteTimeout: TimeAmount

    init(reply: [UInt8], finalWriteTimeout: TimeAmount) {
        self.reply = reply
        self.finalWriteTimeout = finalWriteTimeout
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        var buffer = channel.allocator.buffer(capacity: self.reply.count)
        buffer.writeBytes(self.reply)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(Self.wrapOutboundOut(buffer), promise: written)
        let timeout = context.eventLoop.scheduleTask(in: self.finalWriteTimeout) {
            channel.close(promise: nil)
        }
        written.futureResult.whenComplete { _ in
            timeout.cancel()
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Discarded: this connection is only told why it is being closed.
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
