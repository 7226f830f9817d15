import Foundation

// `legible-learn`: the recipes that make shipped model files, apart from the benchmarks that
// only measure (`Docs/Learning.md`, "Recipes"). Each is seeded, so a rerun on the same data
// gives the same bytes; each prints its progress and its kept-aside figures.
//
//   legible-learn hand-head CORPUS OUT        the French hand head (Models/hand-fra.head), run by Tools/train-hand
//   legible-learn network CORPUS OUT [--minutes M] [--steps N] [--rate R] [--pull P]
//                                             the whole network fine-tuned on every French hand (tried, not shipped)
//   legible-learn network-model WEIGHTS OUT   the model a network run's best weights make
//
// Exit 0 when written; 64 for a usage error or an output over the weights read; 65 for a corpus
// with nothing to learn or weights that are not a network; 1 for any other failure, in one
// line. Outputs are written whole or not at all (`AtomicFile`).

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "hand-head" where arguments.count == 3:
        try learnHandHead(arguments[1], output: arguments[2])
    case "network" where arguments.count >= 3:
        try learnNetwork(arguments[1], output: arguments[2], options: Array(arguments.dropFirst(3)))
    case "network-model" where arguments.count == 3:
        try writeNetworkModel(arguments[1], output: arguments[2])
    default:
        FileHandle.standardError.write(
            Data(
                "usage: legible-learn hand-head CORPUS OUT | network CORPUS OUT [--minutes M] [--steps N] [--rate R] [--pull P] | network-model WEIGHTS OUT\n"
                    .utf8))
        exit(64)
    }
} catch {
    FileHandle.standardError.write(Data("legible-learn: \(error)\n".utf8))
    exit(1)
}
