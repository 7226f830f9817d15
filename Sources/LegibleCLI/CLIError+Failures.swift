import LegibleCommandLine
import LegibleImage
import LegibleImport
import LegibleIngest
import LegibleNotebook
import LegibleOCR
import LegiblePDF
import LegiblePDFInput
import LegibleReading
import LegibleSystem

extension OCRError: CLIFailure {
    package var message: String { description }
}

extension ImageError: CLIFailure {
    package var message: String { description }
}

extension ImportError: CLIFailure {
    /// A layout file that cannot be imported is bad data.
    package var exitCode: Int32 { 65 }
    package var message: String { description }
}

extension ClippingsStore.StoreError: CLIFailure {
    package var exitCode: Int32 {
        switch kind {
        case .notAStore: return 65
        case .io: return 74
        }
    }
    package var message: String { description }
}

extension KindedError: CLIFailure where Kind: ExitStatus {
    package var exitCode: Int32 { kind.exitCode }
    package var message: String { description }
}

extension FileFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .missingInput: return 66
        case .tooLarge: return 65
        case .cannotCreate: return 73
        case .io: return 74
        }
    }
}

extension IngestFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .missingInput: return 66
        case .noReader: return 70
        case .corrected: return 73
        }
    }
}

extension PDFInputFailure: ExitStatus {
    /// Every PDF that cannot be read is bad data, as an unreadable image is; a page that ran
    /// past its deadline is 75, as recognition past it is.
    package var exitCode: Int32 { self == .deadline ? 75 : 65 }
}

extension NotebookPDF.Failure: CLIFailure {
    /// A scan that cannot be placed in a PDF is bad data.
    package var exitCode: Int32 { 65 }
    package var message: String { description }
}

extension NotebookFailure: ExitStatus {
    package var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .badData: return 65
        case .missingInput: return 66
        case .missingDependency: return 69
        case .internalError: return 70
        case .busy: return 75
        }
    }
}
