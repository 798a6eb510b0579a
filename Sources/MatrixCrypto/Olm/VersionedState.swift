import Foundation

/// How accounts and sessions are serialized: JSON of their private state, tagged with a format
/// version so a later format can still read this one. It holds private keys, so callers must
/// store it encrypted.
struct VersionedState<State: Codable>: Codable {
    let version: UInt8
    let state: State

    private struct Header: Decodable {
        let version: UInt8
    }

    /// Sorted keys make equal states serialize to equal bytes.
    static func encode(_ state: State, version: UInt8) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(Self(version: version, state: state))
    }

    static func decode(_ data: Data, version: UInt8) throws(MatrixCryptoError) -> State {
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw .malformed("serialized Olm state")
        }
        guard header.version == version else { throw .unsupportedVersion(header.version) }
        guard let decoded = try? JSONDecoder().decode(Self.self, from: data) else {
            throw .malformed("serialized Olm state")
        }
        return decoded.state
    }
}
