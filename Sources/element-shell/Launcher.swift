import ElementShellKit
import Foundation
@preconcurrency import Glibc
import Logging

/// Puts the pieces together: config, profile, data directory, logging, state; then hands over to
/// the interactive or the batch session.
@MainActor
struct Launcher {
    let options: LaunchOptions

    func run() async -> Int32 {
        // Every file the shell creates (session, history, log) is its owner's alone.
        umask(0o077)
        let environment = ProcessInfo.processInfo.environment
        let configPath = ConfigLoader.configPath(explicit: options.config, environment: environment)
        let (config, diagnostics) = ConfigLoader.load(path: configPath, environment: environment)
        // A file named on the command line that cannot be read at all is not quietly replaced
        // by the defaults: the user asked for that file.
        if options.config != nil, let unusable = diagnostics.first(where: \.concernsWholeFile) {
            L10n.language = LanguageResolver.language(setting: nil, environment: environment)
            printError(ErrorMessages.message(for: unusable))
            return 2
        }
        let profileName = options.profile ?? config.defaultProfile
        guard var profile = config.profile(named: profileName) else {
            let fallback = config.profile(named: config.defaultProfile)?.settings.language
            L10n.language = LanguageResolver.language(setting: fallback, environment: environment)
            let suggestion = Suggestion.nearest(to: profileName, among: config.profiles.keys)
            printError(ErrorMessages.message(for: .unknownProfile(profileName, suggestion: suggestion)))
            return 2
        }
        L10n.language = LanguageResolver.language(setting: profile.settings.language, environment: environment)
        if options.asksForScreenReader(environment: environment) { profile.settings.screenReader = true }
        let dataDirectory = options.dataDirectory ?? DataDirectory.path(profile: profileName, environment: environment)
        do {
            try DataDirectory.prepare(dataDirectory, ownsExisting: options.dataDirectory == nil)
        } catch {
            printError(L10n.errorDataDirectory(dataDirectory))
            return 2
        }
        FileLogHandler.bootstrap(path: dataDirectory + "/" + FileLogHandler.fileName, level: profile.settings.logLevel)
        for file in PrivateFiles.tighten(below: dataDirectory) {
            printWarning(L10n.screenPermissionsTightened(file.path, String(file.previousMode, radix: 8), String(file.mode, radix: 8)))
        }

        let isInteractive = options.commands.isEmpty && isatty(STDIN_FILENO) != 0
        let context = LaunchContext(
            options: options, config: config, profile: profile, configFile: configPath,
            dataDirectory: dataDirectory, environment: environment, diagnostics: diagnostics
        )
        if isInteractive {
            return await InteractiveSession(context: context).run()
        }
        return await BatchSession(context: context).run()
    }

    private func printWarning(_ message: String) {
        FileHandle.standardError.write(Data((L10n.commonWarning(message) + "\n").utf8))
    }

    private func printError(_ message: String) {
        FileHandle.standardError.write(Data((L10n.commonErrorPrefix + " " + message + "\n").utf8))
    }
}

extension ConfigDiagnostic {
    /// The file is missing, unreadable or not text, rather than wrong in one place.
    var concernsWholeFile: Bool {
        switch problem {
        case .missingFile, .unreadable, .notUTF8: true
        default: false
        }
    }
}
