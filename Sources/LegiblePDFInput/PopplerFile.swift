// The one door to poppler, through its GLib interface (`Docs/PDF.md`, "Reading scanned PDFs").
// Poppler draws pages that are not one scanned image, decodes the image filters qpdf leaves
// encoded (CCITT, JBIG2, LZW...), tells whether a page carries text, and says where its images
// are drawn. Surfaces are copied into ``PagePixels`` at once and freed.
import CPoppler
import Foundation

/// One open PDF, read by poppler. Not shared between threads.
final class PopplerFile {
    private let document: OpaquePointer
    /// The file, as named.
    let path: String

    /// Opens `path` (which qpdf has already accepted).
    init(path: String) throws(PDFInputError) {
        self.path = path
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &error) else {
            g_clear_error(&error)
            throw PDFInputError(.malformed, "\(path): cannot be named as a file URI")
        }
        defer { g_free(uri) }
        guard let document = poppler_document_new_from_file(uri, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            throw PDFInputError(.malformed, "\(path): poppler cannot read it (\(message))")
        }
        self.document = document
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    /// The number of pages poppler finds, which on a damaged file can differ from qpdf's.
    var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Runs `body` with the zero-based page `index`.
    private func withPage<T>(_ index: Int, _ body: (OpaquePointer) throws(PDFInputError) -> T) throws(PDFInputError) -> T {
        guard let page = poppler_document_get_page(document, Int32(index)) else {
            throw PDFInputError(.malformed, "\(path): page \(index + 1) cannot be read")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return try body(page)
    }

    /// Whether the page has any text a reader could select, other than white space.
    func hasText(page index: Int) throws(PDFInputError) -> Bool {
        try withPage(index) { page in
            guard let text = poppler_page_get_text(page) else { return false }
            defer { g_free(text) }
            return String(cString: text).contains { !$0.isWhitespace }
        }
    }

    /// Where each image is drawn, in points from the top left of the unrotated crop box.
    func imageAreas(page index: Int) throws(PDFInputError) -> [(id: Int32, area: PDFBox)] {
        try withPage(index) { page in
            let list = poppler_page_get_image_mapping(page)
            defer { poppler_page_free_image_mapping(list) }
            var areas: [(Int32, PDFBox)] = []
            var node = list
            while let current = node, areas.count < 10_000 {
                if let mapping = current.pointee.data?.assumingMemoryBound(to: PopplerImageMapping.self).pointee {
                    let area = mapping.area
                    areas.append((mapping.image_id, PDFBox(area.x1, area.y1, area.x2, area.y2)))
                }
                node = current.pointee.next
            }
            return areas
        }
    }

    /// The image `id` of the page, decoded at its own size (the caller has checked that size).
    func decodedImage(page index: Int, id: Int32) throws(PDFInputError) -> PagePixels {
        try withPage(index) { page throws(PDFInputError) in
            guard let surface = poppler_page_get_image(page, id) else {
                throw PDFInputError(.unreadablePage, "\(path): page \(index + 1): its image cannot be decoded")
            }
            defer { cairo_surface_destroy(surface) }
            return try pixels(of: surface, page: index)
        }
    }

    /// The page drawn on white at `scale` pixels per point, turned as its `/Rotate` shows it;
    /// `size` is the result's size in pixels, which the caller has checked.
    func render(page index: Int, scale: Double, rotation: Int, size: (width: Int, height: Int), unrotated: PDFBox)
        throws(PDFInputError) -> PagePixels
    {
        try withPage(index) { page throws(PDFInputError) in
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height)) else {
                throw PDFInputError(.unreadablePage, "\(path): page \(index + 1) cannot be drawn")
            }
            defer { cairo_surface_destroy(surface) }
            let context = cairo_create(surface)
            cairo_set_source_rgb(context, 1, 1, 1)
            cairo_paint(context)
            cairo_scale(context, scale, scale)
            switch rotation {
            case 90: cairo_translate(context, unrotated.height, 0)
            case 180: cairo_translate(context, unrotated.width, unrotated.height)
            case 270: cairo_translate(context, 0, unrotated.width)
            default: break
            }
            cairo_rotate(context, Double(rotation) * .pi / 180)
            poppler_page_render(page, context)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            return try pixels(of: surface, page: index)
        }
    }

    /// A cairo image surface's pixels as RGB, composited on white where they carry alpha.
    private func pixels(of surface: OpaquePointer, page index: Int) throws(PDFInputError) -> PagePixels {
        let format = cairo_image_surface_get_format(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(surface)
        else { throw PDFInputError(.unreadablePage, "\(path): page \(index + 1) cannot be drawn") }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var samples = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                // Native-endian 32-bit words: blue in the lowest byte on little-endian machines.
                let word = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
                // Premultiplied: add the white that shows through.
                let white = format == CAIRO_FORMAT_ARGB32 ? 255 - Int(word >> 24) : 0
                let out = (y * width + x) * 3
                samples[out] = UInt8(min(255, Int((word >> 16) & 0xFF) + white))
                samples[out + 1] = UInt8(min(255, Int((word >> 8) & 0xFF) + white))
                samples[out + 2] = UInt8(min(255, Int(word & 0xFF) + white))
            }
        }
        return PagePixels(width: width, height: height, channels: 3, samples: samples)
    }
}
