import MatrixClient

/// What the verification commands produced.
public enum VerificationOutcome: Sendable, Equatable {
    /// A verification command: where the verification stands now.
    case standing(VerificationSummary)
    /// `/wait verification`: the step it waited for, which was told as it came.
    case step(VerificationSummary)
    /// `/verification`: those of this session, oldest first.
    case list([VerificationSummary])
}
