/// A file's content type, told by its extension, and the message type that carries it.
public enum MediaType {
    private static let byExtension: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "mp4": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "mkv": "video/x-matroska",
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "opus": "audio/ogg", "m4a": "audio/mp4", "wav": "audio/wav", "flac": "audio/flac",
        "txt": "text/plain", "md": "text/markdown", "pdf": "application/pdf", "json": "application/json",
        "zip": "application/zip", "gz": "application/gzip", "tar": "application/x-tar",
    ]

    /// What the server and other clients are told; unknown extensions are plain bytes.
    public static func contentType(forFileName name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "application/octet-stream" }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    /// `m.image`, `m.video`, `m.audio` by the content type's kind; `m.file` for the rest. SVG goes
    /// as a file: clients that show images inline should not render scripts from it.
    public static func msgtype(forContentType contentType: String) -> String {
        if contentType == "image/svg+xml" { return "m.file" }
        switch contentType.prefix(while: { $0 != "/" }) {
        case "image": return "m.image"
        case "video": return "m.video"
        case "audio": return "m.audio"
        default: return "m.file"
        }
    }
}
