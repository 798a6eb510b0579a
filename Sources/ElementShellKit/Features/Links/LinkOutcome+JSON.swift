import MatrixJSON

/// `--output json` for `/links` and `/link`; the fields are in docs/json-output.md.
extension LinkOutcome {
    var json: [String: JSONValue] {
        switch self {
        case .listed(let links):
            ["links": .array(links.map { link in
                ["number": .integer(Int64(link.number)), "url": link.address.json, "ref": link.reference.map { .string("~\($0)") } ?? .null,
                 "sender_name": link.senderName.json]
            })]
        case .opened(let address, let inBrowser): ["url": address.json, "opened_in_browser": .bool(inBrowser)]
        }
    }
}
