import ArgumentParser
import Foundation
import MatrixCrypto

/// `ed25519`: verifies the cases `Benchmarks/ed25519_vodozemac.py` writes (vodozemac's signatures,
/// about half altered, with vodozemac's verdicts) with MatrixCrypto and counts where the two
/// disagree; exits 1 if they do anywhere. A key signs many in a row, so nearly all are checked with
/// the key's multiples kept (`Ed25519TableVerification`), the rest by BoringSSL.
struct Ed25519Agreement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ed25519",
        abstract: "Checks Ed25519 verification against vodozemac's verdicts read from standard input; prints the counts as JSON.")

    func run() throws {
        let input = FileHandle.standardInput
        var buffer = Data()
        var (cases, valid, disagreements) = (0, 0, 0)
        var keys = Set<Data>()
        let clock = ContinuousClock()
        var verifying = Duration.zero
        while true {
            let chunk = input.readData(ofLength: 1 << 20)
            buffer += chunk
            var offset = buffer.startIndex
            while buffer.endIndex - offset >= 99 {
                let length = Int(buffer[offset + 97]) | Int(buffer[offset + 98]) << 8
                guard buffer.endIndex - offset >= 99 + length else { break }
                let key = buffer[offset..<offset + 32], signature = buffer[offset + 32..<offset + 96]
                let expected = buffer[offset + 96] == 1
                let message = buffer[offset + 99..<offset + 99 + length]
                let started = clock.now
                let verdict = (try? Ed25519PublicKey(rawRepresentation: key))?.isValidSignature(signature, for: message) ?? false
                verifying += clock.now - started
                cases += 1
                if expected { valid += 1 }
                if verdict != expected { disagreements += 1 }
                keys.insert(Data(key))
                offset += 99 + length
            }
            buffer = Data(buffer[offset...])
            if chunk.isEmpty { break }
        }
        guard buffer.isEmpty else { throw ValidationError("the input ends inside a case") }
        print("{\"cases\":\(cases),\"keys\":\(keys.count),\"valid\":\(valid),\"disagreements\":\(disagreements),\"verify_seconds\":\(verifying.seconds.formatted(3))}")
        if disagreements > 0 { throw ExitCode(1) }
    }
}
