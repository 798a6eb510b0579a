/// `Uploading cat.png: 3.4 MB of 10 MB`, the line a large transfer shows as it goes; for a screen
/// reader `Uploading cat.png, 30 percent.`, one number to hear.
enum TransferText {
    static func spokenLine(for notice: TransferNotice) -> String {
        let name = notice.fileName.shown
        guard notice.progress.total > 0 else { return L10n.screenSpokenTransferDownloadUnknown(name, FileSizeText.text(notice.progress.done)) }
        let percent = Int(notice.progress.done * 100 / notice.progress.total)
        return notice.direction == .upload ? L10n.screenSpokenTransferUpload(name, percent) : L10n.screenSpokenTransferDownload(name, percent)
    }

    static func line(for notice: TransferNotice) -> String {
        let name = notice.fileName.shown
        let done = FileSizeText.text(notice.progress.done), total = FileSizeText.text(notice.progress.total)
        switch notice.direction {
        case .upload: return L10n.screenTransferUpload(name, done, total)
        case .download where notice.progress.total > 0: return L10n.screenTransferDownload(name, done, total)
        case .download: return L10n.screenTransferDownloadUnknown(name, done)
        }
    }
}
