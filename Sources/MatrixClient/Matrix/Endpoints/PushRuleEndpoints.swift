import MatrixJSON

/// The push rules API (spec "Push Rules: API"), on the `global` scope.
extension MatrixEndpoint where Response == JSONValue {
    /// `GET /pushrules/`: every rule, as `m.push_rules` holds them.
    static var pushRules: Self {
        MatrixEndpoint(method: .get, path: ["_matrix", "client", "v3", "pushrules", ""], isAuthenticated: true)
    }

    /// `PUT /pushrules/global/{kind}/{ruleId}`: adds the rule, or replaces the user's own.
    static func setPushRule(_ kind: PushRule.Kind, _ ruleID: String, body: JSONValue) -> Self {
        MatrixEndpoint(method: .put, path: pushRulePath(kind, ruleID), body: body, isAuthenticated: true)
    }

    /// `DELETE /pushrules/global/{kind}/{ruleId}`.
    static func deletePushRule(_ kind: PushRule.Kind, _ ruleID: String) -> Self {
        MatrixEndpoint(method: .delete, path: pushRulePath(kind, ruleID), isAuthenticated: true)
    }

    /// `PUT /pushrules/global/{kind}/{ruleId}/actions`: a server default's actions too.
    static func setPushRuleActions(_ kind: PushRule.Kind, _ ruleID: String, actions: JSONValue) -> Self {
        MatrixEndpoint(method: .put, path: pushRulePath(kind, ruleID) + ["actions"], body: JSONValue.object(["actions": actions]),
                       isAuthenticated: true)
    }

    /// `PUT /pushrules/global/{kind}/{ruleId}/enabled`.
    static func enablePushRule(_ kind: PushRule.Kind, _ ruleID: String, _ enabled: Bool) -> Self {
        MatrixEndpoint(method: .put, path: pushRulePath(kind, ruleID) + ["enabled"], body: JSONValue.object(["enabled": .bool(enabled)]),
                       isAuthenticated: true)
    }

    private static func pushRulePath(_ kind: PushRule.Kind, _ ruleID: String) -> [String] {
        ["_matrix", "client", "v3", "pushrules", "global", kind.rawValue, ruleID]
    }
}
