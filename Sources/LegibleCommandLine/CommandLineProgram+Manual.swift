import Foundation

/// The manual page and the shell completions, written from the same command table as `legible
/// help`, so that none of them can differ from the commands (`Docs/CLI.md`, "Manual and
/// completion"). `Tools/install` writes them with `legible help --man` and `legible help
/// --completion bash|zsh`.
extension CommandLineProgram {
    /// The shells a completion is written for.
    package enum Shell: String, OptionChoice {
        case bash, zsh
    }

    /// The manual page in roff (`man 7 man-pages`), section 1.
    package func manualPage(version: String) -> String {
        var page = [
            ".TH LEGIBLE 1 \"\" \"legible \(Self.roff(version))\" \"User Commands\"",
            ".SH NAME", "legible \\- scanned handwritten notebook pages made readable by assistive technology",
            ".SH SYNOPSIS", ".B legible", "\\fICOMMAND\\fR [\\fIOPTIONS\\fR]", ".br", ".B legible \\-\\-version", "[\\-\\-json]",
            ".SH DESCRIPTION",
            "Offsets are UTF\\-16 code units of a page's reading text; geometry is in image pixels, origin top\\-left, y down.",
            "Data goes to standard output, messages to standard error.", ".SH COMMANDS",
        ]
        for command in commands {
            page += [
                ".SS \(Self.roff(command.name))", ".B " + Self.roff(command.usage.replacingOccurrences(of: "usage: ", with: "")), ".PP",
                Self.roff(command.summary),
            ]
            for option in command.options {
                let spellings = ([option.synopsis] + option.names.dropFirst()).joined(separator: ", ")
                page += [".TP", ".B " + Self.roff(spellings), Self.roff(option.help)]
            }
        }
        page += [".SH EXIT STATUS", Self.roff(exitCodes), ".SH SEE ALSO", "The documents under Docs/ in Legible's source."]
        return page.joined(separator: "\n") + "\n"
    }

    /// `text` safe in a roff line: backslashes and hyphens escaped, no line starting with a
    /// control character.
    static func roff(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// The completion script for `shell`: commands, then each command's options and the
    /// values of its closed-set options.
    package func completion(_ shell: Shell) -> String {
        switch shell {
        case .bash: bashCompletion
        case .zsh: zshCompletion
        }
    }

    /// Each command's option spellings, and the values each option of a closed set takes.
    var optionWords: [(command: String, options: [String], values: [(option: String, values: [String])])] {
        commands.map { command in
            let values = command.options.compactMap { option -> (String, [String])? in
                switch option.kind {
                case .choice(let values), .list(let values): (option.canonical, values)
                default: nil
                }
            }
            return (command.name, command.options.flatMap(\.names) + ["--help"], values)
        }
    }

    var bashCompletion: String {
        var script = [
            "# bash completion for legible, written by `legible help --completion bash` from its command table.",
            "_legible() {",
            "    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} command=${COMP_WORDS[1]}",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " ")) help --version\" -- \"$current\"))",
            "        return",
            "    fi",
            "    case \"$command $previous\" in",
        ]
        for entry in optionWords {
            for (option, values) in entry.values {
                script.append(
                    "        \"\(entry.command) \(option)\") COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$current\")); return ;;"
                )
            }
        }
        script += ["    esac", "    case \"$command\" in"]
        for entry in optionWords {
            script.append("        \(entry.command)) local options=\"\(entry.options.joined(separator: " "))\" ;;")
        }
        script += [
            "        help) COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$current\")); return ;;",
            "        *) return ;;", "    esac",
            "    if [[ $current == -* ]]; then COMPREPLY=($(compgen -W \"$options\" -- \"$current\")); else COMPREPLY=($(compgen -f -- \"$current\")); fi",
            "}", "complete -o filenames -F _legible legible", "",
        ]
        return script.joined(separator: "\n")
    }

    var zshCompletion: String {
        var script = [
            "#compdef legible",
            "# zsh completion for legible, written by `legible help --completion zsh` from its command table.",
            "_legible() {",
            "    if (( CURRENT == 2 )); then",
            "        compadd -- \(commands.map(\.name).joined(separator: " ")) help --version",
            "        return",
            "    fi",
            "    local command=${words[2]} previous=${words[CURRENT-1]}",
            "    case \"$command $previous\" in",
        ]
        for entry in optionWords {
            for (option, values) in entry.values {
                script.append("        \"\(entry.command) \(option)\") compadd -- \(values.joined(separator: " ")); return ;;")
            }
        }
        script += ["    esac", "    case $command in"]
        for entry in optionWords {
            script.append(
                "        \(entry.command)) [[ $PREFIX == -* ]] && { compadd -- \(entry.options.joined(separator: " ")); return } ;;")
        }
        script += [
            "        help) compadd -- \(commands.map(\.name).joined(separator: " ")); return ;;", "    esac", "    _files", "}",
            "compdef _legible legible", "",
        ]
        return script.joined(separator: "\n")
    }
}
