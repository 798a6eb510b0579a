/// What a mention or a direct message does besides printing (the `notify` setting).
public enum NotifyMode: String, Sendable, CaseIterable {
    case off
    /// The terminal bell.
    case bell
    /// The bell and a desktop notification through `notify-send`, where it exists.
    case desktop
}
