import Foundation
import Logging
import MatrixCrypto
import MatrixJSON

/// End-to-end encryption for one device: its Olm account, Olm sessions with other devices, the
/// Megolm sessions of rooms, and the devices of the users it shares encrypted rooms with. An
/// actor, so sync (receiving keys, decrypting) and the send queue (sharing keys, encrypting) take
/// turns; everything it learns is written through the store's one writer, secrets sealed with
/// the key from outside the store. Logs carry IDs and public keys only.
public actor CryptoMachine {
    public nonisolated let userID: String
    public nonisolated let deviceID: String
    let store: StoreWriter
    let keys: any KeysService
    /// Secret storage, cross-signing and the key backup; `nil` where the machine has no server
    /// for them (unit tests of Olm and Megolm).
    let trust: (any TrustService)?
    let cipher: PickleCipher
    let logger: Logger
    var account: OlmAccount
    var keysPublished: Bool
    /// Olm sessions by the other device's identity key, most recently used first (a cache of the store).
    var olmSessions: [String: [OlmSession]] = [:]
    /// Inbound Megolm sessions already opened (a cache of the store).
    var groupSessions: [GroupSessionKey: (record: GroupSessionRecord, session: InboundGroupSession)] = [:]
    /// Who reads each encrypted room, as last fetched; dropped when its members or history
    /// visibility change, so a send does not ask the server every time.
    var recipientsByRoom: [String: RoomReaders] = [:]
    /// The import of shared history under way, which another caller waits for.
    var historyImport: Task<(imports: [HistoryImport], sessions: Set<String>), Never>?
    /// This device's signed keys, as published and as sent with each Olm message.
    var signedDeviceKeys: JSONValue?
    /// Sessions whose keys were asked for since start: each is asked for once.
    var requestedSessions: Set<String> = []
    /// Sessions found missing since the last key request, with the sender key their events named.
    var keysToRequest: [GroupSessionKey: String] = [:]
    /// This account's private cross-signing keys, once unlocked here (`/recovery`) and stored.
    var crossSigning: CrossSigningSecrets?
    /// The private key of the backup this device uses, once unlocked here.
    var backupKey: BackupDecryptionKey?
    /// Room keys go only to devices their owner signed or the user verified (the setting
    /// `exclude_insecure_devices`, MSC4153).
    var excludesInsecureDevices = false
    /// `session user device` of the withheld notices sent in this run: each is sent once.
    var withheldAnnounced: Set<String> = []
    /// Whether this run asked own devices for secrets since the last own device was verified.
    var secretsRequested = false
    /// The secrets asked for, by request ID (kept in the store: an answer may come in a later
    /// run), and those received until they can be checked together.
    var pendingSecretRequests: [String: String] = [:]
    var receivedSecrets: [String: String] = [:]
    /// Another own device shared the backup key since the sync loop last restored the backup.
    var backupKeyShared = false
    /// What another own device shared since the sync loop last told the app.
    var secretsArrival: SecretsArrival?
    /// Users whose identity changed since the sync loop last took them.
    var changedIdentities: [IdentityChange] = []
    /// Users with a changed identity not accepted yet who were named at a send in this run:
    /// the first send to them after a change says so once more.
    var resetsToldAtSend: Set<String> = []
    /// Of those, who a message encrypted for a room named, until its send tells it.
    var resetsAtSend: [String: [String]] = [:]
    /// The backup upload under way, which a second caller waits for (`backUpRoomKeys`).
    var backupUpload: Task<Void, Never>?
    /// Stored messages a withheld notice re-marked since the sync loop last took them.
    var withheldChanges: [MessageRecord] = []
    /// The session's clock: the dates of rotation and session order read it.
    let clock: any ShellClock

    /// The machine of this session's device: its stored account, or a new one for a new device.
    public init(userID: String, deviceID: String, store: StoreWriter, keys: any KeysService, trust: (any TrustService)? = nil,
                cipher: PickleCipher, clock: any ShellClock = SystemClock(),
                logger: Logger = Logger(label: "element-shell.crypto")) async throws {
        self.clock = clock
        self.userID = userID
        self.deviceID = deviceID
        self.store = store
        self.keys = keys
        self.trust = trust
        self.cipher = cipher
        self.logger = logger
        if let stored = try await store.cryptoAccount(), stored.deviceID == deviceID {
            account = try OlmAccount(serialized: cipher.open(stored.state))
            keysPublished = stored.keysPublished
        } else {
            account = OlmAccount()
            keysPublished = false
            try await store.saveCryptoAccount(StoreWriter.CryptoAccount(deviceID: deviceID, keysPublished: false,
                                                                        state: cipher.seal(account.serialized())))
            logger.info("created a crypto account", metadata: ["device": "\(deviceID)", "curve25519": "\(account.curve25519Key)"])
        }
        (crossSigning, backupKey) = Self.openSecrets((try? await store.secrets()) ?? [:], with: cipher)
        pendingSecretRequests = (try? await store.secretRequests()) ?? [:]
    }

    /// The machine of a logged-in session, its state sealed with the key file in `directory`
    /// (the account's store directory).
    public init(session: Session, store: StoreWriter, keys: any KeysService, trust: any TrustService, directory: URL,
                clock: any ShellClock) async throws {
        try await self.init(userID: session.userID, deviceID: session.deviceID, store: store, keys: keys, trust: trust,
                            cipher: StoreKeyFile.cipher(inDirectory: directory), clock: clock)
    }

    /// This device's identity (Curve25519) and fingerprint (Ed25519) keys.
    public var identityKeys: (curve25519: String, ed25519: String) {
        (account.curve25519Key.base64, account.ed25519Key.base64)
    }

    public func setExcludesInsecureDevices(_ excludes: Bool) {
        excludesInsecureDevices = excludes
    }

    func saveAccount() async throws {
        try await store.saveCryptoAccount(StoreWriter.CryptoAccount(deviceID: deviceID, keysPublished: keysPublished,
                                                                    state: cipher.seal(account.serialized())))
    }

    var milliseconds: Int64 { clock.date.matrixTimestamp }
}
