import Testing
@testable import ElementShellKit
@testable import MatrixClient

@Suite struct PlaceholderFormatterTests {
    @Test func fillsNumberedPlaceholdersInAnyOrder() {
        #expect(PlaceholderFormatter.format("%2$@ then %1$@", arguments: ["a", "b"]) == "b then a")
    }

    @Test func keepsLiteralPercentAndIgnoresMissingArguments() {
        #expect(PlaceholderFormatter.format("100%% of %1$@ and %3$@", arguments: ["x"]) == "100% of x and ")
        #expect(PlaceholderFormatter.format("50% off", arguments: []) == "50% off")
    }
}
