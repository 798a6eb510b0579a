@preconcurrency import Glibc
import TerminalGraphics

/// The terminal's window, asked each time so a resized window is followed.
enum TerminalSize {
    static func columns(of descriptor: Int32 = STDOUT_FILENO) -> Int? {
        window(of: descriptor)?.columns
    }

    /// The window in cells.
    static func window(of descriptor: Int32 = STDOUT_FILENO) -> CellBox? {
        guard let size = size(of: descriptor), size.ws_col > 0, size.ws_row > 0 else { return nil }
        return CellBox(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// One cell's pixels, where the terminal says how many pixels its window has.
    static func cellPixels(of descriptor: Int32 = STDOUT_FILENO) -> PixelSize? {
        guard let size = size(of: descriptor), size.ws_col > 0, size.ws_row > 0, size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return PixelSize(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }

    private static func size(of descriptor: Int32) -> winsize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return size
    }
}
