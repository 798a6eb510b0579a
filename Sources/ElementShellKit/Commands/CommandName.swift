/// What each command is called (without its slash), and what its result is reported as: the one
/// place these names are spelled, which the table, `/help` and every result use.
public enum CommandName: String, Sendable, CaseIterable {
    case help, login, logout, whoami, nick, account, reconnect
    case me, notice, reply, thread, threads, back, edit, react, unreact, redact
    case upload, download, view, links, link, plain, html, draft, drafts, queue, resend, cancel
    case rooms, unread, unreadMark = "unread-mark", open, read, search, history, last, members, topic, name, joinrule, notify, join, leave, forget
    case poll, vote, endpoll
    case accept, decline, create, dm, invite, kick, ban, unban, directory, knock, knocks, roles, op, deop, pins, pin, unpin, upgrade
    case ignore, unignore, ignored, invites, report
    case spaces, space, spaceKick = "space-kick"
    case devices, whois, verify, verification, unverify, keys, encrypt, recovery, backup
    case config, set, source, alias, unalias, aliases, echo, after, wait, quit
    case viewSource = "view-source", labs, reportProblem = "report-problem"
    /// A plain line, and every command that sends one (`/me`, `/notice`, `/plain`, `/html`): the
    /// one name no command of the table has.
    case message
}
