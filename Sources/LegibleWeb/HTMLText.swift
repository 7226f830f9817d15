import Foundation

/// Escaping of text for HTML, keeping every UTF-16 offset: the text layer's text nodes must add
/// up to the page's reading text unit for unit (`Docs/Web.md`, "Offsets").
enum HTMLText {
    /// `text` as element content: `&`, `<` and `>` escaped, and each control character that an
    /// HTML parser would drop or rewrite (C0 except tab and newline, DEL, C1) replaced by U+FFFD,
    /// which is one UTF-16 unit like the character it replaces.
    static func content(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(NotebookHTML.textNodeScalar(scalar))
            }
        }
        return result
    }

    /// `text` as a double-quoted attribute value.
    static func attribute(_ text: String) -> String {
        content(text).replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A number with at most two decimals and no trailing zeros (`12`, `-3.5`, `0.25`): CSS
    /// pixels finer than 1/100 are below what a browser lays out.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(magnitude / 100)" }
        let decimals = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(magnitude / 100).\(decimals)"
    }
}
