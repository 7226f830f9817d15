// swift-tools-version:6.0
// Legible: scanned handwritten notebook pages made readable by assistive technology.
// Module shape and layering: Docs/Architecture.md (each target imports only the
// targets listed before it).
import PackageDescription

let package = Package(
    name: "Legible",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "LegibleLayout", targets: ["LegibleLayout"]),
        .library(name: "LegibleTextInput", targets: ["LegibleTextInput"]),
        .library(name: "LegiblePages", targets: ["LegiblePages"]),
        .library(name: "LegibleReading", targets: ["LegibleReading"]),
        .library(name: "LegibleImport", targets: ["LegibleImport"]),
        .library(name: "LegibleWeb", targets: ["LegibleWeb"]),
        .library(name: "LegiblePDF", targets: ["LegiblePDF"]),
        .library(name: "LegibleSystem", targets: ["LegibleSystem"]),
        .library(name: "LegibleIngest", targets: ["LegibleIngest"]),
        .library(name: "LegiblePDFInput", targets: ["LegiblePDFInput"]),
        .library(name: "LegibleAlignment", targets: ["LegibleAlignment"]),
        .library(name: "LegibleSpeech", targets: ["LegibleSpeech"]),
        .library(name: "LegibleNotebook", targets: ["LegibleNotebook"]),
        .library(name: "LegibleRecognition", targets: ["LegibleRecognition"]),
        .executable(name: "legible", targets: ["legible"]),
        .executable(name: "legible-desktop", targets: ["legible-desktop"]),
    ],
    targets: [
        // C libraries, each behind a system-library target (Docs/Architecture.md, "One door per C library").
        .systemLibrary(
            name: "CTesseract", pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "tesseract-ocr-eng"])]),
        .systemLibrary(
            name: "CLeptonica", pkgConfig: "lept",
            providers: [.apt(["libleptonica-dev"])]),
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CQPDF", pkgConfig: "libqpdf",
            providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(
            name: "CEspeak", pkgConfig: "espeak-ng",
            providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(
            name: "COpusEnc", pkgConfig: "libopusenc",
            providers: [.apt(["libopusenc-dev"])]),
        .systemLibrary(
            name: "CATK", pkgConfig: "atk-bridge-2.0",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]),
        .systemLibrary(
            name: "CGTK", pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]),
        // The GObject side of the AT-SPI bridge behind a header with plain C types only
        // (Docs/ATSPI.md).
        .target(
            name: "CLegibleATK", dependencies: ["CATK"],
            linkerSettings: ["atk-bridge-2.0", "atk-1.0", "gobject-2.0", "glib-2.0"].map { .linkedLibrary($0) }),
        // The viewer window behind a header with plain C types only (Docs/Viewer.md).
        .target(
            name: "CLegibleGTK", dependencies: ["CGTK", "CLegibleATK"],
            linkerSettings: ["gtk-3", "gdk-3", "gdk_pixbuf-2.0", "cairo", "m"].map { .linkedLibrary($0) }),
        // libxml2's SAX2 parser behind a header that includes none of libxml2's: its headers
        // include ICU's, which clash with Foundation's (Docs/Platform.md, "ICU headers").
        .target(name: "CStrictXML", dependencies: ["CXML2"]),
        // ICU break iterators behind a header that does not include ICU's own headers:
        // importing ICU's headers next to Foundation fails to compile (Docs/Platform.md, "ICU headers").
        .target(
            name: "CUnicodeBreak",
            linkerSettings: [
                .linkedLibrary("icuuc", .when(platforms: [.linux])),
                .linkedLibrary("icucore", .when(platforms: [.macOS, .iOS])),
            ]),

        // Pure Swift layers. LegibleSystem is the one door to files and descriptors
        // (Docs/Architecture.md, "System layer").
        .target(name: "LegibleSystem"),
        .target(name: "LegibleLayout", dependencies: ["LegibleSystem"]),
        .target(
            name: "LegibleTextInput",
            dependencies: ["CUnicodeBreak"]),
        .target(name: "LegiblePages", dependencies: ["LegibleLayout", "LegibleTextInput"]),
        .target(name: "LegibleImport", dependencies: ["LegibleLayout", "CStrictXML"]),
        .target(name: "LegibleEvaluation", dependencies: ["LegibleLayout", "LegibleImport"]),
        // Typed transcriptions aligned onto a page's lines (Docs/Editing.md, "Aligning a transcription").
        .target(name: "LegibleAlignment", dependencies: ["LegibleLayout", "LegibleImport"]),
        .target(name: "LegibleBatch", dependencies: ["LegibleSystem"]),
        .target(name: "LegibleReading", dependencies: ["LegibleSystem", "LegiblePages", "LegibleLayout", "LegibleTextInput"]),
        // The notebook's script and style sheets are real files, embedded at build time (Docs/Web.md, "Script").
        .target(
            name: "LegibleWeb", dependencies: ["LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTextInput"],
            resources: ["notebook.js", "read-aloud.js", "reader.js", "corrections.js", "notebook.css", "reader.css"].map {
                .embedInCode("Resources/" + $0)
            }),
        // Tagged PDF/UA-1 output, written, never parsed (Docs/PDF.md).
        .target(name: "LegiblePDF", dependencies: ["CZlib", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTextInput"]),
        .target(
            name: "LegibleATSPI", dependencies: ["CLegibleATK", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTextInput"]),
        .target(
            name: "LegibleDesktop",
            dependencies: ["CLegibleGTK", "LegibleATSPI", "LegibleReading", "LegiblePages", "LegibleTextInput", "LegibleSystem"]),

        // Layers that need the C libraries.
        .target(name: "LegibleRaster", dependencies: ["CPNG"]),
        // Image files: Leptonica's door, the header checks every page image gets, orientation,
        // decoding, SHA-256, stems, browser formats; no Tesseract.
        .target(
            name: "LegibleImage",
            dependencies: ["CLeptonica", "LegibleLayout", "LegibleSystem", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),
        // Line geometry with no C library: lines found from ink, lines missed or run together,
        // mended and grouped into paragraphs (Docs/Recognition.md, "Lines missed and run together").
        .target(name: "LegibleLines", dependencies: ["LegibleLayout"]),
        .target(name: "LegibleOCR", dependencies: ["CTesseract", "CLeptonica", "LegibleImage", "LegibleLayout", "LegibleLines", "LegibleSystem"]),
        // The handwriting line reader: PP-OCRv6 small through ONNX Runtime, opened at run time
        // (Docs/Recognition.md, "Handwriting").
        .target(name: "CONNXRuntime", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "LegibleHandwriting",
            dependencies: [
                "CONNXRuntime", "LegibleSystem", "LegibleLayout", "LegibleImage", "LegibleOCR", "LegibleAlignment", "LegibleEvaluation",
            ],
            plugins: ["LegibleModelManifest"]),
        .plugin(name: "LegibleModelManifest", capability: .buildTool()),
        // Scanned PDFs read page by page: qpdf for the file's structure and its images' own
        // bytes, poppler for drawing and text (Docs/PDF.md, "Reading scanned PDFs").
        .target(
            name: "LegiblePDFInput",
            dependencies: ["CQPDF", "CPoppler", "LegibleSystem", "LegibleRaster", "LegibleLayout", "LegibleImage"]),
        // The ingest service: plans, page jobs, the worker pool over a PageReader, manifests
        // (Docs/Architecture.md, "Ingest").
        .target(
            name: "LegibleIngest",
            dependencies: [
                "LegibleSystem", "LegibleLayout", "LegibleImage", "LegibleOCR", "LegibleImport", "LegibleBatch", "LegiblePDFInput",
            ]),

        // The notebook services every surface and command shares: page documents and their
        // verified scans, exports, reading and corrections (Docs/Architecture.md, "Notebook
        // services"). It links no recogniser, PDF reader or speech engine, so a client of page
        // documents links none of Tesseract, ONNX Runtime, poppler or espeak-ng.
        .target(
            name: "LegibleNotebook",
            dependencies: [
                "LegibleSystem", "LegibleLayout", "LegiblePages", "LegibleReading", "LegibleImage", "LegibleWeb", "LegiblePDF",
                "LegibleAlignment", "LegibleImport", "LegibleTextInput", "LegibleRaster",
            ]),
        // Speech: espeak-ng and libopusenc, and the notebook's read-all spoken (Docs/Speech.md).
        .target(
            name: "LegibleSpeech",
            dependencies: ["CEspeak", "COpusEnc", "LegibleSystem", "LegibleLayout", "LegiblePages", "LegibleReading", "LegibleNotebook"]),
        // Recognition: the readers a page is read with, ingest and evaluation over them, and the
        // versions of what reads (Docs/Architecture.md, "Notebook services").
        .target(
            name: "LegibleRecognition",
            dependencies: [
                "LegibleSystem", "LegibleLayout", "LegibleImage", "LegibleOCR", "LegibleHandwriting", "LegibleIngest", "LegiblePDFInput",
                "LegibleEvaluation", "LegiblePDF", "LegibleNotebook", "LegibleBatch",
            ]),
        // Learning, apart from reading: `adapt` and its record, the trainer that fine-tunes the
        // handwriting reader's whole network as a child over Debian's python3-torch, its Python
        // built into the binary, and Tesseract's training tools (Docs/Learning.md).
        .target(
            name: "LegibleLearning",
            dependencies: [
                "LegibleSystem", "LegibleLayout", "LegibleImage", "LegibleImport", "LegiblePages", "LegibleBatch", "LegibleOCR",
                "LegibleHandwriting", "LegibleNotebook",
            ],
            plugins: ["LegibleTrainerSource"]),
        .plugin(name: "LegibleTrainerSource", capability: .buildTool()),

        // The CLI's commands, and two executables over them: `legible`, which links none of the
        // GTK stack, and `legible-desktop`, which runs `present` and `view` (Docs/CLI.md, "Two
        // executables").
        .target(name: "LegibleCommandLine", dependencies: ["LegibleSystem"]),
        .target(
            name: "LegibleCLI",
            dependencies: [
                "LegibleCommandLine", "LegibleSystem", "LegibleLayout", "LegibleImage", "LegibleTextInput", "LegiblePages", "LegibleOCR",
                "LegibleEvaluation", "LegibleImport", "LegibleReading", "LegibleBatch", "LegibleIngest", "LegiblePDF", "LegiblePDFInput",
                "LegibleAlignment", "LegibleSpeech", "LegibleNotebook", "LegibleRecognition", "LegibleLearning",
            ],
            // `legible --version`: the version and commit, from git at build time (Docs/CLI.md, "Version").
            plugins: ["LegibleVersion"]),
        .plugin(name: "LegibleVersion", capability: .buildTool()),
        .executableTarget(name: "legible", dependencies: ["LegibleCLI", "LegibleCommandLine"]),
        .executableTarget(
            name: "legible-desktop",
            dependencies: [
                "LegibleCLI", "LegibleCommandLine", "LegibleATSPI", "LegibleDesktop", "LegibleReading", "LegiblePages", "LegibleNotebook",
            ]),
        // The recipes that make shipped model files (Docs/Learning.md, "Recipes"); legible-bench
        // only measures.
        .executableTarget(
            name: "legible-learn",
            dependencies: ["LegibleLearning", "LegibleHandwriting", "LegibleImage", "LegibleLayout", "LegibleBatch", "LegibleSystem"]),
        .executableTarget(
            name: "legible-bench",
            dependencies: [
                "LegibleLayout", "LegibleTextInput", "LegiblePages", "LegibleImage", "LegibleOCR",
                "LegibleEvaluation", "LegibleReading", "LegibleATSPI", "LegibleBatch", "LegibleAlignment", "LegibleHandwriting",
                "LegibleImport", "LegibleLearning", "LegibleRecognition", "LegibleSystem",
            ]),

        // Test support comes first: the fuzzing harnesses replay with it.
        .target(
            name: "LegibleTestSupport",
            dependencies: ["LegibleLayout", "LegibleImage", "LegibleTextInput", "LegiblePages"],
            path: "Tests/LegibleTestSupport"),
        .target(
            name: "LegibleFuzzing",
            dependencies: [
                "LegibleImport", "LegibleLayout", "LegibleImage", "LegibleOCR", "LegiblePages", "LegibleReading", "LegibleTestSupport",
                "LegibleTextInput", "LegibleWeb", "LegibleATSPI", "LegibleBatch", "LegibleSystem", "LegiblePDF", "LegiblePDFInput",
                "LegibleAlignment", "LegibleSpeech", "LegibleHandwriting", "LegibleNotebook", "LegibleLines",
            ]),
        .executableTarget(name: "legible-fuzz", dependencies: ["LegibleFuzzing"]),
        // Test support: `save` with torn writes for the clippings durability test, so the
        // shipped binary carries no such switch (Docs/Reading.md, "Clippings store").
        .executableTarget(
            name: "legible-clippings-writer",
            dependencies: ["LegibleNotebook", "LegibleReading", "LegibleSystem", "LegibleTextInput"],
            path: "Tests/LegibleClippingsWriter"),

        // The golden-image comparer links libpng; only the CLI tests need it.
        .target(
            name: "LegibleGoldenSupport",
            dependencies: ["LegibleRaster", "LegibleTestSupport"],
            path: "Tests/LegibleGoldenSupport"),
        .testTarget(
            name: "LegibleTextInputTests",
            dependencies: ["LegibleTextInput", "LegibleTestSupport"]),
        .testTarget(
            name: "LegiblePagesTests",
            dependencies: ["LegiblePages", "LegibleLayout", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleLayoutTests",
            dependencies: ["LegibleLayout", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleLinesTests",
            dependencies: ["LegibleLines", "LegibleLayout"]),
        .testTarget(
            name: "LegibleOCRTests",
            dependencies: ["LegibleImage", "LegibleOCR", "LegibleLines", "LegibleLayout", "LegibleEvaluation", "LegibleRaster", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleImportTests",
            dependencies: ["LegibleImport", "LegibleLayout", "LegiblePages", "LegibleTextInput", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleReadingTests",
            dependencies: ["LegibleReading", "LegibleSystem", "LegiblePages", "LegibleLayout", "LegibleTextInput", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleWebTests",
            dependencies: ["LegibleWeb", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleFuzzingTests",
            dependencies: ["LegibleFuzzing", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleRepositoryTests",
            dependencies: ["LegibleFuzzing", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleSpeechTests",
            dependencies: ["LegibleSpeech", "LegibleNotebook"]),
        .testTarget(
            name: "LegibleNotebookTests",
            dependencies: [
                "LegibleNotebook", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTextInput", "LegibleRaster", "LegibleSystem", "LegibleTestSupport",
            ]),
        .testTarget(
            name: "LegibleBatchTests",
            dependencies: ["LegibleBatch"]),
        .testTarget(
            name: "LegibleEvaluationTests",
            dependencies: ["LegibleEvaluation", "LegibleLayout"]),
        .testTarget(
            name: "LegibleRasterTests",
            dependencies: ["LegibleRaster"]),
        .testTarget(
            name: "LegibleATSPITests",
            dependencies: ["LegibleATSPI", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleDesktopTests",
            dependencies: ["LegibleDesktop", "CLegibleGTK", "LegibleATSPI", "LegibleReading", "LegiblePages", "LegibleTestSupport"]),
        .testTarget(
            name: "LegiblePDFTests",
            dependencies: [
                "LegiblePDF", "LegiblePDFInput", "LegibleRaster", "LegibleReading", "LegiblePages", "LegibleLayout", "LegibleTestSupport",
            ]),
        .testTarget(
            name: "LegibleAlignmentTests",
            dependencies: ["LegibleAlignment", "LegibleLayout", "LegiblePages", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleSystemTests",
            dependencies: ["LegibleSystem"]),
        .testTarget(
            name: "LegibleIngestTests",
            dependencies: ["LegibleIngest", "LegibleBatch", "LegibleLayout", "LegibleSystem", "LegibleTestSupport"]),
        .testTarget(
            name: "LegibleRecognitionTests",
            dependencies: ["LegibleRecognition", "LegibleHandwriting", "LegibleOCR"]),
        .testTarget(
            name: "LegibleHandwritingTests",
            dependencies: [
                "LegibleHandwriting", "LegibleFuzzing", "LegibleLayout", "LegibleImage", "LegibleOCR", "LegibleImport", "LegibleEvaluation", "LegibleSystem",
                "LegibleTestSupport",
            ]),
        // Running a command in process or as the built binary, for both command test targets.
        .target(
            name: "LegibleCommandSupport",
            dependencies: ["LegibleCLI", "LegibleLayout", "LegibleTestSupport"],
            path: "Tests/LegibleCommandSupport"),
        // The commands in process, on committed fixtures: no real part and no process (fast tier).
        // The network trainer over Debian's PyTorch, on real lines (Docs/Learning.md).
        .testTarget(
            name: "LegibleLearningTests",
            dependencies: [
                "LegibleLearning", "LegibleNotebook", "LegibleHandwriting", "LegibleImage", "LegibleLayout", "LegibleEvaluation", "LegibleTestSupport",
                "LegibleCommandSupport",
            ]),
        .testTarget(
            name: "LegibleCLITests",
            dependencies: ["LegibleCLI", "LegibleCommandSupport", "LegibleImage", "LegibleLayout", "LegibleTestSupport"]),
        // What needs a process or a real part: signals, full disks, limits, Tesseract, Chromium,
        // Orca, the accessibility bus, Xvfb, Slurm.
        .testTarget(
            name: "LegibleEndToEndTests",
            dependencies: [
                "LegibleLayout", "LegibleTextInput", "LegiblePages", "LegibleReading", "LegibleRaster", "LegibleBatch",
                "LegibleTestSupport",
                "LegibleGoldenSupport", "LegiblePDFInput", "LegibleImport", "LegibleSpeech", "LegibleCLI", "LegibleCommandSupport",
                "LegibleSystem", "LegibleImage", "LegibleOCR", "LegibleEvaluation", "LegibleHandwriting", "LegibleRecognition",
            ]),
    ]
)
