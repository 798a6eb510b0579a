import Foundation
import GRDB
import MatrixCrypto
import MatrixJSON

/// The file an `m.image`, `m.file`, `m.video` or `m.audio` message carries. The store keeps it
/// in one JSON column (`media`) of the message or outbox row: media messages are few, so the
/// initial sync's rows gain one NULL, not six columns. A class, so a message without media pays
/// one pointer for it, not six fields (an initial sync holds tens of thousands of messages).
public final class MediaInfo: Sendable, Equatable, Codable {
    /// The `mxc://` URI as the event gave it (`url`, or `file.url` when encrypted); checked
    /// (`MediaURL`) only when it is used.
    public let url: String
    /// What opens the file, when it was sent to an encrypted room (the event's `file`).
    public let encryption: AttachmentKeys?
    /// The file's name; the body is a caption when this differs from it.
    public let fileName: String?
    public let mimeType: String?
    public let size: Int?
    public let width: Int?
    public let height: Int?

    public init(url: String, encryption: AttachmentKeys? = nil, fileName: String? = nil, mimeType: String? = nil, size: Int? = nil,
                width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.encryption = encryption
        self.fileName = fileName
        self.mimeType = mimeType
        self.size = size
        self.width = width
        self.height = height
    }

    /// The message types that carry a file.
    public static let msgtypes: Set<String> = ["m.image", "m.file", "m.video", "m.audio"]

    /// The file of a message's content, for the media message types: in the clear (`url`), or
    /// encrypted (`file`, with its keys); nil when neither is usable.
    convenience init?(msgtype: String, content: [String: JSONValue]) {
        guard Self.msgtypes.contains(msgtype) else { return nil }
        let encryption = content["file"].flatMap(AttachmentKeys.init(json:))
        guard let url = encryption != nil ? content["file"]?["url"]?.string : content["url"]?.string else { return nil }
        let info = content["info"]
        self.init(url: url, encryption: encryption, fileName: content["filename"]?.string, mimeType: info?["mimetype"]?.string,
                  size: info?["size"]?.int, width: info?["w"]?.int, height: info?["h"]?.int)
    }

    /// The content fields a message sends for this file (`body`, `msgtype` are the message's).
    var contentFields: [String: JSONValue] {
        var info: [String: JSONValue] = [:]
        if let mimeType { info["mimetype"] = .string(mimeType) }
        if let size { info["size"] = .integer(Int64(size)) }
        if let width { info["w"] = .integer(Int64(width)) }
        if let height { info["h"] = .integer(Int64(height)) }
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
            && lhs.encryption == rhs.encryption
    }

    enum CodingKeys: String, CodingKey {
        case url, file, fileName = "filename", mimeType = "mimetype", size, width = "w", height = "h"
    }

    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let file = try container.decodeIfPresent(JSONValue.self, forKey: .file)
        try self.init(url: container.decode(String.self, forKey: .url), encryption: file.flatMap(AttachmentKeys.init(json:)),
                      fileName: container.decodeIfPresent(String.self, forKey: .fileName),
                      mimeType: container.decodeIfPresent(String.self, forKey: .mimeType), size: container.decodeIfPresent(Int.self, forKey: .size),
                      width: container.decodeIfPresent(Int.self, forKey: .width), height: container.decodeIfPresent(Int.self, forKey: .height))
    }

    /// The keys go into the column as the event's `file` fields (without `url`, kept beside them).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(encryption.map { JSONValue.object($0.jsonFields) }, forKey: .file)
        try container.encodeIfPresent(fileName, forKey: .fileName)
        try container.encodeIfPresent(mimeType, forKey: .mimeType)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
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
