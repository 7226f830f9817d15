/// An action in VoiceOver's rotor (the analogue of `UIAccessibilityCustomAction`). Edit-category
/// actions populate the Edit rotor (iOS 18).
public struct AccessibilityCustomAction {
    /// Where the action appears.
    public enum Category: Sendable, Hashable {
        /// The Actions rotor.
        case `default`
        /// The Edit rotor.
        case edit
    }

    /// The spoken name, e.g. "Save selection".
    public var name: String
    /// The rotor it belongs to.
    public var category: Category
    /// Runs the action; `false` when it could not (e.g. Copy with nothing selected).
    public var handler: () -> Bool

    /// Creates an action.
    public init(name: String, category: Category = .default, handler: @escaping () -> Bool) {
        self.name = name
        self.category = category
        self.handler = handler
    }
}
