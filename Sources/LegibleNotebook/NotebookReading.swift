import LegibleReading

/// What a screen reader says over a notebook, driven as `legible read` drives it
/// (`Docs/Reading.md`): a script of gestures, a read-all, or swipes to the boundary sound.
public enum NotebookReading {
    /// Replays `gestures`, refused (`badData`) before any is performed when they could speak
    /// more than ``Gesture/maximumUtterances`` utterances on these pages; `name` names the
    /// script in the message.
    public static func replay(_ gestures: [Gesture], by reader: ScreenReader, named name: String) throws(NotebookError) {
        let bound = Gesture.utteranceBound(of: gestures, on: reader.notebook)
        guard bound <= Gesture.maximumUtterances else {
            throw NotebookError(
                .badData,
                "\(name): the script could speak more than \(Gesture.maximumUtterances) utterances on these pages (a read-all counts as every line); split it"
            )
        }
        for gesture in gestures { reader.perform(gesture) }
    }

    /// Reads all from the top of the first page, or of `from`'s page, turning pages when it
    /// may; a page that is not there is the boundary sound.
    public static func readAll(by reader: ScreenReader, from: Gesture?, mode: ScreenReader.ReadAllMode) {
        if case .start(let page, _) = from, !reader.notebook.pages.indices.contains(page - 1) {
            reader.perform(.start(page: page, line: nil))
            return
        }
        if case .start(let page, _) = from { reader.notebook.turnPage(to: page - 1) }
        reader.readAll(mode)
    }

    /// Focuses the first element (or `from`'s) and swipes next with `rotor` until the boundary
    /// sound. Only the last utterance is looked at, so the walk is linear in what it speaks,
    /// and it stops after as many swipes as the notebook has UTF-16 code units, plus two.
    public static func swipeToBoundary(by reader: ScreenReader, rotor: ScreenReader.Rotor, from: Gesture?) {
        reader.rotor = rotor
        reader.perform(from ?? .start(page: 1, line: nil))
        let limit = reader.notebook.pages.reduce(0) { $0 + $1.length } + 2
        var swipes = 0
        while swipes < limit, reader.utterances.last?.kind != .boundary {
            reader.swipeNext()
            swipes += 1
        }
    }
}
