import Foundation
import MatrixJSON
import Observation
@testable import ElementShellKit
@testable import MatrixClient

/// An `AuthService` made of closures; each test sets the ones it exercises.
struct FakeAuthService: AuthService {
    var resolve: @Sendable (String) async throws(MatrixError) -> URL = { _ throws(MatrixError) in URL(string: "https://hs.example")! }
    var offered: @Sendable (URL) async throws(MatrixError) -> OfferedLogins = { _ throws(MatrixError) in
        OfferedLogins(password: true, identityProviders: nil)
    }
    /// Homeserver, user, password, device display name, and the device to take over (or `nil`).
    var logIn: @Sendable (URL, String, String, String, String?) async throws(MatrixError) -> Session = { url, user, _, _, deviceID throws(MatrixError) in
        Session(userID: user.hasPrefix("@") ? user : "@\(user):example", deviceID: deviceID ?? "DEVICE", accessToken: "secret-token",
                homeserverURL: url)
    }
    /// Homeserver, login token, device display name, and the device to take over (or `nil`).
    var logInWithToken: @Sendable (URL, String, String, String?) async throws(MatrixError) -> Session = { url, _, _, deviceID throws(MatrixError) in
        Session(userID: "@sso:example", deviceID: deviceID ?? "SSODEVICE", accessToken: "secret-token", homeserverURL: url)
    }
    var metadata: @Sendable (URL) async throws(MatrixError) -> AuthMetadata? = { _ throws(MatrixError) in nil }
    var register: @Sendable (ClientRegistration, AuthMetadata) async throws(MatrixError) -> String = { _, _ throws(MatrixError) in "client-1" }
    var authorize: @Sendable (String, String, AuthMetadata) async throws(MatrixError) -> DeviceAuthorization = { _, _, _ throws(MatrixError) in
        DeviceAuthorization(deviceCode: "device-code", userCode: "ABCD-EFGH", verificationURI: URL(string: "https://auth.example/link")!,
                            verificationURIComplete: URL(string: "https://auth.example/link?code=ABCD-EFGH")!, expiresIn: 600, interval: 5)
    }
    var poll: @Sendable (DeviceAuthorization, String) async -> DeviceTokenAnswer = { _, _ in .pending }
    var logOut: @Sendable (Session) async throws(MatrixError) -> Void = { _ throws(MatrixError) in }
    var identify: @Sendable (Session) async throws(MatrixError) -> TokenOwner = { session throws(MatrixError) in
        TokenOwner(userID: session.userID, deviceID: session.deviceID)
    }

    func resolveHomeserver(_ input: String) async throws(MatrixError) -> URL { try await resolve(input) }
    func offeredLogins(homeserverURL: URL) async throws(MatrixError) -> OfferedLogins { try await offered(homeserverURL) }
    func login(homeserverURL: URL, user: String, password: String, deviceDisplayName: String,
               deviceID: String?) async throws(MatrixError) -> Session {
        try await logIn(homeserverURL, user, password, deviceDisplayName, deviceID)
    }
    func login(homeserverURL: URL, loginToken: String, deviceDisplayName: String, deviceID: String?) async throws(MatrixError) -> Session {
        try await logInWithToken(homeserverURL, loginToken, deviceDisplayName, deviceID)
    }
    func authMetadata(homeserverURL: URL) async throws(MatrixError) -> AuthMetadata? { try await metadata(homeserverURL) }
    func registerClient(_ registration: ClientRegistration, with metadata: AuthMetadata) async throws(MatrixError) -> String {
        try await register(registration, metadata)
    }
    func authorizeDevice(clientID: String, scope: String, with metadata: AuthMetadata) async throws(MatrixError) -> DeviceAuthorization {
        try await authorize(clientID, scope, metadata)
    }
    func pollDeviceToken(_ authorization: DeviceAuthorization, clientID: String, with metadata: AuthMetadata) async -> DeviceTokenAnswer {
        await poll(authorization, clientID)
    }
    func logout(_ session: Session) async throws(MatrixError) { try await logOut(session) }
    func whoami(_ session: Session) async throws(MatrixError) -> TokenOwner { try await identify(session) }
}

/// Collects what the app reports, on the main actor; observed, so tests can wait for a report.
@MainActor
@Observable
final class ReportLog {
    var reports: [Report] = []

    var outcomes: [Outcome] {
        reports.compactMap { if case .result(_, let outcome) = $0.content { outcome } else { nil } }
    }

    var failures: [ShellError] {
        outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
    }
}

/// A temporary directory removed when the test's value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appending(path: "element-shell-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// An AppState over fakes, with everything a test may want to look at afterwards.
@MainActor
struct AppHarness {
    let state: AppState
    let log: ReportLog
    let directory: TemporaryDirectory

    init(
        profile: String = "element",
        config: ShellConfig = .default,
        auth: FakeAuthService = FakeAuthService(),
        password: PasswordAnswer = .password("hunter2"),
        redirects: @escaping @Sendable (LoginRedirectPages) throws -> any LoginRedirectListener = { _ in throw LoginError.redirectUnavailable },
        openInBrowser: @escaping @Sendable (URL) async -> Bool = { _ in false },
        passphrase: @escaping @Sendable (PassphraseRequest) -> PasswordAnswer = { _ in .password("correct horse") },
        confirm: Bool? = nil,
        scripts: [String: String] = [:],
        sync: @escaping SyncLoop.Request = AppHarness.syncThatWaits,
        followRoom: @escaping @Sendable (String?) async -> Bool = { _ in false },
        send: @escaping SendQueue.Send = { _ throws(MatrixError) in "$sent" },
        roomService: FakeRoomService = FakeRoomService(),
        mediaService: FakeMediaService = FakeMediaService(),
        notificationService: FakeNotificationSettingsService = FakeNotificationSettingsService(),
        safetyService: FakeSafetyService = FakeSafetyService(),
        crypto: @escaping @Sendable (Session, StoreWriter) async -> CryptoMachine? = { _, _ in nil },
        clock: any ShellClock = TestClock(),
        syncsContinuously: Bool = true,
        useLanguage: @escaping @Sendable (String) -> Void = { _ in },
        tuning: Tuning = Tuning(),
        pictureTerminal: PictureTerminal? = nil,
        sharing shared: TemporaryDirectory? = nil
    ) {
        let directory = shared ?? TemporaryDirectory()
        let log = ReportLog()
        var environment = AppEnvironment(
            makeAuthService: { _ in auth },
            sessionStore: SessionStore(directory: directory.url),
            oauthClients: OAuthClientStore(directory: directory.url),
            openStore: { session in try StoreWriter(url: StoreLocation.databaseURL(for: session, dataDirectory: directory.url.path)) },
            removeStore: { session in try? FileManager.default.removeItem(at: StoreLocation.directory(for: session, dataDirectory: directory.url.path)) },
            makeSessionServices: { session, _ in
                SessionServices(sync: sync, followRoom: followRoom, rooms: roomService, media: mediaService, notifications: notificationService, safety: safetyService,
                                makeCrypto: { store in await crypto(session, store) }, makeSender: { _, _ in send })
            },
            password: { _ in password },
            listenForLoginRedirect: redirects,
            openInBrowser: openInBrowser,
            passphrase: { passphrase($0) },
            confirm: { _ in confirm },
            readScript: { scripts[$0] },
            variables: ["HOME": "/home/tester", "LANG": "en_GB.UTF-8"],
            hostName: "testhost",
            clock: clock,
            syncsContinuously: syncsContinuously,
            useLanguage: useLanguage
        )
        environment.tuning = tuning
        environment.pictureTerminal = pictureTerminal
        state = AppState(
            config: config, profile: config.profile(named: profile)!, configFile: nil,
            dataDirectory: directory.url.path, environment: environment
        ) { log.reports.append($0) }
        self.log = log
        self.directory = directory
    }

    var sessionFile: URL { directory.url.appending(path: "session.json") }

    /// A homeserver with nothing new to say: every request waits until it is cancelled.
    static let syncThatWaits: SyncLoop.Request = { _, _ throws(MatrixError) in
        await suspendUntilCancelled()
        throw .transport(.cancelled)
    }
}

/// A `RoomService` made of closures.
struct FakeRoomService: RoomService {
    var joinRoom: @Sendable (RoomAddress) async throws(MatrixError) -> String = { address throws(MatrixError) in
        address.idOrAlias.hasPrefix("#") ? "!joined:hs" : address.idOrAlias
    }
    var leaveRoom: @Sendable (String) async throws(MatrixError) -> Void = { _ throws(MatrixError) in }
    var searching: @Sendable (String, String?) async throws(MatrixError) -> [SyncEvent] = { _, _ throws(MatrixError) in [] }
    var older: @Sendable (String, String, Int) async throws(MatrixError) -> OlderEvents = { _, _, _ throws(MatrixError) in OlderEvents(events: [], next: nil) }

    func join(_ address: RoomAddress) async throws(MatrixError) -> String { try await joinRoom(address) }
    func leave(roomID: String) async throws(MatrixError) { try await leaveRoom(roomID) }
    func forget(roomID: String) async throws(MatrixError) {}
    var knocking: @Sendable (RoomAddress, String?) async throws(MatrixError) -> String = { address, _ throws(MatrixError) in address.idOrAlias }
    func knock(_ address: RoomAddress, reason: String?) async throws(MatrixError) -> String { try await knocking(address, reason) }
    var knocksWaiting: @Sendable (String) async throws(MatrixError) -> [Knock] = { _ throws(MatrixError) in [] }
    func knocks(roomID: String) async throws(MatrixError) -> [Knock] { try await knocksWaiting(roomID) }
    var upgrading: @Sendable (String, String) async throws(MatrixError) -> String = { _, _ throws(MatrixError) in "!upgraded:hs" }
    func upgrade(roomID: String, to version: String) async throws(MatrixError) -> String { try await upgrading(roomID, version) }
    var members: @Sendable (String) async throws(MatrixError) -> [String: String?] = { _ throws(MatrixError) in [:] }
    var texts: @Sendable (RoomText, String, String) async throws(MatrixError) -> Void = { _, _, _ throws(MatrixError) in }
    func joinedMembers(roomID: String) async throws(MatrixError) -> [String: String?] { try await members(roomID) }
    func setText(_ kind: RoomText, of roomID: String, to text: String) async throws(MatrixError) { try await texts(kind, roomID, text) }
    func olderEvents(roomID: String, from token: String, limit: Int) async throws(MatrixError) -> OlderEvents {
        try await older(roomID, token, limit)
    }
    func search(_ term: String, roomID: String?, limit: Int) async throws(MatrixError) -> [SyncEvent] {
        try await searching(term, roomID)
    }
    var encrypt: @Sendable (RoomEncryption, String) async throws(MatrixError) -> Void = { _, _ throws(MatrixError) in }
    func enableEncryption(_ settings: RoomEncryption, in roomID: String) async throws(MatrixError) { try await encrypt(settings, roomID) }
    var changeMembership: @Sendable (MembershipChange, String, String, String?) async throws(MatrixError) -> Void = { _, _, _, _ throws(MatrixError) in }
    /// By default the harness's user (`@alice:example`) created the room and has every right.
    var levels: @Sendable (String) async throws(MatrixError) -> PowerLevels = { _ throws(MatrixError) in
        PowerLevels(content: nil, create: .object(["sender": .string("@alice:example"), "content": .object(["room_version": .string("12")])]))
    }
    var create: @Sendable (RoomCreation) async throws(MatrixError) -> String = { _ throws(MatrixError) in "!created:hs" }
    /// Every user exists unless a test says otherwise.
    var exists: @Sendable (String) async throws(MatrixError) -> Bool = { _ throws(MatrixError) in true }
    func userExists(_ userID: String) async throws(MatrixError) -> Bool { try await exists(userID) }
    var ownName: @Sendable () async throws(MatrixError) -> String? = { () throws(MatrixError) in "Alice" }
    var setOwnName: @Sendable (String) async throws(MatrixError) -> Void = { _ throws(MatrixError) in }
    func ownDisplayName() async throws(MatrixError) -> String? { try await ownName() }
    func setOwnDisplayName(_ name: String) async throws(MatrixError) { try await setOwnName(name) }
    var direct: @Sendable () async throws(MatrixError) -> DirectChats = { () throws(MatrixError) in DirectChats(content: nil) }
    var setDirect: @Sendable (DirectChats) async throws(MatrixError) -> Void = { _ throws(MatrixError) in }
    var markUnread: @Sendable (Bool, String) async throws(MatrixError) -> Void = { _, _ throws(MatrixError) in }
    func setMarkedUnread(_ unread: Bool, in roomID: String) async throws(MatrixError) { try await markUnread(unread, roomID) }
    func change(_ change: MembershipChange, of userID: String, in roomID: String, reason: String?) async throws(MatrixError) {
        try await changeMembership(change, userID, roomID, reason)
    }
    func powerLevels(roomID: String) async throws(MatrixError) -> PowerLevels { try await levels(roomID) }
    /// State by room, type and key; none unless a test gives some.
    var readState: @Sendable (String, String, String) async throws(MatrixError) -> JSONValue? = { _, _, _ throws(MatrixError) in nil }
    var writeState: @Sendable (String, String, JSONValue, String) async throws(MatrixError) -> Void = { _, _, _, _ throws(MatrixError) in }
    func state(_ type: String, stateKey: String, of roomID: String) async throws(MatrixError) -> JSONValue? {
        try await readState(roomID, type, stateKey)
    }
    func setState(_ type: String, stateKey: String, content: JSONValue, in roomID: String) async throws(MatrixError) {
        try await writeState(type, stateKey, content, roomID)
    }
    func createRoom(_ creation: RoomCreation) async throws(MatrixError) -> String { try await create(creation) }
    func directChats() async throws(MatrixError) -> DirectChats { try await direct() }
    func setDirectChats(_ chats: DirectChats) async throws(MatrixError) { try await setDirect(chats) }
    var read: @Sendable (String, String, ReceiptType) async throws(MatrixError) -> Void = { _, _, _ throws(MatrixError) in }
    var typing: @Sendable (Bool, String) async throws(MatrixError) -> Void = { _, _ throws(MatrixError) in }
    func markRead(_ eventID: String, in roomID: String, receipt: ReceiptType) async throws(MatrixError) {
        try await read(eventID, roomID, receipt)
    }
    func setTyping(_ isTyping: Bool, in roomID: String, userID: String, timeout: Duration) async throws(MatrixError) {
        try await typing(isTyping, roomID)
    }
    var hierarchyPage: @Sendable (String, String?) async throws(MatrixError) -> SpaceHierarchyPage = { _, _ throws(MatrixError) in
        SpaceHierarchyPage(rooms: [], next: nil)
    }
    var directoryPage: @Sendable (String?, String?, String?) async throws(MatrixError) -> RoomDirectoryPage = { _, _, _ throws(MatrixError) in
        RoomDirectoryPage(rooms: [], next: nil)
    }
    func publicRooms(server: String?, search: String?, from token: String?, limit: Int) async throws(MatrixError) -> RoomDirectoryPage {
        try await directoryPage(server, search, token)
    }
    func hierarchy(of spaceID: String, from token: String?) async throws(MatrixError) -> SpaceHierarchyPage {
        try await hierarchyPage(spaceID, token)
    }
    var eventSource: @Sendable (String, String) async throws(MatrixError) -> RoomEventSource = { _, _ throws(MatrixError) in
        throw .notFound
    }
    func event(_ eventID: String, in roomID: String) async throws(MatrixError) -> RoomEventSource { try await eventSource(eventID, roomID) }
}

/// A `NotificationSettingsService` whose server keeps the spec's defaults and takes every change
/// without keeping it: what `/notify` writes is tested against Synapse.
struct FakeNotificationSettingsService: NotificationSettingsService {
    var rules: @Sendable () async throws(MatrixError) -> PushRuleSet = { () throws(MatrixError) in .defaults(for: "@alice:example") }
    func pushRules() async throws(MatrixError) -> PushRuleSet { try await rules() }
    func setLevel(_ level: RoomNotificationLevel?, ofRoom roomID: String, current: PushRuleSet) async throws(MatrixError) {}
    func setDefaultLevel(_ level: RoomNotificationLevel, of kind: RoomKind) async throws(MatrixError) {}
    func setInvitesNotify(_ notify: Bool) async throws(MatrixError) {}
    func addKeyword(_ keyword: String) async throws(MatrixError) {}
    func removeKeyword(_ keyword: String, current: PushRuleSet) async throws(MatrixError) {}
}

/// A `SafetyService` made of closures; what it writes is tested against Synapse.
struct FakeSafetyService: SafetyService {
    var ignore: @Sendable (Bool, String) async throws(MatrixError) -> Set<String> = { ignored, userID throws(MatrixError) in ignored ? [userID] : [] }
    func setIgnored(_ ignored: Bool, userID: String) async throws(MatrixError) -> Set<String> { try await ignore(ignored, userID) }
    func invitesBlocked() async throws(MatrixError) -> Bool? { false }
    func setInvitesBlocked(_ blocked: Bool) async throws(MatrixError) {}
    func report(_ report: AbuseReport, reason: String) async throws(MatrixError) {}
}
