import Foundation

/// Where Tesseract's data files are: a path rule only, with no Tesseract linked, so that a
/// layer that needs one of its files (the PDF text layer's `pdf.ttf`) does not link the engine
/// (`Docs/Architecture.md`, "Modules").
public enum TesseractData {
    /// `TESSDATA_PREFIX` (the folder itself or its parent) or Debian's tessdata folder: an
    /// absolute or relative folder path, without a trailing slash.
    public static func folder() -> String {
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            let nested = (prefix as NSString).appendingPathComponent("tessdata")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory), isDirectory.boolValue { return nested }
            return prefix
        }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }
}
