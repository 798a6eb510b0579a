import Foundation
import MatrixCrypto
import MatrixJSON
@testable import ElementShellKit
@testable import MatrixClient

/// A homeserver's key and to-device endpoints in memory, so crypto machines can talk without a
/// server: what one uploads another queries and claims, to-device messages wait in a queue per
/// device. Room membership is set by the test.
actor MemoryKeysServer {
    private var deviceKeys: [String: [String: JSONValue]] = [:]
    private var oneTimeKeys: [DeviceAddress: [(String, JSONValue)]] = [:]
    private var fallbackKeys: [DeviceAddress: (String, JSONValue)] = [:]
    private var inboxes: [DeviceAddress: [SyncEvent]] = [:]
    var members: [String: [String]] = [:]
    /// Rooms whose history is visible only to members (`joined`, `invited`); others share it.
    var membersOnlyHistory: Set<String> = []
    /// Uploaded files by their mxc URI.
    var files: [String: Data] = [:]
    var trustState = MemoryTrustState()

    func setMembers(_ userIDs: [String], of roomID: String) {
        members[roomID] = userIDs
    }

    func setHistoryShared(_ shared: Bool, in roomID: String) {
        if shared { membersOnlyHistory.remove(roomID) } else { membersOnlyHistory.insert(roomID) }
    }

    func upload(_ data: Data) -> String {
        let url = "mxc://hs/file\(files.count + 1)"
        files[url] = data
        return url
    }

    /// Replaces an uploaded file, as a hostile server might.
    func replaceFile(_ url: String, with data: Data) {
        files[url] = data
    }

    /// The view one device has of the server.
    nonisolated func service(userID: String, deviceID: String) -> any KeysService {
        DeviceView(server: self, address: DeviceAddress(userID: userID, deviceID: deviceID))
    }

    /// Takes the device's waiting to-device messages, as a sync would deliver them.
    func takeInbox(of address: DeviceAddress) -> [SyncEvent] {
        defer { inboxes[address] = [] }
        return inboxes[address] ?? []
    }

    func oneTimeKeyCount(of address: DeviceAddress) -> Int {
        oneTimeKeys[address]?.count ?? 0
    }

    /// Others claimed all of the device's one-time keys.
    func drainOneTimeKeys(of address: DeviceAddress) {
        oneTimeKeys[address] = []
    }

    /// The device's fallback key is gone too: nobody can start an Olm session with it.
    func drainFallbackKey(of address: DeviceAddress) {
        fallbackKeys[address] = nil
    }

    /// A device deleted from another client: its keys go.
    func delete(_ address: DeviceAddress) {
        deviceKeys[address.userID]?[address.deviceID] = nil
    }

    fileprivate func upload(from address: DeviceAddress, deviceKeys keys: JSONValue?,
                            oneTimeKeys newKeys: [String: JSONValue], fallbackKeys newFallback: [String: JSONValue]) -> [String: Int] {
        if let keys { deviceKeys[address.userID, default: [:]][address.deviceID] = keys }
        for (id, key) in newKeys { oneTimeKeys[address, default: []].append((id, key)) }
        if let (id, key) = newFallback.first { fallbackKeys[address] = (id, key) }
        return [CryptoAlgorithm.signedCurve25519: oneTimeKeys[address]?.count ?? 0]
    }

    fileprivate func query(_ userIDs: [String]) -> JSONValue {
        var answer = crossSigningAnswer(for: userIDs)
        answer["device_keys"] = .object(Dictionary(uniqueKeysWithValues: userIDs.map { ($0, JSONValue.object(deviceKeys[$0] ?? [:])) }))
        return .object(answer)
    }

    func mergeDeviceSignatures(_ signatures: JSONValue, userID: String, deviceID: String) {
        let merged = Self.merging(signatures, into: deviceKeys[userID]?[deviceID])
        deviceKeys[userID]?[deviceID] = merged
    }

    fileprivate func claim(_ devices: [String: [String]]) -> JSONValue {
        var answer: [String: JSONValue] = [:]
        for (userID, deviceIDs) in devices {
            var perDevice: [String: JSONValue] = [:]
            for deviceID in deviceIDs {
                let address = DeviceAddress(userID: userID, deviceID: deviceID)
                if var keys = oneTimeKeys[address], !keys.isEmpty {
                    let (id, key) = keys.removeFirst()
                    oneTimeKeys[address] = keys
                    perDevice[deviceID] = .object([id: key])
                } else if let (id, key) = fallbackKeys[address] {
                    perDevice[deviceID] = .object([id: key])
                }
            }
            answer[userID] = .object(perDevice)
        }
        return .object(answer)
    }

    fileprivate func send(type: String, from sender: String, messages: [String: [String: JSONValue]]) {
        for (userID, devices) in messages {
            for (deviceID, content) in devices {
                // `*` is every device of the user.
                let targets = deviceID == "*" ? Array((deviceKeys[userID] ?? [:]).keys) : [deviceID]
                for target in targets {
                    inboxes[DeviceAddress(userID: userID, deviceID: target), default: []]
                        .append(SyncEvent(type: type, sender: sender, content: content))
                }
            }
        }
    }

    private struct DeviceView: KeysService {
        let server: MemoryKeysServer
        let address: DeviceAddress

        func uploadKeys(deviceKeys: JSONValue?, oneTimeKeys: [String: JSONValue],
                        fallbackKeys: [String: JSONValue]) async throws(MatrixError) -> [String: Int] {
            await server.upload(from: address, deviceKeys: deviceKeys, oneTimeKeys: oneTimeKeys, fallbackKeys: fallbackKeys)
        }

        func queryKeys(userIDs: [String]) async throws(MatrixError) -> JSONValue {
            await server.query(userIDs)
        }

        func claimOneTimeKeys(_ devices: [String: [String]]) async throws(MatrixError) -> JSONValue {
            await server.claim(devices)
        }

        func sendToDevice(type: String, transactionID: String, messages: [String: [String: JSONValue]]) async throws(MatrixError) {
            await server.send(type: type, from: address.userID, messages: messages)
        }

        func readers(ofRoom roomID: String) async throws(MatrixError) -> RoomReaders {
            RoomReaders(members: await server.members[roomID] ?? [], sharesHistory: await !server.membersOnlyHistory.contains(roomID))
        }

        func uploadEncryptedFile(_ data: Data) async throws(MatrixError) -> String {
            await server.upload(data)
        }

        func downloadEncryptedFile(_ url: String, maximumBytes: Int) async throws(MatrixError) -> Data {
            guard let data = await server.files[url] else { throw .notFound }
            guard data.count <= maximumBytes else { throw .transport(.responseTooLarge) }
            return data
        }
    }
}
