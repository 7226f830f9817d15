import Foundation

extension HeadTraining {
    /// Adam over a head's weights and bias, one line a step, with the pull towards the start.
    struct Adam {
        var head: WriterHead
        let start: WriterHead
        let settings: Settings
        var moments: (weights: [Float], bias: [Float])
        var squares: (weights: [Float], bias: [Float])
        var steps = 0
        /// The step size of the pass under way.
        var rate: Float

        init(_ start: WriterHead, settings: Settings) {
            (head, self.start, self.settings, rate) = (start, start, settings, settings.learningRate)
            let zeros = ([Float](repeating: 0, count: start.weights.count), [Float](repeating: 0, count: start.bias.count))
            (moments, squares) = (zeros, zeros)
        }

        /// One step on `line`; a line no alignment fits is passed over. The gradient is the
        /// loss's per character of the line, so long and short lines weigh alike a character.
        mutating func learn(_ line: Line) {
            let classes = head.classes.count
            let scores = head.logProbabilities(line.features, steps: line.steps)
            guard !line.labels.isEmpty,
                let (_, gradient) = HeadTraining.ctc(scores, steps: line.steps, classes: classes, labels: line.labels)
            else { return }
            let features = head.features
            let scale = 1 / Float(line.labels.count)
            var weights = [Float](repeating: 0, count: head.weights.count)
            var bias = [Float](repeating: 0, count: classes)
            gradient.withUnsafeBufferPointer { gradient in
                line.features.withUnsafeBufferPointer { input in
                    weights.withUnsafeMutableBufferPointer { weights in
                        for step in 0..<line.steps {
                            for index in 0..<classes {
                                let share = gradient[step * classes + index] * scale
                                bias[index] += share
                                let row = index * features, column = step * features
                                for feature in 0..<features { weights[row + feature] += share * input[column + feature] }
                            }
                        }
                    }
                }
            }
            steps += 1
            update(&head.weights, weights, start.weights, &moments.weights, &squares.weights)
            update(&head.bias, bias, start.bias, &moments.bias, &squares.bias)
        }

        /// Adam's update of `values` by `gradient` plus the pull towards `origin`.
        func update(_ values: inout [Float], _ gradient: [Float], _ origin: [Float], _ moment: inout [Float], _ square: inout [Float]) {
            let first: Float = 0.9, second: Float = 0.999, epsilon: Float = 1e-8
            let firstScale = 1 / (1 - powf(first, Float(steps))), secondScale = 1 / (1 - powf(second, Float(steps)))
            for index in values.indices {
                let slope = gradient[index] + settings.pull * (values[index] - origin[index])
                moment[index] = first * moment[index] + (1 - first) * slope
                square[index] = second * square[index] + (1 - second) * slope * slope
                values[index] -=
                    rate * (moment[index] * firstScale) / ((square[index] * secondScale).squareRoot() + epsilon)
            }
        }
    }
}
