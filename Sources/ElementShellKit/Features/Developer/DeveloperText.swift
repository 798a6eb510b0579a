import MatrixJSON

/// The lines of what the developer-mode commands produced.
struct DeveloperText {
    let theme: Theme
    let width: Int?

    func lines(for outcome: DeveloperOutcome) -> [String] {
        switch outcome {
        case .eventSource(let source): sourceLines(source)
        case .labs(let switches):
            [L10n.screenLabsTitle] + TextLayout.table(switches.map { entry in
                [entry.settingName, theme.bold(clean(entry.value)), theme.dim(entry.accepted.joined(separator: "|")), entry.summary]
            }, width: width)
        case .problemReported(let path, let size):
            [L10n.screenReportProblemWritten(clean(path), FileSizeText.text(Int64(size)))]
        }
    }

    private func sourceLines(_ source: EventSource) -> [String] {
        var lines = [theme.accent(L10n.screenViewSourceTitle(clean(source.eventID)))] + json(source.event)
        switch source.decryption {
        case nil: break
        case .decrypted(let clear): lines += [theme.accent(L10n.screenViewSourceDecrypted)] + json(clear)
        case .failed(let failure): lines.append(theme.warning(MessageText.undecryptable(failure)))
        }
        return lines
    }

    /// Each line cleaned on its own: the event is the sender's text, whatever the JSON escaped.
    private func json(_ value: JSONValue) -> [String] {
        value.pretty.split(separator: "\n", omittingEmptySubsequences: false).map { clean(String($0)) }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}

extension LabSwitch {
    /// What the switch does, in one line of the shell's language.
    var summary: String {
        switch name {
        case .sync: L10n.screenLabsSync
        case .developer(.showCustomHomeserver): L10n.screenLabsShowCustomHomeserver
        case .developer(.showQRCodeLogin): L10n.screenLabsShowQrCodeLogin
        case .developer(.groupSpaceRooms): L10n.screenLabsGroupSpaceRooms
        case .developer(.spaceSettingsEnabled): L10n.screenLabsSpaceSettingsEnabled
        case .developer(.showDeveloperSettings): L10n.screenLabsShowDeveloperSettings
        }
    }
}
