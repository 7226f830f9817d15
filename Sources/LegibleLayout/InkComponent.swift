import LegibleLayout

/// A connected piece of ink: its bounding box, its ink pixels and the height of its centre of
/// ink, all in the pixels of the image it was found in.
package struct InkComponent: Equatable {
    /// Its bounding box.
    package var box: PixelBox
    /// Ink pixels.
    package var ink: Int
    /// The mean y of the ink, px. Ascenders and descenders carry little ink, so this sits in
    /// the body of the writing where the box's middle would not.
    package var centreY: Double

    /// A component of `ink` pixels inside `box`, its centre of ink at `centreY`.
    package init(box: PixelBox, ink: Int, centreY: Double) {
        self.box = box
        self.ink = ink
        self.centreY = centreY
    }
}
