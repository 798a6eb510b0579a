import Foundation

extension SessionServices {
    /// The services on the Matrix client-server API, all over `http`, the run's client for the
    /// session's network settings, waiting out rate limits on `clock`.
    public static func live(session: Session, settings: Settings, http: any HTTPTransport, clock: any ShellClock,
                            dataDirectory: String) -> SessionServices {
        let timeout = TimeInterval(settings.requestTimeout)
        let sync = SyncConnection(
            mode: settings.sync, userID: session.userID,
            v3: SyncService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            sliding: SlidingSyncService(session: session, transport: http, requestTimeout: timeout,
                                        openRoomTimelineLimit: AppState.openedHistory, clock: clock))
        return SessionServices(
            sync: { positions, waitsForNews throws(MatrixError) in try await sync.next(from: positions, waitsForNews: waitsForNews) },
            followRoom: { roomID in await sync.follow(roomID: roomID) },
            syncMethod: { await sync.method },
            rooms: MatrixRoomService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            media: MatrixMediaService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            makeCrypto: { store in
                let keys = MatrixKeysService(session: session, transport: http, requestTimeout: timeout, clock: clock)
                let trust = MatrixTrustService(session: session, transport: http, requestTimeout: timeout, clock: clock)
                return try? await CryptoMachine(session: session, store: store, keys: keys, trust: trust,
                                                directory: StoreLocation.directory(for: session, dataDirectory: dataDirectory), clock: clock)
            },
            makeSender: { store, crypto in
                let sender = MessageSender(session: session, transport: http, requestTimeout: timeout, store: store, crypto: crypto, clock: clock)
                return { entry throws(MatrixError) in try await sender.send(entry) }
            },
            makeVerificationTransport: { store, crypto in
                MatrixVerificationTransport(
                    keys: MatrixKeysService(session: session, transport: http, requestTimeout: timeout, clock: clock),
                    sender: MessageSender(session: session, transport: http, requestTimeout: timeout, store: store, crypto: crypto, clock: clock))
            }
        )
    }
}
