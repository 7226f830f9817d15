enum RenderCommand { static func run(_ a: [String]) throws -> Int32 { throw CLIError.usage("render: not yet") } }
