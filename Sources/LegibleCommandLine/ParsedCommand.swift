import Foundation

/// A command line parsed and validated against its ``CommandSpec``: every value has been
/// checked for its kind (integer range, closed set, …) before a command sees it.
package struct ParsedCommand {
    /// The declaration it was parsed against.
    package let spec: CommandSpec
    package private(set) var positionals: [String] = []
    /// Values by canonical option name; a pair is stored as two consecutive values.
    private var values: [String: [String]] = [:]

    /// Parses `arguments`: `--name value`, `--name=value`, `-x value`, flags, `--` and
    /// positionals. A number such as `-5` is a positional.
    /// - Throws: ``CLIError`` 64 naming the problem and showing the usage.
    package init(_ arguments: [String], spec: CommandSpec) throws {
        self.spec = spec
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1, Double(argument) == nil else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else { throw usageError("unknown option \(name)") }
            try take(option, spelledAs: name, inline: inline, from: arguments, at: &index)
        }
        if let missing = spec.options.first(where: { $0.required && values[$0.canonical] == nil }) {
            throw usageError("\(missing.canonical) is required")
        }
        guard spec.positionalCount.contains(positionals.count) else {
            throw usageError(positionals.count < spec.positionalCount.lowerBound ? "missing arguments" : "too many arguments")
        }
    }

    private mutating func take(_ option: OptionSpec, spelledAs name: String, inline: String?, from arguments: [String], at index: inout Int)
        throws
    {
        // A flag may be repeated harmlessly; a second value for a one-value option is an error,
        // because one of the two would be silently ignored.
        if case .flag = option.kind, values[option.canonical] != nil { return }
        guard option.repeatable || values[option.canonical] == nil else { throw usageError("\(name) is given more than once") }
        let count: Int
        switch option.kind {
        case .flag: count = 0
        case .pair: count = 2
        default: count = 1
        }
        guard count > 0 else {
            guard inline == nil else { throw usageError("\(name) takes no value") }
            values[option.canonical, default: []].append("")
            return
        }
        var taken: [String] = inline.map { [$0] } ?? []
        while taken.count < count {
            guard index < arguments.count else { throw usageError("\(name) needs \(count == 2 ? "two values" : "a value")") }
            taken.append(arguments[index])
            index += 1
        }
        for value in taken { try Self.validate(value, for: option, spelledAs: name) }
        values[option.canonical, default: []] += taken
    }

    /// Checks one value against its option's kind.
    package static func validate(_ value: String, for option: OptionSpec, spelledAs name: String) throws {
        // An empty value is never meaningful (`-l ''` would reach Tesseract as no language).
        guard !value.isEmpty else { throw CLIError.usage("option \(name) needs a non-empty value") }
        switch option.kind {
        case .flag, .text, .pair: return
        case .integer(_, let range):
            guard let number = Int(value), range.contains(number) else {
                throw CLIError.usage("\(name) needs an integer in \(range.lowerBound)...\(range.upperBound), got \"\(value)\"")
            }
        case .number(_, let range):
            guard let number = Double(value), number.isFinite, range.contains(number) else {
                throw CLIError.usage(
                    "\(name) needs a number in \(format(range.lowerBound))...\(format(range.upperBound)), got \"\(value)\"")
            }
        case .choice(let choices):
            guard choices.contains(value) else {
                throw CLIError.usage("\(name) takes \(choices.joined(separator: ", ")); got \"\(value)\"")
            }
        case .list(let choices):
            for item in value.split(separator: ",", omittingEmptySubsequences: false) where !choices.contains(String(item)) {
                throw CLIError.usage("\(name) takes a comma-separated list of \(choices.joined(separator: ", ")); got \"\(item)\"")
            }
        }
    }

    /// `5` for 5.0, `0.1` for 0.1: a range bound as the usage shows it.
    package static func format(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// A usage error (64) naming `problem`, the command's usage after it.
    package func usageError(_ problem: String) -> CLIError { CLIError.usage(problem, usage: spec.usage) }

    // MARK: Typed access (values were validated when parsed)

    /// The value of `option`, which must be one of this command's options: an option the
    /// command does not declare is a programming error, caught by the first test that reads it
    /// (`CommandTableTests`), never a silent `nil`.
    package subscript<Value>(_ option: Option<Value>) -> Value {
        precondition(spec.options.contains { $0.canonical == option.spec.canonical }, "\(spec.name) has no option \(option.spec.canonical)")
        return option.value(values[option.spec.canonical] ?? [])
    }
}

/// Parses a positional integer, or throws a usage error.
package func integerArgument(_ text: String, name: String) throws -> Int {
    guard let value = Int(text) else { throw CLIError.usage("\(name) must be an integer, got \"\(text)\"") }
    return value
}
