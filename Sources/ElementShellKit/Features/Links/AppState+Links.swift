import Foundation
import MatrixClient

extension AppState {
    /// How many of the newest messages `/links` reads, and how many addresses it lists.
    static let linkSearchDepth = 200
    static let linkListLength = 20

    func send(_ action: LinkAction, in room: RoomContext) async -> Bool {
        switch action {
        case .list:
            let links = await recentLinks(in: room)
            commit { $0.listedLinks = links }
            return finish(.link(.listed(links)))
        case .open(let number):
            // The numbers of the last listing, or of one made now when none was.
            var links = state.listedLinks
            if links.isEmpty {
                links = await recentLinks(in: room)
                commit { $0.listedLinks = links }
            }
            guard let link = links.first(where: { $0.number == number }), let url = URL(string: link.address.unsanitized) else {
                return finish(.failure(.unknownLink(number: number, listed: links.count)))
            }
            let opened = await environment.openInBrowser(url)
            return finish(.link(.opened(address: link.address, inBrowser: opened)))
        }
    }

    /// The newest distinct addresses of the open room (or thread), newest message first, and
    /// within a message in the order written.
    private func recentLinks(in room: RoomContext) async -> [LinkEntry] {
        let messages = (try? await room.store.messages(in: room.roomID, thread: state.currentThreadRoot, before: nil,
                                                        limit: Self.linkSearchDepth)) ?? []
        var seen: Set<String> = [], found: [(address: String, message: MessageRecord)] = []
        for message in messages.reversed() where found.count < Self.linkListLength {
            let text = message.plainText
            for range in LinkFinder.links(in: text) where found.count < Self.linkListLength {
                let address = String(text[range])
                if seen.insert(address).inserted { found.append((address, message)) }
            }
        }
        return found.enumerated().map { index, entry in
            let view = view(of: entry.message)
            return LinkEntry(number: index + 1, address: RemoteText(entry.address), reference: view.reference, senderName: view.senderName)
        }
    }
}
