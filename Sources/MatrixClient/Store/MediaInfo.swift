import Foundation
import GRDB
import MatrixCrypto
import MatrixJSON

/// The file an `m.image`, `m.file`, `m.video` or `m.audio` message carries. The store keeps it
/// in one JSON column (`media`) of the message or outbox row: media messages are few, so the
/// initial sync's rows gain one NULL, not eight columns. A class, so a message without media pays
/// one pointer for it, not eight fields (an initial sync holds tens of thousands of messages).
public final class MediaInfo: Sendable, Equatable, Codable {
    /// The `mxc://` URI as the event gave it (`url`, or `file.url` when encrypted); checked
    /// (`MediaURL`) only when it is used.
    public let url: String
    /// What opens the file, when it was sent to an encrypted room (the event's `file`).
    public let encryption: AttachmentKeys?
    /// A smaller picture the sender made of an image or video (`info.thumbnail_url` or `_file`).
    public let thumbnail: MediaThumbnail?
    /// The file's name; the body is a caption when this differs from it.
    public let fileName: String?
    public let mimeType: String?
    public let size: Int?
    public let width: Int?
    public let height: Int?

    public init(url: String, encryption: AttachmentKeys? = nil, fileName: String? = nil, mimeType: String? = nil, size: Int? = nil,
                width: Int? = nil, height: Int? = nil, thumbnail: MediaThumbnail? = nil) {
        self.url = url
        self.encryption = encryption
        self.thumbnail = thumbnail
        self.fileName = fileName
        self.mimeType = mimeType
        self.size = size
        self.width = width
        self.height = height
    }

    /// The message types that carry a file; a sticker's is its event type (`MessageRecord`).
    public static let msgtypes: Set<String> = ["m.image", "m.file", "m.video", "m.audio", MessageRecord.stickerType]

    /// The file of a message's content, for the media message types: in the clear (`url`), or
    /// encrypted (`file`, with its keys); nil when neither is usable.
    convenience init?(msgtype: String, content: [String: JSONValue]) {
        guard Self.msgtypes.contains(msgtype) else { return nil }
        let encryption = content["file"].flatMap(AttachmentKeys.init(json:))
        guard let url = encryption != nil ? content["file"]?["url"]?.string : content["url"]?.string else { return nil }
        let info = content["info"]
        self.init(url: url, encryption: encryption, fileName: content["filename"]?.string, mimeType: info?["mimetype"]?.string,
                  size: info?["size"]?.int, width: info?["w"]?.int, height: info?["h"]?.int, thumbnail: info.flatMap(MediaThumbnail.init(info:)))
    }

    /// The content fields a message sends for this file (`body`, `msgtype` are the message's).
    var contentFields: [String: JSONValue] {
        var info: [String: JSONValue] = [:]
        if let mimeType { info["mimetype"] = .string(mimeType) }
        if let size { info["size"] = .integer(Int64(size)) }
        if let width { info["w"] = .integer(Int64(width)) }
        if let height { info["h"] = .integer(Int64(height)) }
        info.merge(thumbnail?.infoFields ?? [:]) { $1 }
        var fields: [String: JSONValue] = ["info": .object(info)]
        if let encryption {
            fields["file"] = .object(encryption.jsonFields.merging(["url": .string(url)]) { $1 })
        } else {
            fields["url"] = .string(url)
        }
        if let fileName { fields["filename"] = .string(fileName) }
        return fields
    }

    public static func == (lhs: MediaInfo, rhs: MediaInfo) -> Bool {
        (lhs.url, lhs.fileName, lhs.mimeType, lhs.size, lhs.width, lhs.height) == (rhs.url, rhs.fileName, rhs.mimeType, rhs.size, rhs.width, rhs.height)
            && lhs.encryption == rhs.encryption && lhs.thumbnail == rhs.thumbnail
    }

    enum CodingKeys: String, CodingKey {
        case url, encryption = "file", fileName = "filename", mimeType = "mimetype", size, width = "w", height = "h", thumbnail
    }

    /// The column's text: compact JSON.
    var storedText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

extension MediaInfo: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { storedText.databaseValue }

    public static func fromDatabaseValue(_ value: DatabaseValue) -> MediaInfo? {
        guard let text = String.fromDatabaseValue(value) else { return nil }
        return try? JSONDecoder().decode(MediaInfo.self, from: Data(text.utf8))
    }
}
