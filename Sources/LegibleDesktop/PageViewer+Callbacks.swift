import CLegibleGTK
import Foundation
import LegibleATSPI

#if canImport(Glibc)
    import Glibc
#endif

extension PageViewer {
    /// The one door from the window's C side into the viewer: a table of C function pointers
    /// whose context is the viewer.
    static var callbacks: LegibleViewCallbacks {
        var table = LegibleViewCallbacks()
        table.imagePath = { context in viewer(context).imagePaths[viewer(context).page].flatMap { strdup($0) } }
        table.imageSize = { context, width, height in
            let bounds = viewer(context).scanned.bounds
            width?.pointee = Double(bounds.width)
            height?.pointee = Double(bounds.height)
        }
        // One draw asks for the count, then each overlay: the list is built once per draw.
        table.overlayCount = { context in
            let viewer = viewer(context)
            viewer.drawnOverlays = viewer.overlays
            return Int32(viewer.drawnOverlays.count)
        }
        table.overlay = { context, index in viewer(context).drawnOverlays[Int(index)] }
        table.key = { context, key, modifiers in
            let shift = modifiers & Int32(LegibleModifierShift) != 0
            let control = modifiers & Int32(LegibleModifierControl) != 0
            return viewer(context).handle(key: LegibleKey(UInt32(key)), shift: shift, control: control) ? 1 : 0
        }
        table.press = { context, x, y, extend in viewer(context).press(x: x, y: y, extend: extend != 0) }
        table.drag = { context, x, y in viewer(context).drag(x: x, y: y) }
        table.documentNode = { context in Int32(viewer(context).tree.number(.document)) }
        table.focusNode = { context in Int32(viewer(context).tree.focusTarget) }
        table.placed = { context, x, y, scale, windowX, windowY in
            viewer(context).tree.placement = ScreenPlacement(x: x, y: y, scale: scale, windowX: windowX, windowY: windowY)
        }
        table.firstDrawn = { context in viewer(context).onFirstDraw?() }
        table.editable = { context in viewer(context).tree.isEditable ? 1 : 0 }
        table.typed = { context, text in viewer(context).type(text.map { String(cString: $0) } ?? "") }
        table.composing = { context, text, cursor in viewer(context).compose(text.map { String(cString: $0) } ?? "", cursor: Int(cursor)) }
        table.closing = { context, forced in viewer(context).closing(forced: forced != 0) ? 1 : 0 }
        return table
    }
}

/// The viewer a callback's context points to (callbacks cannot capture).
private func viewer(_ context: UnsafeMutableRawPointer?) -> PageViewer {
    Unmanaged<PageViewer>.fromOpaque(context!).takeUnretainedValue()
}
