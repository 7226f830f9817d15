/// The declarative way to build the text-navigation chain, like SwiftUI's
/// `accessibilityLinkedGroup(id:in:)`: regions registered with the same `id` in one namespace
/// are linked in registration order when ``link()`` runs. Regions with different ids form
/// separate chains.
public final class LinkedGroupNamespace {
    private var members: [(id: AnyHashable, region: TextRegion)] = []

    /// Creates an empty namespace.
    public init() {}

    /// Registers `region` in the group `id`.
    public func add(_ region: TextRegion, id: some Hashable) {
        members.append((AnyHashable(id), region))
    }

    /// Links each group's regions in order (first's previous and last's next are `nil`).
    public func link() {
        var groups: [AnyHashable: [TextRegion]] = [:]
        var order: [AnyHashable] = []
        for member in members {
            if groups[member.id] == nil { order.append(member.id) }
            groups[member.id, default: []].append(member.region)
        }
        for id in order {
            let chain = groups[id] ?? []
            for (index, region) in chain.enumerated() {
                region.previousTextNavigationElement = index > 0 ? chain[index - 1] : nil
                region.nextTextNavigationElement = index + 1 < chain.count ? chain[index + 1] : nil
            }
        }
    }
}

extension TextRegion {
    /// Registers this region in `namespace`'s group `id` (SwiftUI-style); returns the region so
    /// registrations chain.
    @discardableResult
    public func accessibilityLinkedGroup(id: some Hashable, in namespace: LinkedGroupNamespace) -> TextRegion {
        namespace.add(self, id: id)
        return self
    }
}
