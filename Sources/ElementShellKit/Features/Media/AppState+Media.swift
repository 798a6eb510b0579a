import Foundation
import MatrixClient
import MatrixCrypto
import Synchronization

extension AppState {
    /// The most one transfer moves, whatever the server allows: the file is held in memory whole.
    static let mediaSizeLimit = 100 << 20

    func send(_ action: MediaAction, in context: CommandContext) async -> Bool {
        switch action {
        case .upload(let path): await upload(expandingHome(path), to: context.openRoom)
        case .download(let reference, let path, let overwrite):
            await download(reference, to: path.map(expandingHome), overwrite: overwrite, through: context.signedIn.services)
        case .view(let reference): await viewPicture(reference, in: context.signedIn)
        }
    }

    /// Uploads first, then queues the message: a crash after the upload only loses an unused
    /// upload, and once queued the message goes out like any other, with the same `mxc://` URL.
    /// In an encrypted room the file is encrypted before it leaves, as the message is: the server
    /// keeps only ciphertext, and the keys travel inside the encrypted message.
    private func upload(_ path: String, to room: RoomContext) async -> Bool {
        // The room (and thread) of the moment the command was typed, however long the upload takes.
        let relation = await threadRelation(in: room.roomID)
        let service = room.services.media
        let fileName = URL(fileURLWithPath: path).lastPathComponent
        do throws(ShellError) {
            let serverLimit = (try? await service.uploadLimit()) ?? nil
            let limit = min(serverLimit ?? Self.mediaSizeLimit, Self.mediaSizeLimit)
            let data = try await LocalFile.offMainActor { () throws(ShellError) in try LocalFile.read(path, limit: limit) }
            let contentType = MediaType.contentType(forFileName: fileName)
            let msgtype = MediaType.msgtype(forContentType: contentType)
            let dimensions = msgtype == "m.image" ? ImageDimensions.of(data) : nil
            let sealed = state.rooms[room.roomID]?.encryption != nil ? try await LocalFile.offMainActor { AttachmentCipher.encrypt(data) } : nil
            let stored = sealed?.ciphertext ?? data, keys = sealed?.keys
            let url: MediaURL
            do {
                url = try await service.upload(stored, fileName: fileName, contentType: keys == nil ? contentType : "application/octet-stream",
                                               progress: transferReporter(.upload, fileName: fileName))
            } catch {
                throw .matrix(error)
            }
            // Nothing goes into the store of a session that ended during the upload.
            guard state.session == room.session else { throw notLoggedIn }
            let media = MediaInfo(url: url.description, encryption: keys, fileName: fileName, mimeType: contentType, size: data.count,
                                  width: dimensions?.width, height: dimensions?.height)
            return await queueMessage(fileName, msgtype: msgtype, in: room, relation: relation, format: .plain, media: media)
        } catch {
            return finish(.failure(error))
        }
    }

    /// Saves the file of a message shown this session (in any room) or of the open room.
    private func download(_ reference: MessageReference, to path: String?, overwrite: Bool, through services: SessionServices) async -> Bool {
        do throws(ShellError) {
            guard let message = try await message(reference, newestIn: state.currentRoomID) else { throw .unknownMessage(reference.text) }
            guard let media = message.media, let url = MediaURL(media.url) else { throw .noMedia(reference: reference.text) }
            let name = DownloadName.sanitized(media.fileName ?? message.body)
            let target = LocalFile.downloadPath(path, name: name, overwrite: overwrite)
            let downloaded: Data
            do {
                downloaded = try await services.media
                    .download(url, maximumBytes: Self.mediaSizeLimit, progress: transferReporter(.download, fileName: name))
            } catch .transport(.responseTooLarge) {
                throw .fileTooLarge(path: name, limit: Self.mediaSizeLimit)
            } catch {
                throw .matrix(error)
            }
            let data: Data
            if let keys = media.encryption {
                data = try await LocalFile.offMainActor { () throws(ShellError) in
                    do { return try AttachmentCipher.decrypt(downloaded, with: keys) } catch { throw .attachmentDamaged(name: name) }
                }
            } else {
                data = downloaded
            }
            try await LocalFile.offMainActor { () throws(ShellError) in try LocalFile.write(data, to: target, overwrite: overwrite) }
            return finish(.media(.downloaded(path: target, size: data.count)))
        } catch {
            return finish(.failure(error))
        }
    }

    /// The least time between two progress lines of the same work: ten seconds for a screen
    /// reader, none otherwise.
    var progressInterval: Duration {
        state.profile.settings.screenReader ? .seconds(10) : .zero
    }

    /// Called on the transfer's thread; a chosen few calls become lines on the main actor.
    private func transferReporter(_ direction: TransferNotice.Direction, fileName: String) -> TransferProgressHandler {
        let throttle = Mutex(ProgressThrottle(minimumInterval: progressInterval))
        return { [weak self, clock = environment.clock] progress in
            guard throttle.withLock({ $0.shouldReport(progress, at: clock.now) }) else { return }
            Task { @MainActor in
                self?.report(Report(content: .transfer(TransferNotice(direction: direction, fileName: RemoteText(fileName), progress: progress)), location: nil))
            }
        }
    }
}
