import Foundation

/// The words of a page's language, as a trie of lower-cased Unicode scalars, which the beam
/// search follows while it reads a line (`Docs/Recognition.md`, "Decoding with words").
///
/// Nodes are numbered from ``root``; each keeps its first child and its next sibling, so a
/// list of 100,000 words costs a few megabytes and no dictionary per node.
public struct WordList: Sendable {
    /// The node every word starts from.
    public static let root: Int32 = 0
    /// How many distinct words it holds.
    public private(set) var count = 0
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var scalars: [UInt32] = [0]
    private var ends: [Bool] = [false]
    private var depths: [Int32] = [0]

    /// A list of `words`, lower-cased; an empty word is left out, as are words with a space or
    /// a control character (a word list's lines are words, not phrases).
    public init(words: some Sequence<String>) {
        for word in words { insert(word) }
    }

    /// The child of `node` reached by `scalar` (lower-cased by the caller), or nil.
    public func child(of node: Int32, _ scalar: UInt32) -> Int32? {
        var next = firstChild[Int(node)]
        while next >= 0 {
            if scalars[Int(next)] == scalar { return next }
            next = nextSibling[Int(next)]
        }
        return nil
    }

    /// How many letters lead from the root to `node` (0 for the root).
    public func depth(of node: Int32) -> Int { Int(depths[Int(node)]) }

    /// Whether the letters leading to `node` make a whole word.
    public func isWord(_ node: Int32) -> Bool { ends[Int(node)] }

    /// Whether `word`, lower-cased as the list's words were (``lowered(_:)``), is in the list.
    public func contains(_ word: String) -> Bool {
        guard let lowered = Self.lowered(word) else { return false }
        var node = Self.root
        for value in lowered {
            guard let next = child(of: node, value) else { return false }
            node = next
        }
        return isWord(node)
    }

    /// The list with `words` added, lower-cased, under the rule of ``init(words:)``: the words
    /// a writer's corrections taught (`Docs/Recognition.md`, "Learning the writer's hand").
    public func adding(_ words: some Sequence<String>) -> WordList {
        var list = self
        for word in words { list.insert(word) }
        return list
    }

    private mutating func insert(_ word: String) {
        guard let lowered = Self.lowered(word) else { return }
        insert(scalars: lowered)
    }

    /// `word` lower-cased as scalar values; nil when it is empty or holds a space or a control
    /// character. A word of Latin-1 letters (most of Debian's lists) is lowered by their simple
    /// mapping, which is what `String.lowercased()` gives them, without the property lookups
    /// that took most of half a second to load `wfrench`'s 346,000 words; any other word goes
    /// the general way (`Docs/Recognition.md`, "Speed and memory").
    static func lowered(_ word: String) -> [UInt32]? {
        var values: [UInt32] = []
        values.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            let value = scalar.value
            guard value <= 0xFF else { return loweredInGeneral(word) }
            // Controls (C0, DEL, C1) and Latin-1's white space.
            if value < 0x21 || (0x7F...0xA0).contains(value) { return nil }
            let upper = (0x41...0x5A).contains(value) || ((0xC0...0xDE).contains(value) && value != 0xD7)
            values.append(upper ? value + 0x20 : value)
        }
        return values.isEmpty ? nil : values
    }

    /// ``lowered(_:)`` for any word: `String.lowercased()`, and Unicode's white space and
    /// control properties.
    static func loweredInGeneral(_ word: String) -> [UInt32]? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty,
            !lowered.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { return nil }
        return lowered.unicodeScalars.map(\.value)
    }

    private mutating func insert(scalars lowered: [UInt32]) {
        var node = Self.root
        for value in lowered {
            if let next = child(of: node, value) {
                node = next
                continue
            }
            let added = Int32(scalars.count)
            scalars.append(value)
            ends.append(false)
            depths.append(depths[Int(node)] + 1)
            firstChild.append(-1)
            nextSibling.append(firstChild[Int(node)])
            firstChild[Int(node)] = added
            node = added
        }
        if !ends[Int(node)] { count += 1 }
        ends[Int(node)] = true
    }
}

extension WordList {
    /// Why a word list could not be read.
    public enum LoadFailure: Error, Equatable, Sendable {
        /// The file is not there, or cannot be read; with its path.
        case unreadable(String)
        /// The file is not UTF-8 text of words, one a line, or holds none; with its path.
        case notWords(String)
    }

    /// The largest word list read, in bytes: Debian's lists are 1–4 MB.
    public static let maximumBytes = 64 << 20

    /// The words of the files at `paths`, one a line (Debian's `/usr/share/dict` lists).
    public static func load(paths: [String]) throws(LoadFailure) -> WordList {
        WordList(try read(paths: paths))
    }

    /// A word list's files read and checked (each readable, UTF-8, within ``maximumBytes``, with
    /// a word), not yet made into a trie: a run checks its list before any page and makes it
    /// where it can wait (`Docs/Recognition.md`, "Speed and memory").
    public struct Source: Sendable {
        /// Each file's text, in the order given.
        let texts: [String]
    }

    /// The files at `paths`, read and checked.
    public static func read(paths: [String]) throws(LoadFailure) -> Source {
        var texts: [String] = []
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path) }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes,
                let text = String(data: data, encoding: .utf8)
            else { throw .notWords(path) }
            var found = false
            forEachLine(of: text) { line in
                found = lowered(line) != nil
                return !found
            }
            guard found else { throw .notWords(path) }
            texts.append(text)
        }
        return Source(texts: texts)
    }

    /// The words of `source`'s files.
    public init(_ source: Source) {
        for text in source.texts {
            Self.forEachLine(of: text) { line in
                insert(line)
                return true
            }
        }
    }

    /// Calls `body` with each line of `text` that is not empty, until it returns false. Lines
    /// end at the newline scalars, not at Characters: a line break is always a grapheme of its
    /// own (or CR LF, whose empty middle is left out), and finding graphemes cost as much again
    /// as the words.
    static func forEachLine(of text: String, _ body: (String) -> Bool) {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        for index in scalars.indices where Self.isNewline(scalars[index]) {
            if start < index, !body(String(scalars[start..<index])) { return }
            start = scalars.index(after: index)
        }
        if start < scalars.endIndex { _ = body(String(scalars[start...])) }
    }

    /// Whether `scalar` ends a line: LF, VT, FF, CR, NEL, LS or PS, the scalars of
    /// `Character.isNewline`.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Debian's word list for each language of a Tesseract language string (`eng`, `fra+eng`):
    /// `wamerican`, `wfrench`, `wngerman`, `witalian`, `wspanish`, `wportuguese`; a language
    /// without one adds nothing.
    public static func debianPaths(forLanguages languages: String) -> [String] {
        let lists = [
            "eng": "american-english", "fra": "french", "deu": "ngerman", "ita": "italian", "spa": "spanish", "por": "portuguese",
        ]
        return languages.split(separator: "+").compactMap { lists[String($0)].map { "/usr/share/dict/" + $0 } }
    }
}

extension WordList.LoadFailure: CustomStringConvertible {
    /// One line naming the file, and for Debian's lists the package that installs it.
    public var description: String {
        switch self {
        case .unreadable(let path): "the word list \(path) is missing or unreadable\(Self.package(path))"
        case .notWords(let path): "the word list \(path) is not UTF-8 words, one a line, within 64 MB\(Self.package(path))"
        }
    }

    static func package(_ path: String) -> String {
        let packages = [
            "american-english": "wamerican", "french": "wfrench", "ngerman": "wngerman", "italian": "witalian", "spanish": "wspanish",
            "portuguese": "wportuguese",
        ]
        guard path.hasPrefix("/usr/share/dict/"), let package = packages[String(path.dropFirst(16))] else { return "" }
        return " (Debian's \(package); Tools/install-dependencies installs it)"
    }
}
