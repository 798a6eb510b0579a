import Foundation
import MatrixCrypto
import MatrixJSON
@testable import ElementShellKit
@testable import MatrixClient

/// The trust side of `MemoryKeysServer`: account data, cross-signing keys and signatures (which
/// then show in key queries), and key backups, so recovery runs between machines in memory. A
/// test can also play a hostile server by writing account data or keys itself.
struct MemoryTrustState {
    var accountData: [String: [String: JSONValue]] = [:]
    /// User ID → usage (`master`, `self_signing`, `user_signing`) → the public key object.
    var crossSigningKeys: [String: [String: JSONValue]] = [:]
    var backups: [(version: String, algorithm: String, authData: JSONValue)] = []
    /// Versions are never reused, as on Synapse: one deleted leaves its number behind.
    var backupVersionsMade = 0
    var backedUp: [String: [String: [String: JSONValue]]] = [:]
    /// Challenges each upload of cross-signing keys that would replace existing ones.
    var requiresAuthenticationToReplace = true
    /// Answers a download of the whole backup with a server error, as a server going away mid-restore.
    var failsBackupDownload = false
    /// Holds an upload of room keys to the backup where a test armed it.
    var backupUploadHold: Hold?
}

extension MemoryKeysServer {
    nonisolated func trustService(userID: String) -> any TrustService {
        TrustView(server: self, userID: userID)
    }

    func setAccountData(_ content: JSONValue?, type: String, of userID: String) {
        trustState.accountData[userID, default: [:]][type] = content
    }

    func accountData(_ type: String, of userID: String) -> JSONValue? {
        trustState.accountData[userID]?[type]
    }

    /// Replaces a user's published cross-signing keys, as a reset (or a hostile server) would.
    func setCrossSigningKeys(_ keys: [String: JSONValue], of userID: String) {
        trustState.crossSigningKeys[userID] = keys
    }

    func crossSigningKeys(of userID: String) -> [String: JSONValue] {
        trustState.crossSigningKeys[userID] ?? [:]
    }

    func addBackup(algorithm: String, authData: JSONValue) -> String {
        trustState.backupVersionsMade += 1
        let version = "\(trustState.backupVersionsMade)"
        trustState.backups.append((version, algorithm, authData))
        return version
    }

    func setFailsBackupDownload(_ fails: Bool) {
        trustState.failsBackupDownload = fails
    }

    func setBackupUploadHold(_ hold: Hold) {
        trustState.backupUploadHold = hold
    }

    func backedUpSessionCount(version: String) -> Int {
        trustState.backedUp[version]?.values.reduce(0) { $0 + $1.count } ?? 0
    }

    /// The cross-signing part of a `/keys/query` answer.
    func crossSigningAnswer(for userIDs: [String]) -> [String: JSONValue] {
        var answer: [String: [String: JSONValue]] = ["master_keys": [:], "self_signing_keys": [:], "user_signing_keys": [:]]
        for userID in userIDs {
            for (usage, key) in trustState.crossSigningKeys[userID] ?? [:] { answer["\(usage)_keys"]?[userID] = key }
        }
        return answer.mapValues(JSONValue.object)
    }

    fileprivate func uploadCrossSigningKeys(_ keys: [String: JSONValue], auth: JSONValue?, of userID: String) -> AuthenticationChallenge? {
        if trustState.crossSigningKeys[userID] != nil, trustState.requiresAuthenticationToReplace, auth?["password"] == nil {
            return AuthenticationChallenge(session: "uia", flows: [[PasswordLoginRequest.loginType]])
        }
        trustState.crossSigningKeys[userID] = keys
        return nil
    }

    /// Merges uploaded signatures into the signed devices and keys.
    fileprivate func uploadSignatures(_ signed: [String: [String: JSONValue]]) {
        for (userID, objects) in signed {
            for (keyID, object) in objects {
                let signatures = object["signatures"] ?? [:]
                if let usage = trustState.crossSigningKeys[userID]?.first(where: { $0.value["keys"]?["ed25519:\(keyID)"] != nil })?.key {
                    // Computed first: an optional-chained assignment holds its access while its value is made.
                    let merged = Self.merging(signatures, into: trustState.crossSigningKeys[userID]?[usage])
                    trustState.crossSigningKeys[userID]?[usage] = merged
                } else {
                    mergeDeviceSignatures(signatures, userID: userID, deviceID: keyID)
                }
            }
        }
    }

    static func merging(_ signatures: JSONValue, into object: JSONValue?) -> JSONValue? {
        guard case .object(var members)? = object else { return object }
        var merged = members["signatures"]?.object ?? [:]
        for (entity, entries) in signatures.object ?? [:] {
            merged[entity] = .object((merged[entity]?.object ?? [:]).merging(entries.object ?? [:]) { _, new in new })
        }
        members["signatures"] = .object(merged)
        return .object(members)
    }

    fileprivate func currentBackup() -> JSONValue? {
        guard let last = trustState.backups.last else { return nil }
        return ["version": .string(last.version), "algorithm": .string(last.algorithm), "auth_data": last.authData,
                "count": .integer(Int64(backedUpSessionCount(version: last.version))), "etag": "1"]
    }

    fileprivate func deleteBackup(version: String) {
        trustState.backups.removeAll { $0.version == version }
        trustState.backedUp[version] = nil
    }

    fileprivate func backedUpKeys(version: String) -> JSONValue {
        .object((trustState.backedUp[version] ?? [:]).mapValues { ["sessions": .object($0)] })
    }

    fileprivate func uploadBackupKeys(_ rooms: [String: [String: JSONValue]], version: String) {
        for (roomID, sessions) in rooms {
            trustState.backedUp[version, default: [:]][roomID, default: [:]].merge(sessions) { _, new in new }
        }
    }

    private struct TrustView: TrustService {
        let server: MemoryKeysServer
        let userID: String

        func accountData(_ type: String) async throws(MatrixError) -> JSONValue? {
            await server.accountData(type, of: userID)
        }

        func setAccountData(_ content: JSONValue, type: String) async throws(MatrixError) {
            await server.setAccountData(content, type: type, of: userID)
        }

        func uploadCrossSigningKeys(master: JSONValue, selfSigning: JSONValue, userSigning: JSONValue,
                                    auth: JSONValue?) async throws(MatrixError) -> AuthenticationChallenge? {
            await server.uploadCrossSigningKeys(["master": master, "self_signing": selfSigning, "user_signing": userSigning],
                                                auth: auth, of: userID)
        }

        func uploadSignatures(_ signed: [String: [String: JSONValue]]) async throws(MatrixError) -> JSONValue {
            await server.uploadSignatures(signed)
            return [:]
        }

        func backupVersion() async throws(MatrixError) -> JSONValue? {
            await server.currentBackup()
        }

        func createBackupVersion(algorithm: String, authData: JSONValue) async throws(MatrixError) -> String {
            await server.addBackup(algorithm: algorithm, authData: authData)
        }

        func deleteBackupVersion(_ version: String) async throws(MatrixError) {
            await server.deleteBackup(version: version)
        }

        func backedUpKeys(version: String) async throws(MatrixError) -> JSONValue {
            if await server.trustState.failsBackupDownload { throw .server(errcode: "M_UNKNOWN", message: "gone", status: 502) }
            return await server.backedUpKeys(version: version)
        }

        func backedUpKey(roomID: String, sessionID: String, version: String) async throws(MatrixError) -> JSONValue? {
            await server.backedUpKeys(version: version)[roomID]?["sessions"]?[sessionID]
        }

        func uploadBackupKeys(_ rooms: [String: [String: JSONValue]], version: String) async throws(MatrixError) {
            await server.trustState.backupUploadHold?.pass()
            await server.uploadBackupKeys(rooms, version: version)
        }
    }
}
