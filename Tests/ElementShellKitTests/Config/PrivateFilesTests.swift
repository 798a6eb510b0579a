import Foundation
import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct PrivateFilesTests {
    let directory = TemporaryDirectory()

    func make(_ relative: String, mode: Int, isDirectory: Bool = false) throws {
        let path = directory.url.appending(path: relative).path
        if isDirectory {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } else {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: path))
        }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func mode(of relative: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: directory.url.appending(path: relative).path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func looserFilesAndDirectoriesAreTightenedAndReported() throws {
        try make("accounts/a", mode: 0o755, isDirectory: true)
        try make("accounts/a/crypto.key", mode: 0o644)
        try make("accounts/a/store.sqlite", mode: 0o600)
        try make("session.json", mode: 0o666)
        try make("history", mode: 0o400)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: directory.url.appending(path: "accounts").path)
        let tightened = PrivateFiles.tighten(below: directory.url.path)
        #expect(Set(tightened.map { $0.path.replacingOccurrences(of: directory.url.path + "/", with: "") })
                == ["accounts", "accounts/a", "accounts/a/crypto.key", "session.json"])
        #expect(try mode(of: "accounts/a") == 0o700)
        #expect(try mode(of: "accounts/a/crypto.key") == 0o600)
        #expect(try mode(of: "session.json") == 0o600)
        #expect(try mode(of: "accounts/a/store.sqlite") == 0o600, "already private: untouched")
        #expect(try mode(of: "history") == 0o400, "the owner's own bits stay")
        #expect(tightened.first { $0.path.hasSuffix("crypto.key") }?.previousMode == 0o644)
        #expect(PrivateFiles.tighten(below: directory.url.path).isEmpty, "nothing left to do the second time")
    }
}
