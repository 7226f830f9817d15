import Foundation

/// A closed set of option values, declared as a `String` enum (`Docs/CLI.md`, "Command table").
package protocol OptionChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {}

extension OptionChoice {
    /// Every accepted value, in declaration order.
    package static var names: [String] { allCases.map(\.rawValue) }
}

/// What an option takes, which decides how it is parsed, validated and shown in `--help`.
package enum OptionKind: Sendable {
    /// No value: present or not.
    case flag
    /// Free text, shown as the placeholder (paths, titles).
    case text(String)
    /// A whole number in the range.
    case integer(String, ClosedRange<Int>)
    /// A finite number in the range.
    case number(String, ClosedRange<Double>)
    /// One value of a closed set.
    case choice([String])
    /// A comma-separated list of values of a closed set.
    case list([String])
    /// Two values, as `--range START END`.
    case pair(String, String)
}

/// One option of a command, declared once: parsing, validation, usage and help come from it.
package struct OptionSpec: Sendable {
    /// Every spelling, the canonical one first (`-o`, `--output`).
    package var names: [String]
    package var kind: OptionKind
    /// What the option does, one line for `legible help COMMAND`.
    package var help: String
    /// Whether the option may be given more than once (every value is kept).
    package var repeatable = false
    /// Whether the command cannot run without it (shown without brackets in usage).
    package var required = false

    /// An option spelled `names` (canonical first), taking `kind`, described by `help`.
    package init(names: [String], kind: OptionKind = .flag, repeatable: Bool = false, required: Bool = false, help: String) {
        self.names = names
        self.kind = kind
        self.repeatable = repeatable
        self.required = required
        self.help = help
    }

    package var canonical: String { names[0] }

    /// `--affinity upstream|downstream`, `--format json,hocr,…`, `--all`.
    package var synopsis: String {
        switch kind {
        case .flag: return canonical
        case .text(let placeholder), .integer(let placeholder, _), .number(let placeholder, _): return "\(canonical) \(placeholder)"
        case .choice(let values): return "\(canonical) \(values.joined(separator: "|"))"
        case .list(let values): return "\(canonical) \(values.joined(separator: ","))"
        case .pair(let first, let second): return "\(canonical) \(first) \(second)"
        }
    }
}

/// A subcommand: its positionals, options, summary and what it runs.
package struct CommandSpec: Sendable {
    /// The subcommand's name: `ingest`.
    package var name: String
    /// The positionals as shown in usage: `PAGE.json START END`.
    package var arguments: String
    /// How many positionals it takes.
    package var positionalCount: ClosedRange<Int>
    /// What it does, one line.
    package var summary: String
    /// Its options, in the order help lists them.
    package var options: [OptionSpec] = []
    /// Options shown together as alternatives in usage (`--image IMAGE.png | --blank`).
    package var alternatives: [[String]] = []
    /// What it runs, returning the exit status.
    package var run: @Sendable (ParsedCommand) throws -> Int32

    /// A command named `name` taking `positionalCount` positionals shown as `arguments`, with
    /// `options` (some of them `alternatives` to each other), that runs `run`.
    package init(
        name: String, arguments: String, positionalCount: ClosedRange<Int>, summary: String, options: [OptionSpec] = [],
        alternatives: [[String]] = [], run: @escaping @Sendable (ParsedCommand) throws -> Int32
    ) {
        self.name = name
        self.arguments = arguments
        self.positionalCount = positionalCount
        self.summary = summary
        self.options = options
        self.alternatives = alternatives
        self.run = run
    }

    /// `usage: legible caret PAGE.json OFFSET [--affinity upstream|downstream]`.
    package var usage: String {
        var parts = ["usage: legible", name, arguments].filter { !$0.isEmpty }
        var shown = Set<String>()
        for option in options where !shown.contains(option.canonical) {
            if let group = alternatives.first(where: { $0.contains(option.canonical) }) {
                let members = group.compactMap { name in options.first { $0.canonical == name } }
                parts.append("[" + members.map(\.synopsis).joined(separator: " | ") + "]")
                shown.formUnion(group)
            } else if option.required {
                parts.append(option.synopsis)
                shown.insert(option.canonical)
            } else {
                parts.append("[\(option.synopsis)]" + (option.repeatable ? "..." : ""))
                shown.insert(option.canonical)
            }
        }
        return parts.joined(separator: " ")
    }

    /// The usage, the summary and one line per option: `legible help COMMAND`.
    package var help: String {
        var lines = [usage, "", summary]
        if !options.isEmpty { lines.append("") }
        for option in options {
            let spelling = ([option.synopsis] + option.names.dropFirst()).joined(separator: ", ")
            lines.append("  \(spelling)\n      \(option.help)")
        }
        return lines.joined(separator: "\n")
    }

    /// The option spelled `name`, if the command has one.
    package func option(named name: String) -> OptionSpec? { options.first { $0.names.contains(name) } }
}
