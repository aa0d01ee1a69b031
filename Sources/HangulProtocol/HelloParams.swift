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
