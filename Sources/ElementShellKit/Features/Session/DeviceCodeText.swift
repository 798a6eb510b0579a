import MatrixClient

/// The device-code login as a person sees it: the link and the code to type there, a QR code of
/// the link with the code in it for a phone, and how long the code lasts.
struct DeviceCodeText {
    let theme: Theme

    func lines(for prompt: DeviceCodePrompt) -> [String] {
        var lines = [L10n.screenLoginDeviceCode(theme.accent(clean(prompt.verificationURI.absoluteString)), theme.bold(clean(prompt.userCode)))]
        if theme.forScreenReader, let complete = prompt.verificationURIComplete {
            // The code's link in words: a screen reader cannot show a picture to a phone.
            lines.append(L10n.screenSpokenLoginDeviceCodeLink(clean(complete.absoluteString)))
        } else if prompt.showsQRCode, let complete = prompt.verificationURIComplete, let code = try? QRCode(bytes: Array(complete.absoluteString.utf8)) {
            lines.append(L10n.screenLoginDeviceCodeScan)
            lines += QRCodeText.lines(for: code).map(theme.qrCode)
        }
        if prompt.openedInBrowser { lines.append(L10n.screenLoginDeviceCodeOpened) }
        lines.append(theme.dim(L10n.screenLoginDeviceCodeWaiting(max(1, (prompt.expiresIn + 59) / 60))))
        return lines
    }

    private func clean(_ text: String) -> String { TerminalSanitizer.clean(text) }
}
