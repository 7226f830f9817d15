import Foundation

extension PageLayout {
    /// The JSON paths of the fields in the page document `data` that this build does not read
    /// (a page's `notes`, a word's `author`), in document order, at most `limit` of them. A
    /// program that writes the page again would drop them, so a document that has any is not
    /// corrected in place (`Docs/Editing.md`, "Fields this build does not know"). A field
    /// whose value is `null` is not counted: leaving it out says the same. `data` must be a
    /// page document that ``decodeDocument(_:)`` accepts.
    public static func unknownFields(in data: Data, limit: Int = 3) throws -> [String] {
        let written = try decodeDocument(data).encodeDocument()
        guard let original = try? JSONSerialization.jsonObject(with: data),
            let known = try? JSONSerialization.jsonObject(with: written)
        else { return [] }
        var found: [String] = []
        collectUnknown(original, known: known, path: "", into: &found, limit: limit)
        return found
    }

    /// Walks `value` beside `known` (the same document as this build writes it), adding the
    /// path of every key of an object that `known`'s object lacks.
    private static func collectUnknown(_ value: Any, known: Any, path: String, into found: inout [String], limit: Int) {
        guard found.count < limit else { return }
        if let object = value as? [String: Any], let knownObject = known as? [String: Any] {
            for key in object.keys.sorted() {
                let child = path.isEmpty ? key : path + "." + key
                if let knownChild = knownObject[key] {
                    collectUnknown(object[key]!, known: knownChild, path: child, into: &found, limit: limit)
                } else if !(object[key] is NSNull), found.count < limit {
                    found.append(child)
                }
            }
        } else if let array = value as? [Any], let knownArray = known as? [Any] {
            for (index, element) in zip(array, knownArray).enumerated() {
                collectUnknown(element.0, known: element.1, path: "\(path)[\(index)]", into: &found, limit: limit)
            }
        }
    }
}
