import Foundation
import PackagePlugin

/// Generates the localization tables and typed accessors from the package's Localizations/ folder.
@main
struct L10nPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let directory = context.package.directoryURL.appending(path: "Localizations")
        let inputs = (FileManager.default.subpaths(atPath: directory.path) ?? [])
            .filter { $0.hasSuffix(".strings") }
            .map { directory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "L10n+Generated.swift")
        return [
            .buildCommand(
                displayName: "Generating localizations",
                executable: try context.tool(named: "l10n-gen").url,
                arguments: [directory.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
