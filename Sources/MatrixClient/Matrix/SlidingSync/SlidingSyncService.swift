import Foundation
import Logging

/// Simplified sliding sync (MSC4186) for one session, one request per call, on one connection:
/// the room list grows from the first screen to every room (`SlidingSyncRoomList`), each with its
/// newest event; the most recently active rooms come with a few more, so a burst of messages
/// there is counted and shown whole (the server resends a room's last events when it climbs into
/// them); the open room is subscribed to with a full timeline; and the encryption extensions ride
/// along, so a room key is always taken in before the messages it opens (they come in the same
/// response, and the sync loop decrypts to-device messages first). Like `SyncService`, it only
/// asks: the loop stores each response with its position and goes on from there.
public actor SlidingSyncService {
    /// The connection's name: one per device is all this client keeps.
    static let connectionID = "element-shell"
    /// The unstable feature of `/versions` that says the server offers it.
    static let feature = "org.matrix.simplified_msc3575"
    static let listName = "all_rooms"
    /// The most recently active rooms, and how many events each comes with.
    static let recentListName = "recent"
    static let recentTimelineLimit = 10
    /// The state each room comes with: what names it, whether it is encrypted or a space, its
    /// children, who the user is in it, who may notify it all, its pins, whether it was upgraded
    /// and who may join it, and the members its timeline needs.
    static let requiredState: [SlidingSyncRequest.StateKeySelector] = [
        .init(type: "m.room.name", stateKey: ""),
        .init(type: "m.room.canonical_alias", stateKey: ""),
        .init(type: "m.room.topic", stateKey: ""),
        .init(type: "m.room.create", stateKey: ""),
        .init(type: "m.room.encryption", stateKey: ""),
        .init(type: "m.room.history_visibility", stateKey: ""),
        .init(type: "m.room.power_levels", stateKey: ""),
        .init(type: "m.room.pinned_events", stateKey: ""),
        .init(type: "m.room.tombstone", stateKey: ""),
        .init(type: "m.room.join_rules", stateKey: ""),
        .init(type: "m.room.member", stateKey: "$ME"),
        .init(type: "m.room.member", stateKey: "$LAZY"),
        .init(type: "m.space.child", stateKey: "*"),
    ]

    private let client: MatrixClient
    private let longPollTimeout: Duration
    private let requestTimeout: TimeInterval
    private let openRoomTimelineLimit: Int
    private let logger: Logger
    private var roomList = SlidingSyncRoomList()
    private var subscribedRoomID: String?

    init(session: Session, transport: any HTTPTransport, retryPolicy: RetryPolicy = .standard, requestTimeout: TimeInterval = 30,
                openRoomTimelineLimit: Int = 20, longPollTimeout: Duration = .seconds(30), clock: any ShellClock = SystemClock(),
                logger: Logger = Logger(label: "element-shell.sync")) {
        client = MatrixClient(homeserverURL: session.homeserverURL, accessToken: session.accessToken, transport: transport,
                              retryPolicy: retryPolicy, requestTimeout: requestTimeout, clock: clock, logger: logger)
        self.longPollTimeout = longPollTimeout
        self.requestTimeout = requestTimeout
        self.openRoomTimelineLimit = openRoomTimelineLimit
        self.logger = logger
    }

    /// Whether the homeserver offers simplified sliding sync: `/versions` lists its unstable feature.
    public func isOffered() async throws(MatrixError) -> Bool {
        try await client.send(.versions).unstableFeatures?[Self.feature] == true
    }

    /// Follows `roomID` (the open room) with a full timeline from the next request on; `nil`
    /// follows none. Returns whether that changed anything, so the caller knows whether a
    /// long-poll under way must give way to a request that says so.
    public func subscribe(to roomID: String?) -> Bool {
        guard roomID != subscribedRoomID else { return false }
        subscribedRoomID = roomID
        return true
    }

    /// One request from `place` (from the start without one) for the account `userID`.
    /// It long-polls only when `waitsForNews` and the room list is in: while it loads, each
    /// response asks for the next part at once (`hasMore`). An expired position
    /// (`M_UNKNOWN_POS`) starts a new connection in the same call; the to-device position
    /// stays, so no message is taken twice or lost.
    public func next(from place: SlidingSyncPosition?, userID: String, waitsForNews: Bool) async throws(MatrixError) -> SyncResponse {
        let toDeviceSince = place?.toDeviceSince
        if !roomList.hasCount, place?.pos != nil, let count = place?.roomCount { roomList.resume(count: count) }
        var place = place
        let response: SlidingSyncResponse
        do throws(MatrixError) {
            response = try await send(from: place?.pos, toDeviceSince: toDeviceSince, waitsForNews: waitsForNews)
        } catch .server(errcode: "M_UNKNOWN_POS", _, _) {
            logger.notice("The sliding sync position expired; starting a new connection")
            roomList = SlidingSyncRoomList()
            place?.roomCount = nil
            response = try await send(from: nil, toDeviceSince: toDeviceSince, waitsForNews: false)
        }
        roomList.take(count: response.listCounts[Self.listName])
        var translated = SyncResponse(sliding: response, userID: userID, continuing: place)
        translated.hasMore = !roomList.isLoaded
        return translated
    }

    private func send(from pos: String?, toDeviceSince: String?, waitsForNews: Bool) async throws(MatrixError) -> SlidingSyncResponse {
        let waits = waitsForNews && roomList.isLoaded && pos != nil
        return try await client.send(.slidingSync(request(toDeviceSince: toDeviceSince), pos: pos,
                                                  longPollTimeout: waits ? longPollTimeout : .zero, requestTimeout: requestTimeout))
    }

    private func request(toDeviceSince: String?) -> SlidingSyncRequest {
        let list = SlidingSyncRequest.RoomList(ranges: roomList.ranges, requiredState: Self.requiredState, timelineLimit: 1)
        let recent = SlidingSyncRequest.RoomList(ranges: [[0, SlidingSyncRoomList.firstScreen - 1]], requiredState: Self.requiredState,
                                                 timelineLimit: Self.recentTimelineLimit)
        var subscriptions: [String: SlidingSyncRequest.RoomSubscription] = [:]
        if let subscribedRoomID {
            subscriptions[subscribedRoomID] = .init(requiredState: Self.requiredState, timelineLimit: openRoomTimelineLimit)
        }
        let extensions = SlidingSyncRequest.Extensions(toDevice: .init(since: toDeviceSince), e2ee: .init(), accountData: .init(),
                                                       receipts: .init(), typing: .init())
        return SlidingSyncRequest(connectionID: Self.connectionID, lists: [Self.listName: list, Self.recentListName: recent],
                                  roomSubscriptions: subscriptions,
                                  extensions: extensions)
    }
}
