/// The lines of what `/download` produced.
enum MediaText {
    static func lines(for outcome: MediaOutcome) -> [String] {
        switch outcome {
        case .downloaded(let path, let size): [L10n.screenDownloaded(TerminalSanitizer.clean(path), FileSizeText.text(Int64(size)))]
        }
    }
}
