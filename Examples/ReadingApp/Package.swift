// swift-tools-version:6.0
// Two apps as Legible's library clients are: each depends on Legible by path and uses only its
// library products (Docs/CLI.md, "Linking it as a library"). ReadingApp takes page documents,
// the text-input contract and reading, and links no C library of recognition, PDF or speech,
// Leptonica included; NotebookApp takes the notebook services (page documents and their scans,
// the HTML export), and links none of Tesseract, ONNX Runtime, poppler, qpdf or espeak-ng.
import PackageDescription

let package = Package(
    name: "ReadingApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Legible", path: "../..")],
    targets: [
        .executableTarget(
            name: "ReadingApp",
            dependencies: [
                .product(name: "LegibleLayout", package: "Legible"), .product(name: "LegiblePages", package: "Legible"),
                .product(name: "LegibleTextInput", package: "Legible"), .product(name: "LegibleReading", package: "Legible"),
            ]),
        .executableTarget(name: "NotebookApp", dependencies: [.product(name: "LegibleNotebook", package: "Legible")]),
    ]
)
