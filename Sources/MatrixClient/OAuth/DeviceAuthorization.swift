import Foundation

/// The answer of the device authorization endpoint (RFC 8628 §3.2): what the person types or
/// scans, and the code this device polls with.
public struct DeviceAuthorization: Decodable, Sendable, Equatable, CustomStringConvertible {
    /// Secret: it is what the token endpoint trades for the tokens.
    var deviceCode: String
    public var userCode: String
    public var verificationURI: URL
    public var verificationURIComplete: URL?
    public var expiresIn: Int
    /// Seconds between polls; RFC 8628 says 5 when the server does not say.
    public var interval: Int

    enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationURI = "verification_uri"
        case verificationURIComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    init(deviceCode: String, userCode: String, verificationURI: URL, verificationURIComplete: URL?, expiresIn: Int, interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        deviceCode = try container.decode(String.self, forKey: .deviceCode)
        userCode = try container.decode(String.self, forKey: .userCode)
        verificationURI = try container.decode(URL.self, forKey: .verificationURI)
        verificationURIComplete = try? container.decodeIfPresent(URL.self, forKey: .verificationURIComplete)
        expiresIn = try container.decode(Int.self, forKey: .expiresIn)
        interval = max(1, try container.decodeIfPresent(Int.self, forKey: .interval) ?? 5)
    }

    public var description: String {
        "DeviceAuthorization(userCode: \(userCode), verificationURI: \(verificationURI.absoluteString), deviceCode: <redacted>)"
    }
}

/// What the person is shown while this device waits for their approval.
public struct DeviceCodePrompt: Sendable, Equatable {
    public var verificationURI: URL
    public var userCode: String
    /// The link with the code in it, for the QR code and for a browser on this machine.
    public var verificationURIComplete: URL?
    public var expiresIn: Int
    public var openedInBrowser: Bool
    /// The profile's `show_qr_code_login`.
    public var showsQRCode: Bool

    public init(verificationURI: URL, userCode: String, verificationURIComplete: URL?, expiresIn: Int, openedInBrowser: Bool,
                showsQRCode: Bool = true) {
        self.verificationURI = verificationURI
        self.userCode = userCode
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.openedInBrowser = openedInBrowser
        self.showsQRCode = showsQRCode
    }
}
