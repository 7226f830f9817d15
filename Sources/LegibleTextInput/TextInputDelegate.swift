/// Receives change notifications from a ``TextInput`` (the analogue of `UITextInputDelegate`).
/// Held weakly by the text input.
public protocol TextInputDelegate: AnyObject {
    /// Sent once before the page changes its own selection (`Docs/TextInputContract.md`, "Selection notifications").
    func selectionWillChange(_ textInput: (any TextInput)?)
    /// Sent once after the page changed its own selection.
    func selectionDidChange(_ textInput: (any TextInput)?)
    /// Sent once before the page's text is replaced (a re-OCR).
    func textWillChange(_ textInput: (any TextInput)?)
    /// Sent once after the page's text was replaced.
    func textDidChange(_ textInput: (any TextInput)?)
}

/// Who asked for a selection change, which decides whether delegates hear about it ("Selection notifications").
public enum SelectionChangeOrigin: Sendable, Hashable {
    /// The page itself (tap, accessibility action, Select All, reload): one will/did pair.
    case host
    /// The system through the setter: applied silently, the system already knows.
    case system
    /// A hardware-keyboard move requested by the system: echoed with one will/did pair, which
    /// UIKit needs to place the caret (Runestone issues #11, #90, #242).
    case systemKeyboardNavigation
}
