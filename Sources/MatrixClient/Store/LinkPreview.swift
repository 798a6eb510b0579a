import Foundation
import MatrixCrypto
import MatrixJSON

/// What a web page a message links to looks like, bundled into the message by its sender
/// (MSC4095: `m.url_previews`, or `com.beeper.linkpreviews` as gomuks and Beeper send it), so no
/// homeserver learns the link from the readers. OpenGraph's fields, each optional, and a picture
/// the sender uploaded (encrypted in an encrypted room).
public struct LinkPreview: Sendable, Equatable, Codable {
    /// The address in the message's body the preview is of.
    public var matchedURL: String?
    /// The page's own address (`og:url`).
    public var url: String?
    public var title: String?
    public var siteName: String?
    public var summary: String?
    public var image: MediaThumbnail?

    public init(matchedURL: String?, url: String? = nil, title: String? = nil, siteName: String? = nil, summary: String? = nil,
                image: MediaThumbnail? = nil) {
        self.matchedURL = matchedURL
        self.url = url
        self.title = title
        self.siteName = siteName
        self.summary = summary
        self.image = image
    }

    /// The content key of a bundle in the MSC, and the unstable one in use until it is accepted
    /// (which this client sends).
    static let bundleKey = "m.url_previews"
    static let unstableBundleKey = "com.beeper.linkpreviews"
    /// The most previews of one message kept: more would only be a wall of text.
    public static let limit = 3

    /// The previews bundled in a message's content; none when there is no bundle, or only entries
    /// that ask the reader's homeserver for the preview (which this client does not do: the
    /// server would learn what the reader reads).
    static func bundle(in content: [String: JSONValue]) -> [LinkPreview] {
        guard let entries = (content[bundleKey] ?? content[unstableBundleKey])?.array else { return [] }
        return Array(entries.compactMap(LinkPreview.init(json:)).prefix(limit))
    }

    /// One entry of a bundle; nil when it names no address or says nothing of the page.
    init?(json: JSONValue) {
        guard case .object(let fields) = json else { return nil }
        let matched = (fields["matrix:matched_url"] ?? fields["matched_url"])?.string
        let url = fields["og:url"]?.string
        guard matched != nil || url != nil else { return nil }
        let encryption = (fields["matrix:image:encryption"] ?? fields["beeper:image:encryption"]).flatMap(AttachmentKeys.init(json:))
        let imageURL = encryption != nil ? (fields["matrix:image:encryption"] ?? fields["beeper:image:encryption"])?["url"]?.string
            : fields["og:image"]?.string
        let image = imageURL.map {
            MediaThumbnail(url: $0, encryption: encryption, mimeType: fields["og:image:type"]?.string, width: fields["og:image:width"]?.int,
                           height: fields["og:image:height"]?.int, size: fields["matrix:image:size"]?.int)
        }
        self.init(matchedURL: matched, url: url, title: fields["og:title"]?.string, siteName: fields["og:site_name"]?.string,
                  summary: fields["og:description"]?.string, image: image)
        guard title != nil || summary != nil || image != nil else { return nil }
    }

    /// The entry as this client sends it, under the unstable names readers know today.
    var contentJSON: JSONValue {
        var fields: [String: JSONValue] = [:]
        if let matchedURL { fields["matched_url"] = .string(matchedURL) }
        if let url { fields["og:url"] = .string(url) }
        if let title { fields["og:title"] = .string(title) }
        if let siteName { fields["og:site_name"] = .string(siteName) }
        if let summary { fields["og:description"] = .string(summary) }
        if let image {
            if let encryption = image.encryption {
                fields["beeper:image:encryption"] = .object(encryption.jsonFields.merging(["url": .string(image.url)]) { $1 })
            } else {
                fields["og:image"] = .string(image.url)
            }
            if let mimeType = image.mimeType { fields["og:image:type"] = .string(mimeType) }
            if let width = image.width { fields["og:image:width"] = .integer(Int64(width)) }
            if let height = image.height { fields["og:image:height"] = .integer(Int64(height)) }
            if let size = image.size { fields["matrix:image:size"] = .integer(Int64(size)) }
        }
        return .object(fields)
    }

    enum CodingKeys: String, CodingKey {
        case matchedURL = "matched_url", url, title, siteName = "site_name", summary = "description", image
    }
}

extension [LinkPreview] {
    /// The previews as a store row keeps them: one JSON column, NULL for the many messages without.
    var storedText: String? {
        guard !isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) }
    }
}
