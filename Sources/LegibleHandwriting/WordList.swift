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

    /// Whether `word`, lower-cased, is in the list.
    public func contains(_ word: String) -> Bool {
        var node = Self.root
        for scalar in word.lowercased().unicodeScalars {
            guard let next = child(of: node, scalar.value) else { return false }
            node = next
        }
        return node != Self.root && isWord(node)
    }

    /// The list with `words` added, lower-cased, under the rule of ``init(words:)``: the words
    /// a writer's corrections taught (`Docs/Recognition.md`, "Learning the writer's hand").
    public func adding(_ words: some Sequence<String>) -> WordList {
        var list = self
        for word in words { list.insert(word) }
        return list
    }

    private mutating func insert(_ word: String) {
        let lowered = word.lowercased()
        guard !lowered.isEmpty,
            !lowered.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control })
        else { return }
        var node = Self.root
        for scalar in lowered.unicodeScalars {
            if let next = child(of: node, scalar.value) {
                node = next
                continue
            }
            let added = Int32(scalars.count)
            scalars.append(scalar.value)
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
        var list = WordList(words: [])
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path) }
            defer { try? handle.close() }
            guard let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes,
                let text = String(data: data, encoding: .utf8)
            else { throw .notWords(path) }
            let before = list.count
            for word in text.split(whereSeparator: \.isNewline) { list.insert(String(word)) }
            guard list.count > before else { throw .notWords(path) }
        }
        return list
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
