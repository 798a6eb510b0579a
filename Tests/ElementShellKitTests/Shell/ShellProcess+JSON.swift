import Foundation

/// What a run with `--output json` printed, read the way the verification suites need it.
extension ShellProcess.Result {
    /// The result line of the last run of `command`.
    func result(of command: String) -> [String: Any]? {
        objects.last { $0["command"] as? String == command }
    }

    /// The error codes of the run's failed results, in order.
    var errorCodes: [String] {
        objects.compactMap { ($0["error"] as? [String: Any])?["code"] as? String }
    }

    /// The verification step each `/wait verification` returned, in order.
    var verificationSteps: [[String: Any]] {
        objects.filter { $0["command"] as? String == "wait" }.compactMap { $0["verification"] as? [String: Any] }
    }
}

extension TestHomeserver {
    func userID(_ user: String) -> String { "@\(user):\(serverName)" }

    /// Element X on `user`'s phone: a Rust SDK peer on the same account, its device kept in the
    /// shell's home.
    func phone(of user: String, in shell: ShellProcess) throws -> RustSDKPeer {
        RustSDKPeer(homeserver: self, user: user, storeDirectory: shell.home.appending(path: "phone").path,
                    passwordFile: try shell.write(password, to: "phone-password"))
    }
}

extension ShellProcess {
    /// The arguments of a `tester` profile whose homeserver is reached through `proxy`.
    func arguments(through proxy: FaultProxy) throws -> [String] {
        let config = try write("""
            homeservers:
              test: { url: \(proxy.url.absoluteString) }
            profiles:
              tester: { app_name: Tester, default_homeserver: test, settings: { log_level: info\(Self.syncSettingYAML) } }
            """, to: "config.yaml")
        return ["--config", config, "--profile", "tester", "--no-rc", "--output", "json"]
    }
}
