/// The command whose handler is running, which `finish(_:)` reports the result as. `send` sets
/// it, so a helper that ends a command (a reply ends in `queueMessage`) needs no name passed in.
/// A task-local like `LineContext`: lines that interleave (a script's, a timer's) keep their own.
enum RunningCommand {
    @TaskLocal static var current: CommandName?
}
