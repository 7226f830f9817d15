extension Shard {
    /// The environment variable that gives the shard count to a Kubernetes Indexed Job, whose
    /// pods are told their index (`JOB_COMPLETION_INDEX`) but not the completion count.
    public static let countVariable = "LEGIBLE_SHARD_COUNT"

    /// `--shard auto`: this task's shard, from the scheduler's environment
    /// (`Docs/Cluster.md`, "Shards from the scheduler").
    ///
    /// - Slurm job arrays, given the whole split (`--array=0-99`, `--array=1-199:2`, with or
    ///   without a `%` limit): index = (SLURM_ARRAY_TASK_ID − _MIN) / _STEP, count =
    ///   SLURM_ARRAY_TASK_COUNT (or the range's length). A list such as `--array=0,5,9` is
    ///   refused, because its tasks could not tell which indexes exist.
    /// - Slurm job arrays resubmitting some tasks (`--array=1,3`): with the whole split's count
    ///   given by `count` (the `--shard-count` flag) or ``countVariable``, the task ID is the
    ///   shard index itself.
    /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`, with the count from `count` or
    ///   ``countVariable``, since pods are not told the completion count.
    public static func fromEnvironment(_ environment: [String: String], count: Int? = nil) throws(ShardError) -> Shard {
        var given = count
        if given == nil, let text = environment[countVariable] { given = try number(text, countVariable) }
        if let id = environment["SLURM_ARRAY_TASK_ID"] {
            guard let given else { return try slurm(id: id, environment) }
            return try checked(index: try number(id, "SLURM_ARRAY_TASK_ID"), count: given, "the shard count given")
        }
        if let index = environment["JOB_COMPLETION_INDEX"] {
            guard let given else {
                throw ShardError(
                    "--shard auto: JOB_COMPLETION_INDEX is set but the shard count is not; give --shard-count N or set \(countVariable)")
            }
            return try checked(index: try number(index, "JOB_COMPLETION_INDEX"), count: given, "the Indexed Job's completions")
        }
        throw ShardError(
            "--shard auto: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; give --shard K/N"
        )
    }

    /// The shard of a task of an array that is the whole split.
    static func slurm(id idText: String, _ environment: [String: String]) throws(ShardError) -> Shard {
        let id = try number(idText, "SLURM_ARRAY_TASK_ID")
        let minimum =
            try environment["SLURM_ARRAY_TASK_MIN"].map { text throws(ShardError) in try number(text, "SLURM_ARRAY_TASK_MIN") } ?? 0
        let step =
            try environment["SLURM_ARRAY_TASK_STEP"].map { text throws(ShardError) in try number(text, "SLURM_ARRAY_TASK_STEP") } ?? 1
        guard step >= 1, id >= minimum, (id - minimum) % step == 0 else {
            throw ShardError("--shard auto: task \(id) is not on the array's range (min \(minimum), step \(step))")
        }
        var total: Int?
        if let text = environment["SLURM_ARRAY_TASK_COUNT"] { total = try number(text, "SLURM_ARRAY_TASK_COUNT") }
        if total == nil, let text = environment["SLURM_ARRAY_TASK_MAX"] {
            total = (try number(text, "SLURM_ARRAY_TASK_MAX") - minimum) / step + 1
        }
        guard let total else { throw ShardError("--shard auto: SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MAX are not set") }
        return try checked(
            index: (id - minimum) / step, count: total, "the Slurm array (use one range, such as --array=0-15, or set \(countVariable))")
    }

    static func number(_ text: String, _ name: String) throws(ShardError) -> Int {
        guard let value = decimal(Substring(text)) else { throw ShardError("--shard auto: \(name) is \"\(text)\", not a whole number") }
        return value
    }

    static func checked(index: Int, count: Int, _ source: String) throws(ShardError) -> Shard {
        guard let shard = Shard(index: index, count: count) else {
            throw ShardError("--shard auto: index \(index) is not below the count \(count) of \(source)")
        }
        return shard
    }
}
