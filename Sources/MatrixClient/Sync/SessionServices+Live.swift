import Foundation

extension SessionServices {
    /// The services on the Matrix client-server API, all over `http`, the run's client for the
    /// session's network settings, each request given up after `requestTimeout` seconds, rate
    /// limits waited out on `clock`. Sliding sync brings `openRoomTimelineLimit` events of the
    /// room followed; the store lives under `dataDirectory`.
    public static func live(session: Session, syncMode: SyncMode, requestTimeout timeout: TimeInterval, openRoomTimelineLimit: Int,
                            http: any HTTPTransport, clock: any ShellClock, dataDirectory: String) -> SessionServices {
        // One keys service for encryption and verification alike.
        let keys = MatrixKeysService(session: session, transport: http, requestTimeout: timeout, clock: clock)
        let sync = SyncConnection(
            mode: syncMode, userID: session.userID,
            v3: SyncService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            sliding: SlidingSyncService(session: session, transport: http, requestTimeout: timeout,
                                        openRoomTimelineLimit: openRoomTimelineLimit, clock: clock))
        return SessionServices(
            sync: { positions, waitsForNews throws(MatrixError) in try await sync.next(from: positions, waitsForNews: waitsForNews) },
            followRoom: { roomID in await sync.follow(roomID: roomID) },
            syncMethod: { await sync.method },
            firstSyncIsPaged: { await sync.firstSyncIsPaged },
            rooms: MatrixRoomService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            media: MatrixMediaService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            notifications: MatrixNotificationSettingsService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            safety: MatrixSafetyService(session: session, transport: http, requestTimeout: timeout, clock: clock),
            makeCrypto: { store in
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
                    keys: keys,
                    sender: MessageSender(session: session, transport: http, requestTimeout: timeout, store: store, crypto: crypto, clock: clock))
            }
        )
    }
}
