import LegibleTextInput
import Testing

@Suite("Hard breaks without layout")
struct HardBreakTests {
    @Test("U+2028 ends a line but not a paragraph; CRLF is one break")
    func lineSeparator() {
        let text = Array("a\u{2028}b\r\nc\u{2029}d".utf16)
        #expect(StringTokenizer.hardBreakStarts(text, lineSeparatorBreaks: true) == [0, 2, 5, 7])
        #expect(StringTokenizer.hardBreakStarts(text, lineSeparatorBreaks: false) == [0, 5, 7])
    }
}
