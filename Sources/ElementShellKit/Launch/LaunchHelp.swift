/// What `--help` prints: the client in a sentence, how to call it, and each option.
public enum LaunchHelp {
    public static func text(programName: String) -> String {
        let rows = LaunchOption.allCases.map { option in
            (option.flags.reversed().joined(separator: ", ") + (option.valueName.map { " " + $0 } ?? ""), option.help)
        } + [("--version", L10n.screenCLIVersionHelp), ("-h, --help", L10n.screenCLIHelpHelp)]
        let width = rows.map(\.0.count).max() ?? 0
        let options = rows.map { flag, help in "  " + flag.padding(toLength: width + 2, withPad: " ", startingAt: 0) + help }
        return ([L10n.screenCLIAbstract, "", L10n.screenCLIUsage(programName + " [<options>]"), "", L10n.screenCLIDiscussion, "",
                 L10n.screenCLIOptions] + options).joined(separator: "\n") + "\n"
    }
}
