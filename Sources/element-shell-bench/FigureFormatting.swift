import Foundation

/// How the subcommands' JSON lines write durations and rates.
extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

extension Double {
    func formatted(_ decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}
