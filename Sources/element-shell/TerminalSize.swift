@preconcurrency import Glibc

/// The terminal's width in columns, asked each time so a resized window is followed.
enum TerminalSize {
    static func columns(of descriptor: Int32 = STDOUT_FILENO) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
