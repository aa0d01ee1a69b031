/// The parameters of `hello`: which protocol versions the client speaks, and who it is.
public struct HelloParams: Equatable, Sendable {
    /// The highest protocol version the client speaks.
    public var offeredVersion: Int64
    /// A name for logs, such as `"ibus-hangul-swift 0.3"`; at most ``Wire/maxClientNameBytes`` bytes.
    public var client: String?

    public init(offeredVersion: Int64, client: String? = nil) {
        self.offeredVersion = offeredVersion
        self.client = client
    }

    /// The version both sides speak: the highest the server speaks that is not above the offer.
    ///
    /// Version 1 is the only one so far, so any offer of 1 or more yields 1; a client that offers a
    /// future version and gets 1 back speaks version 1 on this connection or closes it.
    public var negotiatedVersion: Int64? {
        offeredVersion >= 1 ? min(offeredVersion, Wire.protocolVersion) : nil
    }
}

extension HelloParams {
    /// Reads `protocol` and `client`; an offer below version 1 is `-32002`.
    init(reading params: ParamsReader) throws(ProtocolError) {
        let offered = try params.required(
            "protocol", "the highest protocol version the client speaks; this server speaks \(Wire.protocolVersion)")
        guard case .integer(let version) = offered else {
            throw ParamsReader.invalid("params.protocol must be an integer, got \(offered.shortDescription)")
        }
        let client = try params.string("client", expected: "a string")
        if let client, client.utf8.count > Wire.maxClientNameBytes {
            throw ParamsReader.invalid(
                "params.client must be at most \(Wire.maxClientNameBytes) bytes, got a string of \(client.utf8.count) bytes"
            )
        }
        self.init(offeredVersion: version, client: client)
        guard negotiatedVersion != nil else {
            throw ProtocolError(
                code: .unsupportedProtocolVersion,
                message: "protocol version \(version) is not supported; this server speaks \(Wire.protocolVersion)")
        }
    }

    /// Appends the params object: `{"protocol":N}` or `{"protocol":N,"client":"…"}`.
    func write(to writer: inout JSONWriter) {
        writer.raw(#"{"protocol":"#)
        writer.integer(offeredVersion)
        if let client {
            writer.raw(#","client":"#)
            writer.string(client)
        }
        writer.raw("}")
    }
}
