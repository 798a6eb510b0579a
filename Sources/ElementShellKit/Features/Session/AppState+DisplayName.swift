import MatrixClient

/// `/nick`: the account's display name, which every room shows for the user.
extension AppState {
    /// Sets it to `name`, or with none shows it as the server has it. Nothing of the shell's
    /// state changes here: the rooms' member events sync brings back rename the user in each.
    func displayName(set name: String?, in context: SessionContext) async -> Bool {
        let rooms = context.services.rooms, userID = context.session.userID
        do throws(MatrixError) {
            if let name {
                try await rooms.setOwnDisplayName(name)
                return finish(.session(.displayName(RemoteText(name), userID: userID, changed: true)))
            }
            let current = try await rooms.ownDisplayName()
            return finish(.session(.displayName(current.map { RemoteText($0) }, userID: userID, changed: false)))
        } catch {
            return finish(.failure(.matrix(error)))
        }
    }
}
