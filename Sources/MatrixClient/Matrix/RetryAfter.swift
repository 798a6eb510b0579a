import Foundation

/// How long a rate-limited client must wait. Since Matrix 1.10 the `Retry-After` header is
/// preferred and the body's `retry_after_ms` is deprecated, so the header wins when both parse.
enum RetryAfter {
    static func milliseconds(header: String?, bodyMilliseconds: Int?, now: Date) -> Int? {
        if let header, let fromHeader = milliseconds(fromHeader: header, now: now) { return fromHeader }
        return bodyMilliseconds.map { max(0, $0) }
    }

    /// RFC 9110 `Retry-After`: either delay-seconds or an HTTP-date.
    static func milliseconds(fromHeader value: String, now: Date) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCIIDigit) {
            guard let seconds = Int(trimmed) else { return Int.max }
            let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            return overflow ? Int.max : product
        }
        guard let date = httpDate(trimmed) else { return nil }
        return max(0, Int((date.timeIntervalSince(now) * 1000).rounded(.up)))
    }

    private static func httpDate(_ text: String) -> Date? {
        // DateFormatter is not Sendable; a 429 is rare enough to build one per use.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
