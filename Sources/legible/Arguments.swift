import LegibleLayout

/// A small argument scanner: positionals in order, `--name value`, `-x value` and `--flag`.
/// The package depends on nothing outside the toolchain, so this is the subset of an argument
/// parser the CLI needs.
struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments`; `valued` lists options that take a value, `flagNames` those that do not.
    init(_ arguments: [String], valued: Set<String>, flagNames: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                positionals += arguments[(index + 1)...]
                break
            }
            if argument.hasPrefix("-") && argument.count > 1 && Double(argument) == nil {
                var name = argument
                var inlineValue: String?
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                    name = String(argument[..<equals])
                    inlineValue = String(argument[argument.index(after: equals)...])
                }
                if valued.contains(name) {
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index + 1 < arguments.count else { throw CLIError.usage("option \(name) needs a value") }
                        value = arguments[index + 1]
                        index += 1
                    }
                    // An empty value is never meaningful (`-l ''` would reach Tesseract as no language).
                    guard !value.isEmpty else { throw CLIError.usage("option \(name) needs a non-empty value") }
                    options[name, default: []].append(value)
                } else if flagNames.contains(name) {
                    flags.insert(name)
                } else {
                    throw CLIError.usage("unknown option \(name)")
                }
            } else {
                positionals.append(argument)
            }
            index += 1
        }
    }

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option, or `nil` when absent; a usage error when not an integer in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw CLIError.usage("\(name) needs an integer in \(range.lowerBound)...\(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}

extension Arguments {
    /// A finite number option, or `nil` when absent; a usage error when not a number in `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw CLIError.usage("\(name) needs a number in \(range.lowerBound)...\(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}

/// Parses a positional integer, or throws the given error.
func integerArgument(_ text: String, name: String) throws -> Int {
    guard let value = Int(text) else { throw CLIError.usage("\(name) must be an integer, got \"\(text)\"") }
    return value
}

/// Parses a positional coordinate (pixels), or throws a usage error: it must be finite and
/// within ``PixelBox/coordinateLimit``, like every number Legible reads.
func numberArgument(_ text: String, name: String) throws -> Double {
    guard let value = Double(text), PixelBox.isPlausible(value) else {
        throw CLIError.usage("\(name) must be a number within ±\(Int(PixelBox.coordinateLimit)), got \"\(text)\"")
    }
    return value
}
