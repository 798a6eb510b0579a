@preconcurrency import CReadline
@preconcurrency import Glibc

/// readline's C callbacks cannot capture context, so they reach the editor through this state.
/// All of it belongs to the readline thread; `install` records that thread and every entry point
/// checks it.
enum ReadlineBridge {
    private struct Question {
        let prompt: String
        let hidden: Bool
        let reply: @Sendable (String?) -> Void
    }

    nonisolated(unsafe) private static var owner: pthread_t?
    nonisolated(unsafe) private static var editor: LineEditor?
    nonisolated(unsafe) private static var prompt = ""
    /// The question on screen first, then those waiting their turn.
    nonisolated(unsafe) private static var questions: [Question] = []
    nonisolated(unsafe) private static var savedRedisplay: (@convention(c) () -> Void)?
    /// What was typed when a question took the line, put back once it is answered.
    nonisolated(unsafe) private static var savedLine: (text: String, point: Int32)?
    nonisolated(unsafe) private static var restoresAfterInput = false
    nonisolated(unsafe) private static var finishedLine: String?
    /// Kept alive for as long as readline points at it.
    nonisolated(unsafe) private static var wordBreakCharacters: UnsafeMutablePointer<CChar>?

    static func install(editor newEditor: LineEditor, prompt initialPrompt: String) {
        owner = pthread_self()
        editor = newEditor
        prompt = initialPrompt
        // Lets ~/.inputrc say `$if element-shell`.
        rl_readline_name = UnsafePointer(strdup("element-shell"))
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        // Matrix IDs (`@user:server`, `#room:server`, `!id`) are single words.
        wordBreakCharacters = strdup(" \t\n\"'`$><=;|&{(")
        rl_completer_word_break_characters = UnsafePointer(wordBreakCharacters)
        rl_attempted_completion_function = { text, start, end in
            ReadlineBridge.attemptCompletion(text: text, start: start, end: end)
        }
        rl_callback_handler_install(initialPrompt) { ReadlineBridge.handleLine($0) }
    }

    static func uninstall() {
        assertOwner()
        rl_callback_handler_remove()
        // readline has already drawn a fresh prompt below the last line; the terminal's own
        // shell takes that line back.
        fputs("\r\u{1B}[K", stdout)
        rl_deprep_terminal()
        fflush(stdout)
        for question in questions { question.reply(nil) }
        questions.removeAll()
        editor = nil
    }

    static var isAsking: Bool { !questions.isEmpty }

    /// The line finished since the last call, if any (empty at the end of input); input then
    /// waits for the app.
    static func takeFinishedLine() -> String? {
        defer { finishedLine = nil }
        return finishedLine
    }

    static func handleLine(_ raw: UnsafeMutablePointer<CChar>?) {
        assertOwner()
        let line = raw.map { String(cString: $0) }
        free(raw)
        if let question = questions.first {
            finishQuestion()
            question.reply(line)
        } else {
            // At the end of input no prompt should be drawn again: without a handler readline
            // leaves the line as it is.
            if line == nil { rl_callback_handler_remove() }
            finishedLine = line ?? ""
            editor?.accept(line)
        }
    }

    /// readline resets its line after the handler returns; a line saved across a question can
    /// only be put back once it has.
    static func afterInput() {
        guard restoresAfterInput else { return }
        restoresAfterInput = false
        restoreSavedLine()
    }

    static func setPrompt(_ newPrompt: String) {
        assertOwner()
        prompt = newPrompt
        guard questions.isEmpty else { return }
        rl_set_prompt(newPrompt)
        rl_redisplay()
    }

    /// Prints above the prompt; what is typed and the cursor are redrawn as they were. During a
    /// password question the question is written again below the lines; what was typed of the
    /// password stays as invisible as before.
    static func printAbove(_ lines: [String]) {
        assertOwner()
        let hiddenQuestion = savedRedisplay != nil ? questions.first : nil
        if hiddenQuestion != nil {
            fputs("\r\u{1B}[K", stdout)
        } else {
            rl_clear_visible_line()
        }
        for line in lines {
            fputs(line + "\n", stdout)
        }
        if let hiddenQuestion {
            fputs(hiddenQuestion.prompt, stdout)
        } else {
            rl_on_new_line()
            rl_redisplay()
        }
        fflush(stdout)
    }

    /// Ctrl-C: cancels the open question, or drops the typed line. True when a question was open.
    static func interrupt() -> Bool {
        assertOwner()
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
        fputs("^C\n", stdout)
        if let question = questions.first {
            finishQuestion()
            restoreSavedLine()
            question.reply(nil)
            return true
        }
        rl_on_new_line()
        rl_redisplay()
        return false
    }

    /// Queues a question; it takes the line when those before it are answered.
    static func ask(prompt question: String, hidden: Bool, reply: @escaping @Sendable (String?) -> Void) {
        assertOwner()
        questions.append(Question(prompt: question, hidden: hidden, reply: reply))
        if questions.count == 1 { present(questions[0]) }
    }

    private static func present(_ question: Question) {
        if savedLine == nil {
            savedLine = (String(cString: rl_line_buffer), rl_point)
        }
        rl_replace_line("", 0)
        if question.hidden {
            rl_clear_visible_line()
            fputs(question.prompt, stdout)
            fflush(stdout)
            savedRedisplay = rl_redisplay_function
            rl_redisplay_function = {}
            rl_set_prompt("")
        } else {
            rl_set_prompt(question.prompt)
            rl_redisplay()
        }
    }

    /// Ends the question on screen: echo back on, the next question or the normal prompt.
    private static func finishQuestion() {
        questions.removeFirst()
        // readline itself ends the answered line (or Ctrl-C's `^C` did).
        if let redisplay = savedRedisplay {
            rl_redisplay_function = redisplay
            savedRedisplay = nil
        }
        if let next = questions.first {
            present(next)
        } else {
            rl_set_prompt(prompt)
            restoresAfterInput = true
        }
    }

    private static func restoreSavedLine() {
        guard questions.isEmpty, let saved = savedLine else { return }
        savedLine = nil
        restoresAfterInput = false
        rl_replace_line(saved.text, 0)
        rl_point = min(saved.point, rl_end)
        rl_on_new_line()
        rl_redisplay()
    }

    /// Stops the process like Ctrl-Z would, with the terminal as the shell left it; continues here
    /// once the job is resumed, in readline's mode again, with the typed line redrawn.
    static func suspend() {
        assertOwner()
        rl_deprep_terminal()
        kill(getpid(), SIGSTOP)
        rl_prep_terminal(0)
        rl_forced_update_display()
    }

    static func attemptCompletion(text: UnsafePointer<CChar>?, start: Int32, end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        assertOwner()
        rl_attempted_completion_over = 1
        // Nothing completes inside an answer, least of all a password.
        guard questions.isEmpty, let editor, let buffer = rl_line_buffer else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(end))
        switch editor.complete(String(decoding: bytes, as: UTF8.self)) {
        case .files:
            rl_attempted_completion_over = 0
            return nil
        case .candidates(let candidates):
            return matchArray(candidates)
        }
    }

    /// readline's match list, which readline frees with `free`: the common prefix first, then
    /// each match, then NULL.
    private static func matchArray(_ candidates: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = candidates.first else { return nil }
        let common = candidates.dropFirst().reduce(first) { prefix, candidate in
            String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
        }
        let entries = candidates.count == 1 ? [first] : [common] + candidates
        guard let raw = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (entries.count + 1)) else { return nil }
        let array = raw.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: entries.count + 1)
        for (index, entry) in entries.enumerated() {
            array[index] = strdup(entry)
        }
        array[entries.count] = nil
        return array
    }

    private static func assertOwner() {
        precondition(owner.map { pthread_equal($0, pthread_self()) != 0 } ?? false, "readline touched off its thread")
    }
}
