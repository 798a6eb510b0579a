/// `Uploading cat.png: 3.4 MB of 10 MB`, the line a large transfer shows as it goes.
enum TransferText {
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
