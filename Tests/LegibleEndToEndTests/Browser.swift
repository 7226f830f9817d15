import Foundation
import LegibleCommandSupport
import LegibleTestSupport
import Testing

/// The real browser for the HTML notebook tests: `Tools/browser` drives Debian's headless
/// Chromium over the DevTools protocol (`Docs/Web.md`, "Testing in a real browser").
///
/// A machine without Chromium skips these tests with a printed reason, unless
/// `LEGIBLE_REQUIRE_REAL_PARTS=1` (set by `.ci/run`), where a missing browser is a failure.
enum Browser {
    static let chromium = ProcessInfo.processInfo.environment["LEGIBLE_CHROMIUM"] ?? "/usr/lib/chromium/chromium"

    /// axe-core, unpacked from its PyPI wheel by `Tools/install-dependencies`.
    static let axe = Repository.root.appendingPathComponent(".build/vendor/axe.min.js").path

    /// The probe script the tests inject (`Tests/Fixtures/web/probe.js`).
    static let probe = Repository.root.appendingPathComponent("Tests/Fixtures/web/probe.js").path

    /// Whether the tests can run (see ``RealParts``).
    static func isAvailable(needing paths: [String] = []) -> Bool {
        let missing = ([chromium] + paths).filter { !FileManager.default.fileExists(atPath: $0) }
        return RealParts.available(
            missing.isEmpty, reason: "missing \(missing.joined(separator: ", ")) (Tools/install-dependencies installs them)")
    }

    /// One plan step (see `Tools/browser`).
    enum Step {
        case evaluate(String)
        case inject(String)
        case axTree
        case key(key: String, code: String, modifiers: Int, commands: [String] = [])
        /// Text typed at the focus, as an input method commits it.
        case type(String)
        /// A right click at the viewport point (CSS pixels) that a JavaScript expression gives.
        case rightClick(at: String)
        /// A PNG of the viewport, or of the rect `[x, y, width, height]` an expression gives.
        case screenshot(String, clip: String? = nil)
        case paint
        case reload
        case download

        var json: [String: Any] {
            switch self {
            case .evaluate(let expression): return ["evaluate": expression]
            case .inject(let path): return ["inject": path]
            case .axTree: return ["axtree": true]
            case .type(let text): return ["type": text]
            case .key(let key, let code, let modifiers, let commands):
                return ["key": ["key": key, "code": code, "modifiers": modifiers, "commands": commands]]
            case .rightClick(let expression): return ["rightclick": ["at": expression]]
            case .screenshot(let path, let clip): return clip.map { ["screenshot": path, "clip": $0] } ?? ["screenshot": path]
            case .paint: return ["paint": true]
            case .reload: return ["reload": true]
            case .download: return ["download": true]
            }
        }
    }

    /// What a run returned: seconds to the load event and one value per step.
    struct Result {
        var load: Double
        var values: [Any]
    }

    /// Loads `file` at `width` × `height` CSS pixels, runs `steps`, and returns their values.
    /// What `Tools/browser` says on stderr of a run that succeeded (a plan run again, when
    /// Chromium lost its localStorage; `Docs/Web.md`, "Testing in a real browser") is printed.
    static func run(_ file: String, width: Int = 1200, height: Int = 900, downloads: String? = nil, steps: [Step]) throws -> Result {
        var plan: [String: Any] = [
            "url": URL(fileURLWithPath: file).absoluteString, "viewport": ["width": width, "height": height],
            "steps": steps.map(\.json),
        ]
        if let downloads { plan["downloads"] = downloads }
        let input = try JSONSerialization.data(withJSONObject: plan)
        let planFile = try temporaryFolder() + "/plan.json"
        try input.write(to: URL(fileURLWithPath: planFile))
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "exec python3 \"$0\" < \"$1\"", Repository.root.path + "/Tools/browser", planFile],
            environment: [:])
        guard run.status == 0, let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
            throw BrowserError(message: "Tools/browser exited \(run.status): \(run.stderr)")
        }
        if !run.stderr.isEmpty { print(run.stderr, terminator: "") }
        return Result(load: object["load"] as? Double ?? 0, values: object["results"] as? [Any] ?? [])
    }

    struct BrowserError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// A JavaScript literal for `value` (arrays, numbers, strings).
    static func literal(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Tests that need a real part (a browser, an accessibility bus) skip with a printed reason on a
/// machine that lacks it, except where `LEGIBLE_REQUIRE_REAL_PARTS=1` (CI): there a missing part
/// is a failure, so CI can never pass by skipping.
enum RealParts {
    static func available(_ ready: Bool, reason: String) -> Bool {
        guard !ready else { return true }
        if ProcessInfo.processInfo.environment["LEGIBLE_REQUIRE_REAL_PARTS"] == "1" {
            Issue.record("a real part is required here: \(reason)")
        } else {
            print("skipping: \(reason)")
        }
        return false
    }
}

/// A Python client run on a private session bus (and, with `display`, a private X server), as
/// the AT-SPI and viewer tests need (`Docs/ATSPI.md`, "Testing with pyatspi").
enum BusSession {
    /// Runs `/usr/bin/python3 script arguments…` under `dbus-run-session` (inside `xvfb-run`
    /// with `display`), with its output in `log`; records a failure when it does not exit 0.
    ///
    /// The bus daemons outlive the client, inherit its output and may ignore SIGTERM, so the run
    /// gets a process group of its own whose members are all killed at the end, its output goes
    /// to a file (a pipe would stay open), and it gets its own `XDG_RUNTIME_DIR`, so the
    /// accessibility bus socket is this run's alone.
    static func run(_ script: String, _ arguments: [String], log: String, display: Bool) throws {
        let runtime = try temporaryFolder()
        chmod(runtime, 0o700)
        let prefix = display ? "xvfb-run -a -s '-screen 0 1000x1100x24' " : ""
        let command = prefix + "/usr/bin/dbus-run-session -- /usr/bin/python3 \"$@\" >\"$LOG\" 2>&1; echo $? >\"$LOG.status\"; kill -KILL 0"
        _ = try runProcess(
            URL(fileURLWithPath: "/usr/bin/setsid"), ["-w", "/bin/sh", "-c", command, "sh", script] + arguments,
            environment: ["LOG": log, "XDG_RUNTIME_DIR": runtime])
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        let status = (try? String(contentsOfFile: log + ".status", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(status == "0", "\((script as NSString).lastPathComponent): \(output.suffix(2000))")
    }
}
