import Foundation
import MatrixClient
import MatrixCrypto

extension AppState {
    /// The largest key export file `/keys import` reads: tens of thousands of sessions fit easily.
    nonisolated static let keyExportSizeLimit = 64 << 20

    /// Writes every room key of the session to `path` (0600), encrypted with a passphrase asked
    /// twice. An existing file is only replaced with `/keys!`, checked before anyone types.
    func exportKeys(to path: String, overwrite: Bool, from crypto: CryptoMachine) async -> Bool {
        do throws(ShellError) {
            if !overwrite, FileManager.default.fileExists(atPath: path) { throw .encryption(.fileExists(path: path)) }
            let passphrase = try await askPassphrase(.export(path: path, repeated: false))
            guard try await askPassphrase(.export(path: path, repeated: true)) == passphrase else { throw .encryption(.passphrasesDiffer) }
            let keys: [ExportedRoomKey]
            do {
                keys = try await crypto.exportRoomKeys()
            } catch {
                throw .storeUnavailable
            }
            let rounds = environment.tuning.keyExportRounds
            try await LocalFile.offMainActor { () throws(ShellError) in
                // Key derivation takes a good part of a second by design: away from the prompt.
                guard let plaintext = try? JSONEncoder().encode(keys),
                      let file = try? RoomKeyExport.encrypt(plaintext, passphrase: passphrase, rounds: rounds) else {
                    throw .fileNotWritten(path: path)
                }
                try LocalFile.writePrivate(Data(file.utf8), to: path, overwrite: overwrite)
            }
            logger.info("Exported \(keys.count) room keys")
            return finish(.encryption(.keysExported(path: path, count: keys.count)))
        } catch {
            return finish(.failure(error))
        }
    }

    /// Reads room keys from an export, keeps those better than what is here (marked imported),
    /// and shows the stored messages they make readable the way a sync would.
    func importKeys(from path: String, into crypto: CryptoMachine) async -> Bool {
        do throws(ShellError) {
            let data = try await LocalFile.offMainActor { () throws(ShellError) in try LocalFile.read(path, limit: Self.keyExportSizeLimit) }
            let passphrase = try await askPassphrase(.import(path: path))
            let keys = try await LocalFile.offMainActor { () throws(ShellError) in
                let plaintext: Data
                do throws(RoomKeyExportError) {
                    plaintext = try RoomKeyExport.decrypt(String(decoding: data, as: UTF8.self), passphrase: passphrase)
                } catch .authenticationFailed {
                    throw .encryption(.wrongPassphrase(path: path))
                } catch .emptyPassphrase {
                    throw .encryption(.emptyPassphrase)
                } catch {
                    throw .encryption(.notAKeyExport(path: path))
                }
                guard let keys = try? JSONDecoder().decode([ExportedRoomKey].self, from: plaintext) else {
                    throw .encryption(.notAKeyExport(path: path))
                }
                return keys
            }
            let imported = await crypto.importRoomKeys(keys)
            logger.info("Imported \(imported.count) of \(keys.count) room keys")
            if !imported.isEmpty, let late = await crypto.retryUndecrypted(sessionIDs: imported) {
                await apply(.decrypted(late))
            }
            return finish(.encryption(.keysImported(path: path, imported: imported.count, total: keys.count)))
        } catch {
            return finish(.failure(error))
        }
    }

    /// A passphrase from the user (or the batch mode's file or variable); never logged.
    func askPassphrase(_ request: PassphraseRequest) async throws(ShellError) -> String {
        switch await environment.passphrase(request) {
        case .password(let passphrase):
            guard !passphrase.isEmpty else { throw .encryption(.emptyPassphrase) }
            return passphrase
        case .cancelled: throw .cancelled
        case .missing: throw .encryption(.passphraseUnavailable)
        case .unreadableFile(let path): throw .encryption(.passphraseFileUnreadable(path: path))
        }
    }
}
