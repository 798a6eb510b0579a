/// vodozemac (`Peers/vodozemac_oracle.py`): an implementation of Olm and Megolm MatrixCrypto
/// shares no code with.
enum VodozemacOracle {
    static var isAvailable: Bool { PythonOracle.isAvailable }
    private static let oracle = PythonOracle(script: "vodozemac_oracle.py")

    static func call(_ request: [String: Any]) async throws -> [String: Any] {
        try await oracle.call(request)
    }

    static func dialogue() throws -> PythonOracle.Dialogue {
        try oracle.dialogue()
    }
}
