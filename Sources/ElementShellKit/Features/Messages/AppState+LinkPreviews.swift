import Foundation
import MatrixClient
import MatrixCrypto

/// Previews of the pages our messages link to, made while the message is typed, so that sending
/// it never waits for one: an address is previewed once it is followed by a space, or once it has
/// stood at the end of the line for `previewPause`; the message takes the previews ready when it
/// is sent, bundled into it (MSC4095). Only in rooms `link_previews` allows: the homeserver that
/// makes a preview learns the address.
extension AppState {
    static let previewPause = Duration.milliseconds(700)

    /// Called with every change of the input line.
    func previewLinks(in text: String) {
        state.previewPause?.cancel()
        commit { $0.typedLine = text }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("/") || trimmed.hasPrefix("//"), let roomID = state.currentRoomID,
              previewsAllowed(in: roomID) else { return }
        for range in LinkFinder.links(in: text) {
            let url = String(text[range])
            guard state.linkPreviews[url] == nil else { continue }
            if range.upperBound < text.endIndex {
                fetchPreview(of: url, for: roomID)
            } else {
                let pause = schedule(.previewDue(url: url, roomID: roomID), after: Self.previewPause)
                commit { $0.previewPause = pause }
            }
        }
    }

    func previewsAllowed(in roomID: String) -> Bool {
        state.profile.settings.linkPreviews.allows(inEncryptedRoom: state.rooms[roomID]?.encryption != nil)
    }

    /// The pause after the last key ended with the address still being the open room's.
    func previewDue(_ url: String, in roomID: String) {
        guard state.currentRoomID == roomID, previewsAllowed(in: roomID) else { return }
        fetchPreview(of: url, for: roomID)
    }

    private func fetchPreview(of url: String, for roomID: String) {
        guard state.linkPreviews[url] == nil, let media = state.services?.media else { return }
        commit { $0.linkPreviews[url] = .fetching }
        let encrypted = state.rooms[roomID]?.encryption != nil
        perform { [logger] in
            var preview: LinkPreview?
            do throws(MatrixError) {
                preview = try await media.preview(of: url)
            } catch {
                logger.notice("No preview of an address (\(ErrorCodes.code(for: error)))")
            }
            // The server keeps the picture in the clear: an encrypted room's message carries it
            // uploaded again, encrypted, or not at all.
            if encrypted, let image = preview?.image {
                preview?.image = await Self.sealed(image, through: media)
            }
            return .previewFetched(url: url, preview)
        }
    }

    private static func sealed(_ image: MediaThumbnail, through media: any MediaService) async -> MediaThumbnail? {
        guard let source = MediaURL(image.url),
              let bytes = try? await media.download(source, maximumBytes: PictureSource.wholeFileLimit, progress: nil) else { return nil }
        let sealed = AttachmentCipher.encrypt(bytes)
        guard let uploaded = try? await media.upload(sealed.ciphertext, fileName: "preview", contentType: "application/octet-stream",
                                                     progress: nil) else { return nil }
        return MediaThumbnail(url: uploaded.description, encryption: sealed.keys, mimeType: image.mimeType, width: image.width,
                              height: image.height, size: bytes.count)
    }

    /// A preview came: kept for the message being typed, and shown above the prompt as what the
    /// message will carry, unless the message went (or its address was deleted) meanwhile.
    func previewFetched(_ url: String, _ preview: LinkPreview?) {
        commit { $0.linkPreviews[url] = preview.map(LinkPreviewFetch.ready) ?? .unavailable }
        guard let preview, LinkFinder.links(in: state.typedLine).contains(where: { state.typedLine[$0] == url }) else { return }
        report(Report(content: .previewReady(preview), location: nil))
    }

    /// The previews ready for the addresses in `body`, for a message to `roomID`; nil for none.
    func readyPreviews(for body: String, in roomID: String) -> [LinkPreview]? {
        guard previewsAllowed(in: roomID) else { return nil }
        let ready = LinkFinder.links(in: body).compactMap { range -> LinkPreview? in
            guard case .ready(let preview) = state.linkPreviews[String(body[range])] else { return nil }
            return preview
        }
        return ready.isEmpty ? nil : Array(ready.prefix(LinkPreview.limit))
    }
}
