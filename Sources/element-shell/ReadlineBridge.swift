@preconcurrency import CReadline
import ElementShellKit
@preconcurrency import Glibc

/// readline's C callbacks cannot capture context, so they reach the editor through this state.
/// All of it belongs to the readline thread; `install` records that thread and every entry point
/// checks it.
///
/// Questions take the line one at a time. A yes/no question uses readline with its own prompt and
/// gives back what was typed before it. A password never touches readline: its keys go to a
/// `SecretInput`, so it cannot be echoed, completed, recalled from history or left in a kill ring,
/// and readline's own line waits untouched underneath.
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
    /// Set while a password question is on screen.
    nonisolated(unsafe) private static var secret: SecretInput?
    /// What was typed when a yes/no question took the line, put back once it is answered.
    nonisolated(unsafe) private static var savedLine: (text: String, point: Int32)?
    nonisolated(unsafe) private static var restoresAfterInput = false
    nonisolated(unsafe) private static var finishedLine: String?
    /// The input line as last reported to the editor, so unchanged keys (arrows) report nothing.
    nonisolated(unsafe) private static var reportedLine = ""
    /// After Ctrl-D on an empty line no more answers can come: questions get `nil` at once.
    nonisolated(unsafe) private static var inputEnded = false
    /// In screen-reader mode the line is drawn as a teletype would, never redrawn (`TeletypeLine`).
    nonisolated(unsafe) private static var teletype: TeletypeLine?
    /// From a finished line until input resumes: the next prompt waits for the line's output.
    nonisolated(unsafe) private static var lineRuns = false
    /// Until the startup's output (a resumed session, the startup file, the welcome) is in: the
    /// first prompt waits for it.
    nonisolated(unsafe) private static var startupRuns = false
    /// Keys read before readline started (`LineEditor`'s `typedAhead`), not yet taken.
    nonisolated(unsafe) private static var typedAhead: ArraySlice<UInt8> = []

    static func install(editor newEditor: LineEditor, prompt initialPrompt: String, teletype drawsAsTeletype: Bool, typedAhead keys: [UInt8]) {
        owner = pthread_self()
        teletype = drawsAsTeletype ? TeletypeLine() : nil
        startupRuns = drawsAsTeletype
        editor = newEditor
        prompt = initialPrompt
        // Lets ~/.inputrc say `$if element-shell`.
        rl_readline_name = UnsafePointer(strdup("element-shell"))
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        // Matrix IDs (`@user:server`, `#room:server`, `!id`) are single words; kept for readline's life.
        rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n\"'`$><=;|&{("))
        rl_attempted_completion_function = { text, start, end in
            ReadlineBridge.attemptCompletion(text: text, start: start, end: end)
        }
        // A pasted block lands in the line whole, line breaks and all, and waits for Enter; the
        // session then sends text as one message (`PastedBlock`). A password question reads no
        // paste markers (`SecretInput` skips them).
        rl_initialize()
        rl_variable_bind("enable-bracketed-paste", "on")
        // Ctrl-X D keeps the typed line as the open room's draft instead of sending it.
        rl_bind_keyseq("\\C-xd") { _, _ in
            ReadlineBridge.saveLineAsDraft()
            return 0
        }
        if teletype != nil { setTeletype(true) }
        typedAhead = keys[...]
        if !typedAhead.isEmpty {
            // readline reads them as it reads the terminal, key by key, until they are gone
            // (`takeTypedAhead` then gives it the terminal back); an Escape among them waits for
            // the rest of its sequence as it would at the terminal.
            rl_getc_function = { stream in ReadlineBridge.takeTypedAhead().map(Int32.init) ?? rl_getc(stream) }
            rl_input_available_hook = { ReadlineBridge.hasTypedAhead ? 1 : 0 }
        }
        // In callback mode readline hands the terminal back to its own mode after every line and
        // takes it again once the line's handler returns; a key typed in that moment (a busy
        // machine makes it long: both wait for output to drain) was echoed by the terminal, and a
        // Tab put the next prompt eight columns right. The terminal stays in readline's mode until
        // the shell ends or stops, which restore it themselves (`uninstall`, `suspend`).
        rl_deprep_term_function = {}
        rl_callback_handler_install(initialPrompt) { ReadlineBridge.handleLine($0) }
    }

    static func uninstall() {
        assertOwner()
        rl_callback_handler_remove()
        // readline has already drawn a fresh prompt below the last line; the terminal's own
        // shell takes that line back.
        newRow(erasing: true)
        rl_deprep_terminal()
        fflush(stdout)
        endInput()
        editor = nil
    }

    static var isAsking: Bool { !questions.isEmpty }
    static var hasTypedAhead: Bool { !typedAhead.isEmpty }

    /// The next key typed ahead, if any is left; the last one gives readline the terminal back.
    static func takeTypedAhead() -> UInt8? {
        assertOwner()
        guard let key = typedAhead.popFirst() else { return nil }
        if typedAhead.isEmpty { discardTypedAhead() }
        return key
    }

    /// Keys typed ahead are thrown away with the terminal's (after a line that logged in).
    static func discardTypedAhead() {
        typedAhead = []
        rl_getc_function = rl_getc
        rl_input_available_hook = nil
    }

    static var readsSecret: Bool { secret != nil }

    /// The line finished since the last call, if any (empty at the end of input); input then
    /// waits for the app.
    static func takeFinishedLine() -> String? {
        defer { finishedLine = nil }
        return finishedLine
    }

    /// No more keys will come: every question, now or later, is answered with `nil`.
    static func endInput() {
        inputEnded = true
        let pending = questions
        questions.removeAll()
        if secret != nil {
            secret = nil
            newRow()
        }
        for question in pending { question.reply(nil) }
    }

    static func handleLine(_ raw: UnsafeMutablePointer<CChar>?) {
        assertOwner()
        let line = raw.map { String(cString: $0) }
        free(raw)
        if let question = questions.first {
            // readline leaves Ctrl-D marked; unmarked, later lines end without an extra newline.
            rl_eof_found = 0
            if line == nil || teletype != nil { newRow() }
            finishQuestion(restoringLater: true)
            question.reply(line)
        } else {
            if line == nil {
                // The end of input: the prompt readline draws again afterwards stays empty.
                rl_set_prompt("")
                endInput()
            }
            if teletype != nil {
                newRow()
                lineRuns = true
            }
            finishedLine = line ?? ""
            editor?.accept(line)
        }
    }

    /// Keys for the password question on screen.
    static func feedSecret(_ bytes: ArraySlice<UInt8>) {
        assertOwner()
        for byte in bytes {
            guard var input = secret, let question = questions.first else { return }
            let step = input.feed(byte)
            secret = input
            switch step {
            case .reading:
                continue
            case .finished(let answer):
                newRow()
                finishQuestion()
                question.reply(answer)
            case .cancelled:
                newRow()
                finishQuestion()
                question.reply(nil)
            }
        }
        fflush(stdout)
    }

    /// readline resets its line after the handler returns; a line saved across a question can
    /// only be put back once it has.
    static func afterInput() {
        guard restoresAfterInput else { return }
        restoresAfterInput = false
        restoreSavedLine()
    }

    static func setLine(_ text: String) {
        assertOwner()
        guard questions.isEmpty else { return }
        rl_replace_line(text, 0)
        rl_point = rl_end
        redisplay()
    }

    /// Tells the editor what the input line holds now, when that changed since it was last told.
    /// A yes/no question's answer is not a message being typed.
    static func reportLineChange() {
        assertOwner()
        guard questions.isEmpty, let buffer = rl_line_buffer else { return }
        let text = String(cString: buffer)
        guard text != reportedLine else { return }
        reportedLine = text
        editor?.lineChanged(text)
    }

    static func saveLineAsDraft() {
        assertOwner()
        let text = String(cString: rl_line_buffer)
        guard !text.isEmpty else { return }
        rl_replace_line("", 0)
        redisplay()
        editor?.saveDraft(text)
    }

    static func setPrompt(_ newPrompt: String) {
        assertOwner()
        prompt = newPrompt
        guard questions.isEmpty else { return }
        rl_set_prompt(newPrompt)
        redisplay()
    }

    /// Prints above the prompt; what is typed and the cursor are redrawn as they were. Above a
    /// password question the question is written again; what was typed stays invisible. For a
    /// screen reader the lines go below instead, and nothing is redrawn.
    static func printAbove(_ lines: [String]) {
        assertOwner()
        if var line = teletype {
            fputs(line.print(lines), stdout)
            // A password asked for before the lines is asked again under them, so that what
            // is typed next is known to go there.
            if readsSecret, let question = questions.first { fputs(line.show(question.prompt), stdout) }
            teletype = line
            fflush(stdout)
            return
        }
        clearInputLine()
        for line in lines {
            fputs(line + "\n", stdout)
        }
        redraw()
    }

    /// Prints `lines`, then a picture's sequence in the `rows` lines under them, at the indent of
    /// a message's text. The lines are made first (scrolling the screen as they must), so the
    /// picture never scrolls it; the cursor is put back under them wherever the protocol left it.
    static func printPicture(above lines: [String], sequence: [UInt8], rows: Int) {
        assertOwner()
        // A screen reader is given the picture's description, which the lines hold.
        guard teletype == nil else { return printAbove(lines) }
        clearInputLine()
        for line in lines {
            fputs(line + "\n", stdout)
        }
        let rows = max(1, rows)
        fputs(String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\u{1B}7\u{1B}[\(PictureText.indent)C", stdout)
        _ = sequence.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
        fputs("\u{1B}8\u{1B}[\(rows)B", stdout)
        redraw()
    }

    /// Turns screen-reader drawing on or off, for the rest of the run or until turned back.
    static func useTeletype(_ isOn: Bool) {
        assertOwner()
        guard isOn != (teletype != nil) else { return }
        if isOn {
            rl_clear_visible_line()
            setTeletype(true)
            drawTeletype()
        } else {
            newRow()
            setTeletype(false)
            rl_on_new_line()
            rl_redisplay()
        }
        fflush(stdout)
    }

    private static func setTeletype(_ isOn: Bool) {
        if isOn {
            if teletype == nil { teletype = TeletypeLine() }
            rl_redisplay_function = { ReadlineBridge.drawTeletype() }
            rl_completion_display_matches_hook = { matches, count, _ in ReadlineBridge.listMatches(matches, count: Int(count)) }
        } else {
            teletype = nil
            lineRuns = false
            startupRuns = false
            rl_redisplay_function = rl_redisplay
            rl_completion_display_matches_hook = nil
        }
    }

    /// readline's display in screen-reader mode: only what changed, where the cursor is. Nothing
    /// is drawn for readline's own line while a password is read, nor while a finished line runs:
    /// the prompt then comes after the line's output.
    private static func drawTeletype() {
        guard var line = teletype, !readsSecret, !(lineRuns || startupRuns) || !questions.isEmpty else { return }
        let prompt = rl_display_prompt.map { String(cString: $0) } ?? ""
        let bytes = rl_line_buffer.map { UnsafeRawBufferPointer(start: $0, count: Int(rl_end)) } ?? UnsafeRawBufferPointer(start: nil, count: 0)
        var rows: Int32 = 0, columns: Int32 = 0
        rl_get_screen_size(&rows, &columns)
        let output = line.draw(prompt: prompt.filter { $0 != "\u{1}" && $0 != "\u{2}" }, line: String(decoding: bytes, as: UTF8.self),
                               point: Int(rl_point), columns: Int(columns))
        teletype = line
        fputs(output, stdout)
        fflush(stdout)
    }

    /// Completions in screen-reader mode: one line under what is typed, not a table.
    private static func listMatches(_ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, count: Int) {
        guard let matches, count > 0 else { return }
        printAbove([(1...count).compactMap { matches[$0].map { String(cString: $0) } }.joined(separator: "  ")])
    }

    /// Input resumes after a finished line: in screen-reader mode its prompt is drawn now.
    static func resume() {
        assertOwner()
        guard teletype != nil, lineRuns else { return }
        lineRuns = false
        drawTeletype()
    }

    /// The startup's output is in: in screen-reader mode the first prompt is drawn now, unless a
    /// line typed meanwhile still runs.
    static func finishStartup() {
        assertOwner()
        guard startupRuns else { return }
        startupRuns = false
        drawTeletype()
    }

    private static func redisplay() {
        if teletype != nil { drawTeletype() } else { rl_redisplay() }
    }

    /// Ends the row the cursor is on: with a line break, or by erasing it (where readline drew a
    /// prompt that is to go). A teletype never erases: it breaks the row if anything is on it.
    private static func newRow(erasing: Bool = false) {
        if var line = teletype {
            fputs(line.endLine(), stdout)
            teletype = line
        } else {
            fputs(erasing ? "\r\u{1B}[K" : "\n", stdout)
        }
    }

    private static func clearInputLine() {
        if readsSecret {
            fputs("\r\u{1B}[K", stdout)
        } else {
            rl_clear_visible_line()
        }
    }

    /// Ctrl-C: cancels the open question, or drops the typed line. True when a question was open.
    static func interrupt() -> Bool {
        assertOwner()
        // Cleared first: clearing draws the line (readline's message area goes), which in
        // screen-reader mode must not come after the new row.
        if questions.isEmpty || !readsSecret { clearReadlineLine() }
        fputs("^C\n", stdout)
        if teletype != nil { teletype = TeletypeLine() }
        if let question = questions.first {
            finishQuestion()
            question.reply(nil)
            return true
        }
        rl_on_new_line()
        redisplay()
        reportLineChange()
        return false
    }

    /// Queues a question; it takes the line when those before it are answered.
    static func ask(prompt question: String, hidden: Bool, reply: @escaping @Sendable (String?) -> Void) {
        assertOwner()
        guard !inputEnded else { return reply(nil) }
        questions.append(Question(prompt: question, hidden: hidden, reply: reply))
        if questions.count == 1 { present(questions[0]) }
    }

    private static func present(_ question: Question) {
        // A key sequence or a Ctrl-R search under way must not turn the next keys into an answer.
        rl_callback_sigcleanup()
        if question.hidden {
            if var line = teletype {
                fputs(line.show(question.prompt), stdout)
                teletype = line
            } else {
                rl_clear_visible_line()
                fputs(question.prompt, stdout)
            }
            fflush(stdout)
            secret = SecretInput()
        } else {
            if savedLine == nil {
                savedLine = (String(cString: rl_line_buffer), rl_point)
            }
            if teletype == nil { rl_clear_visible_line() }
            rl_replace_line("", 0)
            rl_set_prompt(question.prompt)
            rl_on_new_line()
            redisplay()
        }
    }

    /// Ends the question on screen: the next question, or the normal prompt with its line. Inside
    /// readline's line handler the line can only be put back afterwards (`afterInput`).
    private static func finishQuestion(restoringLater: Bool = false) {
        questions.removeFirst()
        secret = nil
        if let next = questions.first { return present(next) }
        rl_set_prompt(prompt)
        guard savedLine != nil else {
            // Only passwords were asked: readline's line was never touched, just hidden.
            rl_on_new_line()
            rl_forced_update_display()
            return
        }
        if restoringLater {
            restoresAfterInput = true
        } else {
            restoreSavedLine()
        }
    }

    private static func restoreSavedLine() {
        guard questions.isEmpty, let saved = savedLine else { return }
        restoresAfterInput = false
        savedLine = nil
        rl_replace_line(saved.text, 0)
        rl_point = min(saved.point, rl_end)
        // After an answer readline may have drawn the prompt on this line already: drawn from the
        // line's start, it shows once.
        newRow(erasing: true)
        rl_on_new_line()
        redisplay()
    }

    private static func clearReadlineLine() {
        rl_free_line_state()
        rl_callback_sigcleanup()
        rl_replace_line("", 0)
    }

    /// The prompt and line, or the password question, drawn again after other output.
    private static func redraw() {
        if readsSecret, let question = questions.first {
            // After Ctrl-Z and fg, a screen reader is asked the password again on its own row.
            if var line = teletype {
                fputs(line.show(question.prompt), stdout)
                teletype = line
            } else {
                fputs(question.prompt, stdout)
            }
        } else {
            rl_on_new_line()
            redisplay()
        }
        fflush(stdout)
    }

    /// Stops the process like Ctrl-Z would, with the terminal as the shell left it; continues here
    /// once the job is resumed, in readline's mode again, with the screen drawn again.
    static func suspend() {
        assertOwner()
        rl_deprep_terminal()
        // Only this thread may take SIGTSTP, with its default action, and only for this moment:
        // the stop then happens before `raise` returns, and in a process group nobody controls
        // (no job control) the kernel drops it instead of freezing the shell.
        var stop = sigset_t()
        var previous = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        signal(SIGTSTP, SIG_DFL)
        pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        signal(SIGTSTP, SIG_IGN)
        rl_prep_terminal(0)
        if teletype != nil {
            // The job's shell has left the cursor on a row of its own.
            teletype = TeletypeLine()
        } else {
            fputs("\r\u{1B}[K", stdout)
        }
        if readsSecret {
            redraw()
        } else {
            rl_forced_update_display()
        }
    }

    static func attemptCompletion(text: UnsafePointer<CChar>?, start: Int32, end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        assertOwner()
        rl_attempted_completion_over = 1
        // Nothing completes inside an answer.
        guard questions.isEmpty, let editor, let buffer = rl_line_buffer else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: Int(end))
        switch editor.complete(String(decoding: bytes, as: UTF8.self)) {
        case .files:
            rl_attempted_completion_over = 0
            return nil
        case .candidates(let candidates):
            return matchArray(candidates, replacing: text.map { String(cString: $0) } ?? "")
        }
    }

    /// readline's match list, which readline frees with `free`: the common prefix first, then
    /// each match, then NULL. Matches found by another case or by a display name may share less
    /// than was typed: the typed word then stays as it is.
    private static func matchArray(_ candidates: [String], replacing typed: String) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = candidates.first else { return nil }
        var common = candidates.dropFirst().reduce(first) { prefix, candidate in
            String(zip(prefix, candidate).prefix { $0 == $1 }.map(\.0))
        }
        if common.count < typed.count { common = typed }
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
