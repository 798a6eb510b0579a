@preconcurrency import CReadline
@preconcurrency import Glibc

/// readline's C callbacks cannot capture context, so they reach the editor through this state.
/// All of it is touched only on the readline thread.
enum ReadlineBridge {
    nonisolated(unsafe) private static var editor: LineEditor?
    nonisolated(unsafe) private static var prompt = ""
    nonisolated(unsafe) private static var questionReply: (@Sendable (String?) -> Void)?
    nonisolated(unsafe) private static var savedRedisplay: (@convention(c) () -> Void)?
    nonisolated(unsafe) private static var savedLine: (text: String, point: Int32) = ("", 0)
    /// Kept alive for as long as readline points at it.
    nonisolated(unsafe) private static var wordBreakCharacters: UnsafeMutablePointer<CChar>?

    static func install(editor newEditor: LineEditor) {
        editor = newEditor
        // Matrix IDs (`@user:server`, `#room:server`, `!id`) are single words.
        wordBreakCharacters = strdup(" \t\n\"'`$><=;|&{(")
        rl_completer_word_break_characters = UnsafePointer(wordBreakCharacters)
        rl_attempted_completion_function = { text, start, end in
            ReadlineBridge.attemptCompletion(text: text, start: start, end: end)
        }
    }

    static func handleLine(_ raw: UnsafeMutablePointer<CChar>?) {
        let line = raw.map { String(cString: $0) }
        free(raw)
        if let reply = questionReply {
            endQuestion()
            reply(line)
        } else {
            editor?.accept(line)
        }
    }

    static func setPrompt(_ newPrompt: String) {
        prompt = newPrompt
        guard questionReply == nil else { return }
        rl_set_prompt(newPrompt)
        rl_redisplay()
    }

    /// Prints above the prompt; what is typed and the cursor are redrawn as they were.
    static func printAbove(_ lines: [String]) {
        // While a password is typed nothing is redrawn, so nothing needs clearing either.
        let hidden = savedRedisplay != nil
        if !hidden { rl_clear_visible_line() }
        for line in lines {
            fputs(line + "\n", stdout)
        }
        fflush(stdout)
        if !hidden {
            rl_on_new_line()
            rl_redisplay()
        }
    }

    /// Ctrl-C drops the typed line (or cancels a password question) and starts afresh.
    static func interrupt() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        fputs("^C\n", stdout)
        if let reply = questionReply {
            endQuestion()
            reply(nil)
            return
        }
        rl_on_new_line()
        rl_redisplay()
    }

    /// The next line answers a question: no history, and with `hidden` no echo. What the user had
    /// typed before the question comes back afterwards.
    static func beginQuestion(prompt question: String, hidden: Bool, reply: @escaping @Sendable (String?) -> Void) {
        savedLine = (String(cString: rl_line_buffer), rl_point)
        rl_replace_line("", 0)
        questionReply = reply
        if hidden {
            rl_clear_visible_line()
            fputs(question, stdout)
            fflush(stdout)
            savedRedisplay = rl_redisplay_function
            rl_redisplay_function = {}
            rl_set_prompt("")
        } else {
            rl_set_prompt(question)
            rl_redisplay()
        }
    }

    private static func endQuestion() {
        questionReply = nil
        if let redisplay = savedRedisplay {
            rl_redisplay_function = redisplay
            savedRedisplay = nil
            fputs("\n", stdout)
        }
        rl_set_prompt(prompt)
        rl_replace_line(savedLine.text, 0)
        rl_point = savedLine.point
        savedLine = ("", 0)
        rl_on_new_line()
        rl_redisplay()
    }

    /// Stops the process like Ctrl-Z would, with the terminal as the shell left it; continues here
    /// once the job is resumed, in readline's mode again, with the typed line redrawn.
    static func suspend() {
        rl_deprep_terminal()
        kill(getpid(), SIGSTOP)
        rl_prep_terminal(0)
        rl_forced_update_display()
    }

    static func restoreTerminal() {
        rl_deprep_terminal()
        fputs("\n", stdout)
        fflush(stdout)
    }

    static func attemptCompletion(text: UnsafePointer<CChar>?, start: Int32, end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let editor, let buffer = rl_line_buffer else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(end))
        let before = String(decoding: bytes, as: UTF8.self)
        switch editor.complete(before) {
        case .files:
            rl_attempted_completion_over = 0
            return nil
        case .candidates(let candidates):
            rl_attempted_completion_over = 1
            return matchArray(candidates)
        }
    }

    /// readline's match list: the common prefix first, then each match, then NULL, all malloc'd.
    private static func matchArray(_ candidates: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = candidates.first else { return nil }
        let common = candidates.dropFirst().reduce(first) { prefix, candidate in
            String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
        }
        let entries = candidates.count == 1 ? [first] : [common] + candidates
        let array = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() {
            array[index] = strdup(entry)
        }
        array[entries.count] = nil
        return array
    }
}
