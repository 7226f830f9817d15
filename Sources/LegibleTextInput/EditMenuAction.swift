/// Actions an edit menu may offer (the neutral side of `editMenu(for:suggestedActions:)`).
public enum EditMenuAction: String, Sendable, CaseIterable {
    case copy, cut, paste, delete, selectAll, lookUp, share, translate, replace, format

    /// `true` for actions that never change the text.
    public var isNonMutating: Bool {
        switch self {
        case .copy, .selectAll, .lookUp, .share, .translate: return true
        case .cut, .paste, .delete, .replace, .format: return false
        }
    }
}

extension TextInput {
    /// The edit menu for a read-only page: the suggested actions without any that would change
    /// the text (`Docs/TextInputContract.md`, "Edit menu and other members": returning `nil`, "system default", would offer Cut and Paste).
    public func editMenuActions(for range: TextRange, suggested: [EditMenuAction]) -> [EditMenuAction] {
        suggested.filter(\.isNonMutating)
    }

    /// Autocorrection never applies to a scanned page (`UITextInputTraits`: `.no`).
    public var allowsAutocorrection: Bool { false }
    /// Spell checking never applies to a scanned page (`UITextInputTraits`: `.no`).
    public var allowsSpellChecking: Bool { false }
}
