import Logging
import NIOCore

/// Sits on the listening channel and keeps accept-side errors from ever closing it.
///
/// NIO reports here both failures of `accept` (e.g. out of file descriptors, which NIO retries) and
/// connections our initializer refused; the former are logged, the latter were logged already.
final class AcceptErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Channel

    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is ConnectionRefused {
            return
        }
        self.logger.error("accepting a connection failed", metadata: ["error": "\(LoggableError.describe(error))"])
    }
}
