import Foundation

/// The code fuzzed, by the names Scripts/fuzz takes.
enum FuzzTarget: String, CaseIterable {
    case commandParser = "command-parser"
    case syncResponse = "sync-response"
    case markdown
    case formattedBody = "formatted-body"
    case terminalSanitizer = "terminal-sanitizer"
    case verificationMessage = "verification-message"
    case imageDecoder = "image-decoder"
    case roomKeyBundle = "room-key-bundle"

    /// Named in the environment rather than by an argument, so that every argument stays
    /// libFuzzer's and the processes libFuzzer starts itself (`-fork`, `-jobs`) fuzz the same target.
    static let environmentKey = "ELEMENT_SHELL_FUZZ_TARGET"
    static let selected = ProcessInfo.processInfo.environment[environmentKey].flatMap(FuzzTarget.init(rawValue:))

    func test(_ input: Data) {
        switch self {
        case .commandParser: CommandParserFuzz.test(input)
        case .syncResponse: SyncResponseFuzz.test(input)
        case .markdown: MarkdownFuzz.test(input)
        case .formattedBody: FormattedBodyFuzz.test(input)
        case .terminalSanitizer: TerminalSanitizerFuzz.test(input)
        case .verificationMessage: VerificationMessageFuzz.test(input)
        case .imageDecoder: ImageDecoderFuzz.test(input)
        case .roomKeyBundle: RoomKeyBundleFuzz.test(input)
        }
    }
}
