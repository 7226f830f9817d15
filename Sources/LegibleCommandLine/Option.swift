/// A typed key for one option (`Docs/CLI.md`, "Command table"). It is declared once, as a
/// static constant beside its command; the command's spec lists its ``spec``, and the command
/// reads the value back with `command[key]`. A misspelled option is therefore an unknown name
/// that does not compile, and each value comes back as its own type.
package struct Option<Value>: Sendable {
    /// How the option is parsed, validated and shown in `--help`.
    package let spec: OptionSpec
    /// The value from the option's validated arguments (empty when it was not given).
    package let value: @Sendable ([String]) -> Value
}

extension Option where Value == Bool {
    /// An option without a value: whether it was given.
    package static func flag(_ names: String..., help: String) -> Option {
        Option(spec: OptionSpec(names: names, kind: .flag, help: help), value: { !$0.isEmpty })
    }
}

extension Option where Value == String? {
    /// Free text (a path, a title), shown as `placeholder`.
    package static func text(_ names: String..., placeholder: String, required: Bool = false, help: String) -> Option {
        Option(spec: OptionSpec(names: names, kind: .text(placeholder), required: required, help: help), value: { $0.last })
    }
}

extension Option where Value == [String] {
    /// Free text that may be given more than once; every value, in order.
    package static func texts(_ names: String..., placeholder: String, help: String) -> Option {
        Option(spec: OptionSpec(names: names, kind: .text(placeholder), repeatable: true, help: help), value: { $0 })
    }
}

extension Option where Value == Int? {
    /// A whole number in `range`.
    package static func integer(_ names: String..., placeholder: String, range: ClosedRange<Int>, help: String) -> Option {
        Option(spec: OptionSpec(names: names, kind: .integer(placeholder, range), help: help), value: { $0.last.flatMap { Int($0) } })
    }
}

extension Option where Value == Double? {
    /// A finite number in `range`.
    package static func number(_ names: String..., placeholder: String, range: ClosedRange<Double>, help: String) -> Option {
        Option(spec: OptionSpec(names: names, kind: .number(placeholder, range), help: help), value: { $0.last.flatMap { Double($0) } })
    }
}

extension Option where Value == [(String, String)] {
    /// Two values, as `--range START END`, that may be given more than once; every pair, in order.
    package static func pairs(_ names: String..., placeholders: (String, String), help: String) -> Option {
        Option(
            spec: OptionSpec(names: names, kind: .pair(placeholders.0, placeholders.1), repeatable: true, help: help),
            value: { flat in stride(from: 0, to: flat.count - 1, by: 2).map { (flat[$0], flat[$0 + 1]) } })
    }
}

extension Option {
    /// One value of the closed set `Choice`.
    package static func choice<Choice: OptionChoice>(_ names: String..., of _: Choice.Type, required: Bool = false, help: String) -> Option
    where Value == Choice? {
        Option(
            spec: OptionSpec(names: names, kind: .choice(Choice.names), required: required, help: help),
            value: { $0.last.flatMap { Choice(rawValue: $0) } })
    }

    /// A comma-separated list of values of the closed set `Choice`.
    package static func list<Choice: OptionChoice>(_ names: String..., of _: Choice.Type, help: String) -> Option where Value == [Choice]? {
        Option(
            spec: OptionSpec(names: names, kind: .list(Choice.names), help: help),
            value: { $0.last.map { $0.split(separator: ",").compactMap { Choice(rawValue: String($0)) } } })
    }
}
