@preconcurrency import Glibc

/// readline measures and moves over characters by the C library's idea of the encoding. Without
/// a UTF-8 character type, `ü` or `…` counts as two or three columns and the line is drawn wrong.
enum TerminalEncoding {
    static func useUTF8() {
        if setlocale(LC_CTYPE, "") == nil || String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            // The user's locale is missing or not UTF-8; C.UTF-8 is always there on Debian.
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
