// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "element-shell",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "element-shell", targets: ["element-shell"]),
        .library(name: "ElementShellKit", targets: ["ElementShellKit"]),
        .library(name: "MatrixClient", targets: ["MatrixClient"]),
        .library(name: "MatrixCrypto", targets: ["MatrixCrypto"]),
        .library(name: "MatrixJSON", targets: ["MatrixJSON"]),
        .library(name: "TerminalGraphics", targets: ["TerminalGraphics"]),
        .executable(name: "element-shell-bench", targets: ["element-shell-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CSQLiteConfig", path: "Sources/CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCmark", path: "Sources/CCmark", pkgConfig: "libcmark",
                       providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"])]),
        // Picture decoding and drawing (TerminalGraphics).
        .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa",
                       providers: [.apt(["libchafa-dev", "libglib2.0-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", path: "Sources/CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGif", path: "Sources/CGif", providers: [.apt(["libgif-dev"])]),
        .executableTarget(name: "l10n-gen", path: "Sources/l10n-gen"),
        .plugin(name: "L10nPlugin", capability: .buildTool(), dependencies: ["l10n-gen"]),
        // The Matrix client library: HTTP, endpoints, sync and sliding sync, the store, the crypto
        // machine, verification, login and OAuth, media and message formatting. It knows nothing
        // of the shell (its state, reports, strings, rendering or profiles): a second front end
        // builds on it as the shell does (docs/client-library.md).
        .target(
            name: "MatrixClient",
            dependencies: [
                "CCurl",
                "CCmark",
                "CMalloc",
                "CSQLiteConfig",
                "MatrixCrypto",
                "MatrixJSON",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Pictures for terminals: PNG, JPEG, GIF and WebP to pixels, pixels to kitty graphics, iTerm2
        // images, sixel or half blocks, and what the terminal speaks. Knows nothing of Matrix.
        .target(name: "TerminalGraphics", dependencies: ["CChafa", "CTurboJPEG", "CSpng", "CWebP", "CGif"]),
        // The shell: commands, the app's state, configuration, strings and rendering.
        .target(
            name: "ElementShellKit",
            dependencies: [
                "CQREncode",
                "MatrixClient",
                "MatrixCrypto",
                "MatrixJSON",
                "TerminalGraphics",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ],
            // Interpolating remote text without `.shown` is deprecated (`RemoteText`): here it
            // does not compile.
            swiftSettings: [.unsafeFlags(["-Werror", "DeprecatedDeclaration"])],
            plugins: ["L10nPlugin"]
        ),
        .executableTarget(
            name: "element-shell",
            dependencies: [
                "ElementShellKit",
                "MatrixClient",
                "TerminalGraphics",
                "CReadline",
                .product(name: "Logging", package: "swift-log"),
            ],
            // Fewer pages read at each start (BENCHMARKS.md, "What an idle shell holds"): lld packs
            // the 100,000 relative relocations (2.4 MB that ld.so read and applied) into 20 KB
            // (DT_RELR, glibc 2.36), and nothing needs the executable's symbols exported (1.7 MB
            // of tables that every library's symbol lookup searched first). In release, the code a
            // session runs is laid out together (Linker/, "Laying out the code a session runs").
            linkerSettings: [
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                              "-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
                .unsafeFlags(["-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Linker/element-shell.order",
                              "-Xlinker", "--no-warn-symbol-ordering",
                              "-Xlinker", "--script=\(Context.packageDirectory)/Linker/element-shell.ld"],
                             .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        // The JSON value type everything shares: event content, `--output json`, canonical JSON.
        .target(name: "MatrixJSON"),
        // End-to-end encryption (canonical JSON signing, Olm, Megolm); knows nothing of HTTP or the store.
        .target(
            name: "MatrixCrypto",
            dependencies: [
                "MatrixJSON",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // Synthetic sync responses for the benchmark; a target of its own so tests can check them.
        .target(name: "SyntheticSync"),
        .executableTarget(
            name: "element-shell-bench",
            dependencies: [
                "ElementShellKit",
                "MatrixClient",
                "MatrixJSON",
                "SyntheticSync",
                "MatrixCrypto",
                "TerminalGraphics",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What both test targets share: waiting for other processes without holding a pool thread.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "ElementShellKitTests",
            // The executable is a dependency so the process-level tests (batch mode, tmux) find it built.
            dependencies: ["ElementShellKit", "MatrixClient", "TerminalGraphics", "element-shell", "SyntheticSync", "MatrixCrypto", "MatrixJSON", "TestSupport"],
            // Read through #filePath, so the expected text is reviewed like code.
            exclude: ["Render/Golden", "Peers"]
        ),
        // Decoding, drawing and detection against Pillow's pictures, recorded terminals, sixel2png.
        .testTarget(
            name: "TerminalGraphicsTests",
            dependencies: ["TerminalGraphics", "TestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        // Olm, Megolm, signing and key exports against test vectors and vodozemac, on their own:
        // no client, no executable.
        .testTarget(
            name: "MatrixCryptoTests",
            dependencies: ["MatrixCrypto", "MatrixJSON", "TestSupport"],
            exclude: ["Peers"]
        ),
    ]
)

// The fuzz targets (Sources/element-shell-fuzz) exist only when Scripts/fuzz sets ELEMENT_SHELL_FUZZ,
// so a normal build neither compiles nor links them. Only the client, the shell, the picture
// decoders and the fuzzer get libFuzzer's coverage and AddressSanitizer (the JSON reader and the
// decoders walk raw buffers): coverage of the code under test is what steers libFuzzer, and plain
// dependencies keep the fuzz build short.
if ProcessInfo.processInfo.environment["ELEMENT_SHELL_FUZZ"] != nil {
    let sanitizers = ["-sanitize=fuzzer,address"]
    for target in package.targets where ["ElementShellKit", "MatrixClient", "TerminalGraphics"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(sanitizers)]
    }
    package.targets += [
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .executableTarget(
            name: "element-shell-fuzz",
            dependencies: ["ElementShellKit", "MatrixClient", "TerminalGraphics", "CLibFuzzer"],
            swiftSettings: [.unsafeFlags(sanitizers)],
            // lld, because gold warns about every ASan helper symbol it cannot export.
            linkerSettings: [.unsafeFlags(sanitizers + ["-use-ld=lld"])]
        ),
    ]
}
