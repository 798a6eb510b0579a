import MatrixClient
import TerminalGraphics

extension AppState {
    /// Shows a report; the pictures of the messages it printed follow when they are ready.
    func report(_ report: Report) {
        output(report)
        followPictures(of: report.messagesShown)
    }

    /// Queues the pictures of `messages`: each is fetched and drawn off the main actor and prints
    /// after whatever printed meanwhile, so no message and no prompt waits for one. Nothing is
    /// fetched where pictures are not drawn (batch mode, JSON, a pipe, `images: off`), nor for a
    /// screen reader, which the message's line tells what the picture is.
    private func followPictures(of messages: [MessageView]) {
        guard !messages.isEmpty, !state.profile.settings.screenReader, let terminal = environment.pictureTerminal, let drawing = terminal.drawing(for: state.profile.settings.images),
              let session = state.session, let services = state.services else { return }
        let box = terminal.box(within: state.profile.settings.imageSize, indent: PictureText.indent)
        let loader = pictureLoader(for: session, services: services)
        let generation = state.serviceGeneration
        // A link preview's picture is a small one beside the page's words.
        let previewBox = CellBox(columns: min(box.columns, Self.previewPictureSize.columns), rows: min(box.rows, Self.previewPictureSize.rows))
        for message in messages where !message.isRedacted {
            if let media = message.media, let source = PictureSource.of(msgtype: message.msgtype, media: media, pixels: drawing.pixels(for: box)) {
                queuePicture(of: message, from: source, drawnWith: drawing, in: box, loader: loader, generation: generation) {
                    ShownPicture(of: message, drawing: $0)
                }
            }
            for preview in message.previews {
                guard let image = preview.image else { continue }
                let source = PictureSource.of(image, pixels: drawing.pixels(for: previewBox))
                queuePicture(of: message, from: source, drawnWith: drawing, in: previewBox, loader: loader, generation: generation) {
                    ShownPicture(of: message, preview: preview, drawing: $0)
                }
            }
        }
    }

    /// The most a link preview's picture covers.
    static let previewPictureSize = CellBox(columns: 20, rows: 6)

    private func queuePicture(of message: MessageView, from source: Result<PictureSource, PictureProblem>, drawnWith drawing: PictureDrawing,
                              in box: CellBox, loader: PictureLoader, generation: Int,
                              shown: @escaping @Sendable (ShownPicture.Drawing) -> ShownPicture) {
        pictureQueue.add { [weak self] in
            // A picture of a room left behind, or of an account signed out, is not fetched.
            guard await self?.stillShows(message, generation: generation) == true else { return }
            let drawn = await loader.drawing(of: source, with: drawing, in: box)
            await self?.show(shown(drawn), of: message, generation: generation)
        }
    }

    private func stillShows(_ message: MessageView, generation: Int) -> Bool {
        state.serviceGeneration == generation && state.currentRoomID == message.roomID
    }

    private func show(_ picture: ShownPicture, of message: MessageView, generation: Int) {
        guard stillShows(message, generation: generation) else { return }
        output(Report(content: .picture(picture), location: nil))
    }

    /// `/view`: a message's picture as large as the window allows, or why there is none.
    func viewPicture(_ reference: MessageReference, in signedIn: SessionContext) async -> Bool {
        do throws(ShellError) {
            guard !state.profile.settings.screenReader else { throw .picturesDescribed }
            guard let terminal = environment.pictureTerminal else { throw .picturesUnavailable }
            guard let drawing = terminal.drawing(for: state.profile.settings.images) else { throw .picturesOff }
            guard let record = try await message(reference, newestIn: state.currentRoomID) else { throw .unknownMessage(reference.text) }
            let message = view(of: record)
            let box = terminal.box(within: nil, indent: PictureText.indent)
            guard let media = message.media, !message.isRedacted,
                  let source = PictureSource.of(msgtype: message.msgtype, media: media, pixels: drawing.pixels(for: box)) else {
                throw .noPicture(reference: reference.text)
            }
            let drawn = await pictureLoader(for: signedIn.session, services: signedIn.services).drawing(of: source, with: drawing, in: box)
            let picture = ShownPicture(of: message, drawing: drawn)
            if case .failed(let problem) = drawn { throw .pictureNotShown(label: picture.label, problem) }
            return finish(.media(.viewed(picture)))
        } catch {
            return finish(.failure(error))
        }
    }

    /// Pictures are cached with the account's store, and go when it goes.
    private func pictureLoader(for session: Session, services: SessionServices) -> PictureLoader {
        let directory = StoreLocation.directory(for: session, dataDirectory: dataDirectory).appending(path: "pictures")
        return PictureLoader(media: services.media, cache: PictureCache(directory: directory))
    }
}
