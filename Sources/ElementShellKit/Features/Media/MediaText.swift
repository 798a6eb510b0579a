/// The lines of what `/download` and `/view` produced.
struct MediaText {
    let theme: Theme

    func lines(for outcome: MediaOutcome) -> [String] {
        switch outcome {
        case .downloaded(let path, let size):
            [L10n.screenDownloaded(theme.link(TerminalSanitizer.clean(path), to: Hyperlink.fileAddress(path)), FileSizeText.text(Int64(size)))]
        // Named, since the message may be far above.
        case .viewed(let picture): PictureText(theme: theme).lines(for: picture)
        }
    }
}
