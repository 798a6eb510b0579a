import MatrixClient
import MatrixCrypto

/// The lines of a verification step: who asks, the emoji in one row with their names under
/// them (to compare by reading as well as by looking), the numbers in three groups, the end.
struct VerificationText {
    let theme: Theme
    var width: Int?

    func lines(for summary: VerificationSummary) -> [String] {
        let number = "\(summary.number)"
        let device = TerminalSanitizer.clean(summary.otherDeviceID ?? "?")
        let who = summary.isOwnUser ? L10n.screenVerificationOwnSession(device) : TerminalSanitizer.clean(summary.otherUserID)
        switch summary.state {
        case .requested:
            if summary.roomID != nil { return [L10n.screenVerificationRequestedUser(who, number)] }
            return [summary.isOwnUser ? L10n.screenVerificationRequestedOwn(number) : L10n.screenVerificationRequestedDevice(who, device, number)]
        case .incoming:
            return [theme.bold(summary.isOwnUser ? L10n.screenVerificationIncomingOwn(device, number) : L10n.screenVerificationIncomingUser(who, device, number))]
        case .started:
            return [L10n.screenVerificationStarted(number, who)]
        case .showingQRCode:
            return qrCodeLines(summary, number: number, who: who)
        case .comparing:
            return compareLines(summary, number: number, who: who)
        case .reciprocated:
            return [theme.bold(L10n.screenVerificationQrScanned(number, who))]
        case .confirmed:
            return [L10n.screenVerificationConfirmed(who)]
        case .done where summary.outcome.map { !$0.device && !$0.identity } == true:
            return [theme.warning(L10n.screenVerificationDoneNothing(number, who))]
        case .done:
            return [theme.accent(doneLine(summary, who: who, device: device))] + CrossSigningHintText(theme: theme, width: width).lines(for: summary.crossSigningGaps)
        case .cancelled(let code, let byUs):
            let reason = Self.reason(code)
            let line = byUs || summary.isOwnUser ? L10n.screenVerificationCancelledByUs(number, who, reason) : L10n.screenVerificationCancelledByThem(number, who, reason)
            return [theme.warning(line)]
        }
    }

    /// What another own session shared with this one.
    static func secretsArrived(_ arrival: SecretsArrival) -> String {
        switch (arrival.crossSigning, arrival.backupKey) {
        case (true, true): L10n.screenVerificationSecretsAll
        case (true, false): L10n.screenVerificationSecretsCrossSigning
        default: L10n.screenVerificationSecretsBackup
        }
    }

    /// `/verification`: one line each.
    /// A command's result: a step that needs the user, or the end, was told as it came.
    func lines(for outcome: VerificationOutcome) -> [String] {
        switch outcome {
        case .standing(let summary): summary.state.waitsForUserOrEnded ? [] : lines(for: summary)
        case .step: []
        case .list(let summaries): list(summaries)
        }
    }

    func list(_ summaries: [VerificationSummary]) -> [String] {
        guard !summaries.isEmpty else { return [L10n.screenVerificationListEmpty] }
        return summaries.map { summary in
            let who = TerminalSanitizer.clean(summary.otherUserID) + (summary.otherDeviceID.map { " (\(TerminalSanitizer.clean($0)))" } ?? "")
            return "  \(summary.number)  \(who)  \(Self.stateName(summary.state))"
        }
    }

    private func compareLines(_ summary: VerificationSummary, number: String, who: String) -> [String] {
        var lines: [String] = []
        if let indices = summary.emojiIndices {
            lines.append(L10n.screenVerificationCompareEmoji(number, who))
            let emoji = indices.map { SASEmoji.all[$0] }
            lines += theme.forScreenReader
                ? [L10n.screenSpokenVerificationEmoji(emoji.map { TerminalSanitizer.clean($0.localizedName) }.joined(separator: ", "))]
                : emojiRows(emoji)
        } else if let decimals = summary.decimals {
            lines.append(L10n.screenVerificationCompareDecimals(number, who, decimals.map(String.init).joined(separator: " ")))
        }
        lines.append(theme.bold(L10n.screenVerificationCompareAnswer(number)))
        return lines
    }

    /// The code in half blocks with its quiet zone, under what to do with it.
    private func qrCodeLines(_ summary: VerificationSummary, number: String, who: String) -> [String] {
        if theme.forScreenReader {
            return [summary.isOwnUser ? L10n.screenSpokenVerificationQrOwn(number) : L10n.screenSpokenVerificationQrUser(number, who)]
        }
        let line = summary.isOwnUser ? L10n.screenVerificationQrShowOwn(number) : L10n.screenVerificationQrShowUser(number, who)
        guard let bytes = summary.qrCode, let code = try? QRCode(bytes: bytes) else { return [theme.bold(line)] }
        return [theme.bold(line)] + QRCodeText.lines(for: code).map(theme.qrCode)
    }

    /// The symbols over their names, each column as wide as its name; emoji count two cells.
    private func emojiRows(_ emoji: [SASEmoji]) -> [String] {
        let names = emoji.map { TerminalSanitizer.clean($0.localizedName) }
        let widths = names.map { max($0.count, 2) + 2 }
        let symbols = zip(emoji, widths).map { $0.symbol + String(repeating: " ", count: $1 - 2) }
        let labels = zip(names, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
        return ["  " + symbols.joined().trimmingTrailingSpaces(), "  " + labels.joined().trimmingTrailingSpaces()]
    }

    private func doneLine(_ summary: VerificationSummary, who: String, device: String) -> String {
        let outcome = summary.outcome
        if summary.isOwnUser {
            return outcome?.requestedSecrets == true ? L10n.screenVerificationDoneOwnSecrets(device) : L10n.screenVerificationDoneOwn(device)
        }
        return outcome?.identity == true ? L10n.screenVerificationDoneUser(who, device) : L10n.screenVerificationDoneDevice(who, device)
    }

    static func reason(_ code: VerificationCancelCode) -> String {
        switch code {
        case .user: L10n.screenVerificationReasonUser
        case .timeout: L10n.screenVerificationReasonTimeout
        case .mismatchedSAS: L10n.screenVerificationReasonMismatch
        case .keyMismatch, .mismatchedCommitment: L10n.screenVerificationReasonKeyMismatch
        case .unknownMethod: L10n.screenVerificationReasonUnknownMethod
        case .unexpectedMessage, .invalidMessage, .userMismatch: L10n.screenVerificationReasonUnexpected
        case .accepted: L10n.screenVerificationReasonAccepted
        case .unknownTransaction: L10n.screenVerificationReasonUnknownTransaction
        case .other(let code): L10n.screenVerificationReasonOther(code.shown)
        }
    }

    static func stateName(_ state: VerificationSummary.State) -> String {
        switch state {
        case .requested: L10n.screenVerificationStateRequested
        case .incoming: L10n.screenVerificationStateIncoming
        case .started: L10n.screenVerificationStateStarted
        case .showingQRCode: L10n.screenVerificationStateShowingQr
        case .comparing: L10n.screenVerificationStateComparing
        case .reciprocated: L10n.screenVerificationStateReciprocated
        case .confirmed: L10n.screenVerificationStateConfirmed
        case .done: L10n.screenVerificationStateDone
        case .cancelled: L10n.screenVerificationStateCancelled
        }
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
