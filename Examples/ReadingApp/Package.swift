// swift-tools-version:6.0
// A reading app as Legible's library clients are: it depends on Legible by path and uses only
// its library products for page documents, the text-input contract and reading (Docs/CLI.md,
// "Linking it as a library"). No Tesseract, ONNX Runtime, poppler or espeak-ng is linked.
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
            ])
    ]
)
