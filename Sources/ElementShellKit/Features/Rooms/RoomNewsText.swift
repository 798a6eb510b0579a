/// News in rooms, said in words: each room of `/unread`, and the sentence that announces news
/// elsewhere to a screen reader ("3 new messages in Team, 1 mention").
enum RoomNewsText {
    static func line(for news: RoomNews) -> String {
        var parts: [String] = []
        if news.room.membership == .invite { parts.append(L10n.screenNewsInvite) }
        if news.room.notificationCount > 0 { parts.append(messages(news.room.notificationCount)) }
        if news.room.highlightCount > 0 { parts.append(mentions(news.room.highlightCount)) }
        if news.room.isMarkedUnread { parts.append(L10n.screenRoomsMarkedUnread) }
        let summary = parts.joined(separator: ", ")
        guard let number = news.number else { return L10n.screenNewsRoom(news.room.name.shown, summary) }
        return L10n.screenNewsNumberedRoom(number, news.room.name.shown, summary)
    }

    static func elsewhere(roomName: String, messages count: Int, mentions mentionCount: Int) -> String {
        mentionCount > 0 ? L10n.screenNewsElsewhereMentions(messages(count), roomName, mentions(mentionCount))
            : L10n.screenNewsElsewhere(messages(count), roomName)
    }

    private static func messages(_ count: Int) -> String {
        (count == 1 ? L10n.screenNewsMessagesOne : L10n.screenNewsMessagesOther)(count)
    }

    private static func mentions(_ count: Int) -> String {
        (count == 1 ? L10n.screenNewsMentionsOne : L10n.screenNewsMentionsOther)(count)
    }
}
