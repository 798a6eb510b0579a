/// Where the line being run came from. A task-local rather than state, so lines that interleave
/// (a script, a timer firing meanwhile) each keep their own.
struct LineContext: Sendable {
    @TaskLocal static var current = LineContext()

    /// The script line, so reports carry `file:line`.
    var location: ScriptLocation?
    var scriptDepth = 0
    var aliasDepth = 0
}
