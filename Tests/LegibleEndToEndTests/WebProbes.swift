import Foundation

/// JavaScript the browser tests evaluate in the notebook (besides `Tests/Fixtures/web/probe.js`).
enum WebProbes {
    /// `window.find` for each phrase, from no selection: one Boolean per phrase.
    static func find(_ phrases: [String]) -> Browser.Step {
        .evaluate("\(Browser.literal(phrases)).map(w => (getSelection().removeAllRanges(), window.find(w)))")
    }

    /// Selects `[start, end)` of page `page`, presses Ctrl+C, and returns what reached the
    /// clipboard (three steps; the last one's value is the text).
    static func copy(page: Int, start: Int, end: Int) -> [Browser.Step] {
        [
            .evaluate(
                "(probe.select(\(page), \(start), \(end)), window.addEventListener('copy', e => { window.copied = e.clipboardData.getData('text/plain') }), true)"
            ),
            .key(key: "c", code: "KeyC", modifiers: 2, commands: ["copy"]),
            .evaluate("window.copied"),
        ]
    }

    /// From the start of page 1's first paragraph, the selection after each of three
    /// line-granularity extensions: what Shift+Down does in caret browsing.
    static let extendByLines: Browser.Step = .evaluate(
        """
        (() => { const s = getSelection(), line = document.querySelector('.layer>p .ln'); s.collapse(line, 0);
        return [1, 2, 3].map(() => (s.modify('extend', 'forward', 'line'), s.toString())) })()
        """)

    /// axe-core injected and run: the violations, as "rule: N nodes" (two steps).
    static let axe: [Browser.Step] = [
        .inject(Browser.axe), .evaluate("axe.run().then(r => r.violations.map(v => v.id + ': ' + v.nodes.length + ' nodes'))"),
    ]

    /// The document's language, title, landmarks, image alternatives, and each page's text as
    /// its blocks hold it (blocks joined by as many newlines as their `data-start`s leave).
    static let documentFacts = """
        (() => {
          const sections = [...document.querySelectorAll('#notebook section')];
          const pageTexts = sections.map((section) => {
            let text = '';
            let end = null;
            for (const block of section.querySelectorAll('[data-start]')) {
              const start = Number(block.dataset.start);
              if (end !== null) text += '\\n'.repeat(start - end);
              text += block.textContent;
              end = start + block.textContent.length;
            }
            return text;
          });
          return {
            lang: document.documentElement.lang, title: document.title,
            mains: document.querySelectorAll('main:not([hidden])').length,
            sections: sections.map((s) => s.getAttribute('aria-label')),
            imageAlts: [...document.querySelectorAll('main img')].map((i) => i.getAttribute('alt')),
            pageTexts,
          };
        })()
        """

    /// The selection's bounds grown by 30 CSS pixels, in page coordinates, for a screenshot.
    static let selectionSurroundings = """
        (() => {
          const box = getSelection().getRangeAt(0).getBoundingClientRect();
          return [box.left + scrollX - 30, box.top + scrollY - 30, box.width + 60, box.height + 60].map(Math.round);
        })()
        """

    /// Scrolls the selection to the middle of the window and returns its centre, CSS pixels.
    static let selectionCentre = """
        (() => {
          const range = getSelection().getRangeAt(0);
          range.startContainer.parentElement.scrollIntoView({ block: 'center' });
          const box = range.getClientRects()[0];
          return [box.left + box.width / 2, box.top + box.height / 2];
        })()
        """
}

/// Chromium's accessibility tree as `Tools/browser` trims it: role, name, children.
struct AccessibilityTree {
    struct Node {
        var role: String
        var name: String
        var ignored: Bool
        var children: [String]
        var level: Int?
    }

    /// A heading or paragraph and the text of its static-text nodes, in order.
    struct Block {
        var role: String
        var level: Int?
        var pieces: [String]
        var text: String { pieces.joined() }
        /// Junctions where one node ends and the next begins inside a word ("Linc|oln").
        var splitWords: [String] {
            zip(pieces, pieces.dropFirst()).compactMap { left, right in
                guard let last = left.last, let first = right.first, !last.isWhitespace, !first.isWhitespace else { return nil }
                return "\(left)|\(right)"
            }
        }
    }

    var nodes: [String: Node] = [:]
    var rootID: String?

    init(nodes list: [[String: Any]]) {
        for item in list {
            let id = "\(item["id"] ?? "")"
            let properties = item["properties"] as? [String: Any]
            nodes[id] = Node(
                role: item["role"] as? String ?? "", name: item["name"] as? String ?? "", ignored: item["ignored"] as? Bool ?? false,
                children: (item["children"] as? [Any] ?? []).map { "\($0)" }, level: properties?["level"] as? Int)
            if rootID == nil { rootID = id }
        }
    }

    /// The headings and paragraphs inside the first node with `role`, in tree order.
    func blocks(under role: String) -> [Block] {
        guard let container = find(role, from: rootID) else { return [] }
        var blocks: [Block] = []
        collect(from: container, into: &blocks)
        return blocks
    }

    func find(_ role: String, from id: String?) -> String? {
        guard let id, let node = nodes[id] else { return nil }
        if node.role == role { return id }
        for child in node.children { if let found = find(role, from: child) { return found } }
        return nil
    }

    func collect(from id: String, into blocks: inout [Block]) {
        guard let node = nodes[id] else { return }
        if !node.ignored, node.role == "heading" || node.role == "paragraph" {
            var pieces: [String] = []
            texts(from: id, into: &pieces)
            blocks.append(Block(role: node.role, level: node.level, pieces: pieces))
            return
        }
        for child in node.children { collect(from: child, into: &blocks) }
    }

    func texts(from id: String, into pieces: inout [String]) {
        guard let node = nodes[id] else { return }
        if node.role == "StaticText" {
            if !node.ignored { pieces.append(node.name) }
            return
        }
        for child in node.children { texts(from: child, into: &pieces) }
    }
}
