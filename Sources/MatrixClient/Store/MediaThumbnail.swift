import MatrixCrypto
import MatrixJSON

/// The smaller picture a sender made of an image or a video, from the message's `info`: in the
/// clear (`thumbnail_url`) or encrypted (`thumbnail_file`), with its own size and type
/// (`thumbnail_info`). What an inline picture fetches first.
public struct MediaThumbnail: Sendable, Equatable, Codable {
    public let url: String
    public let encryption: AttachmentKeys?
    public let mimeType: String?
    public let width: Int?
    public let height: Int?
    public let size: Int?

    public init(url: String, encryption: AttachmentKeys? = nil, mimeType: String? = nil, width: Int? = nil, height: Int? = nil, size: Int? = nil) {
        self.url = url
        self.encryption = encryption
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.size = size
    }

    /// From a media message's `info`; nil without a usable thumbnail.
    init?(info: JSONValue) {
        let encryption = info["thumbnail_file"].flatMap(AttachmentKeys.init(json:))
        guard let url = encryption != nil ? info["thumbnail_file"]?["url"]?.string : info["thumbnail_url"]?.string else { return nil }
        let details = info["thumbnail_info"]
        self.init(url: url, encryption: encryption, mimeType: details?["mimetype"]?.string, width: details?["w"]?.int,
                  height: details?["h"]?.int, size: details?["size"]?.int)
    }

    /// The fields it adds to a message's `info`.
    var infoFields: [String: JSONValue] {
        var details: [String: JSONValue] = [:]
        if let mimeType { details["mimetype"] = .string(mimeType) }
        if let width { details["w"] = .integer(Int64(width)) }
        if let height { details["h"] = .integer(Int64(height)) }
        if let size { details["size"] = .integer(Int64(size)) }
        var fields: [String: JSONValue] = ["thumbnail_info": .object(details)]
        if let encryption {
            fields["thumbnail_file"] = .object(encryption.jsonFields.merging(["url": .string(url)]) { $1 })
        } else {
            fields["thumbnail_url"] = .string(url)
        }
        return fields
    }

    enum CodingKeys: String, CodingKey {
        case url, encryption = "file", mimeType = "mimetype", width = "w", height = "h", size
    }
}
