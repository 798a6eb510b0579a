/// The lines of what `/config` and `/set` produced.
struct SettingsText {
    let theme: Theme
    var width: Int?

    func lines(for outcome: SettingsOutcome) -> [String] {
        switch outcome {
        case .config(let summary): ConfigText(summary: summary, theme: theme, width: width).lines
        case .values(let keys, let settings):
            TextLayout.table(keys.map { key in
                [key.rawValue, clean(settings.value(of: key) ?? L10n.screenConfigNotSet), theme.dim(ErrorMessages.describe(key.expectedValue))]
            }, width: width)
        case .changed(let key, let value):
            [value.map { L10n.screenSetSuccess(key.rawValue, clean($0)) } ?? L10n.screenSetUnset(key.rawValue)]
        case .developerFlagChanged(let flag, let isOn): [L10n.screenSetSuccess(flag.settingName, isOn ? "on" : "off")]
        case .developerFlagValue(let flag, let isOn):
            TextLayout.table([[flag.settingName, isOn ? "on" : "off", theme.dim(ErrorMessages.describe(.oneOf(["on", "off"])))]], width: width)
        }
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
