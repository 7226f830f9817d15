/// Notifications a screen reader listens for (the analogue of `UIAccessibility.post`).
public enum AccessibilityNotification: Sendable, Hashable {
    /// A page turned; the argument is spoken ("Page 2 of 3").
    case pageScrolled(String?)
    /// The layout changed (a page turned under the focus).
    case layoutChanged
    /// Speak this text ("Text saved").
    case announcement(String)
}

/// Where notifications go. Injected so tests record them instead of posting to the system.
public protocol AccessibilityNotifier: AnyObject {
    /// Posts one notification.
    func post(_ notification: AccessibilityNotification)
}

/// A notifier that keeps every notification in order (for tests and the CLI).
public final class RecordingNotifier: AccessibilityNotifier {
    /// Notifications posted so far, oldest first.
    public private(set) var posted: [AccessibilityNotification] = []
    /// Called for each notification after it is recorded.
    public var onPost: ((AccessibilityNotification) -> Void)?

    /// Creates an empty recorder.
    public init() {}

    public func post(_ notification: AccessibilityNotification) {
        posted.append(notification)
        onPost?(notification)
    }
}
