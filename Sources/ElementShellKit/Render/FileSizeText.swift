import Foundation

/// A byte count as people read it: `512 B`, `34 KB`, `1.2 MB` (decimal units, one decimal
/// below ten), with the shell's language's decimal separator.
enum FileSizeText {
    static func text(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(bytes, 0))
        var unit = 0
        while value >= 999.5, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let language = L10n.languageOverride ?? L10n.language
        let digits = unit > 0 && value < 9.95 ? 1 : 0
        let number = value.formatted(.number.precision(.fractionLength(digits)).grouping(.never).locale(Locale(identifier: language)))
        return "\(number) \(units[unit])"
    }
}
