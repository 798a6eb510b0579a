import CLibFuzzer
import Foundation

/// Runs one fuzz target under libFuzzer; every argument is libFuzzer's. SwiftPM makes this the
/// program's `main` (libFuzzer's own is linked but unused), so it starts libFuzzer's driver.
@main
enum FuzzMain {
    static func main() {
        guard FuzzTarget.selected != nil else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("Set \(FuzzTarget.environmentKey) to one of: \(names).\n".utf8))
            exit(64)
        }
        var argc = CommandLine.argc
        var argv = Optional(CommandLine.unsafeArgv)
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}

/// libFuzzer's callback for one input; 0 keeps the input in the corpus when it found new
/// coverage. A property that does not hold traps, which libFuzzer reports as a crash and saves
/// the input for. Exported under libFuzzer's name because its unused `main` refers to it.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.selected?.test(Data(UnsafeBufferPointer(start: start, count: count)))
    return 0
}
