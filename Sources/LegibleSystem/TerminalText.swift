/// Makes text safe to show on a terminal.
public enum TerminalText {
    /// `text` with C0 and C1 control characters and DEL written as `\u{XX}`; newlines and tabs
    /// are kept unless `keepingNewlines` is false (a one-line message).
    public static func escaped(_ text: String, keepingNewlines: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, keepingNewlines: keepingNewlines) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is written escaped: a C0 or C1 control character or DEL, except a
    /// newline or tab when `keepingNewlines`.
    public static func needsEscape(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        if keepingNewlines, scalar == "\n" || scalar == "\t" { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
