/// Why a layout file could not be imported. The description is one line that names the file
/// and, where known, the line and column: `page.xml:12:7: TextLine has a negative width`.
public struct ImportError: Error, Equatable, CustomStringConvertible {
    /// The layout file's name or path as given.
    public var file: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// 1-based column in the file, when known.
    public var column: Int?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(reason)"
    }
}
