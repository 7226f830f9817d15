// The one door to qpdf (`Docs/PDF.md`, "Reading scanned PDFs"). qpdf reads the file's
// structure: the page list, each page's boxes and rotation, and its images' dictionaries and
// stored bytes. Its C API reports every error through the handle, never by exception, once
// errors are silenced; every answer is turned into a Swift value here.
import CQPDF
import Foundation

/// One open PDF, read by qpdf without repairing damage. Not shared between threads.
final class QPDFFile {
    private var handle: qpdf_data?
    /// The file, as named.
    let path: String

    /// Opens `path`. A file qpdf would have to reconstruct is refused: a damaged
    /// cross-reference table or a truncated file is `.malformed`, and any encryption is
    /// `.encrypted`.
    init(path: String) throws(PDFInputError) {
        self.path = path
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, 1)
        qpdf_set_attempt_recovery(handle, 0)
        let code = path.withCString { qpdf_read(handle, $0, nil) }
        if code & 2 != 0 { throw failure(encryptedIsPassword: true) }
        if qpdf_is_encrypted(handle) != 0 {
            throw PDFInputError(
                .encrypted, "\(path): is encrypted; decrypt it first (qpdf --decrypt IN OUT, with --password if it has one)")
        }
        if qpdf_push_inherited_attributes_to_page(handle) & 2 != 0 { throw failure() }
    }

    deinit { qpdf_cleanup(&handle) }

    /// The number of pages.
    func pageCount() throws(PDFInputError) -> Int {
        let count = qpdf_get_num_pages(handle)
        if count < 0 || qpdf_has_error(handle) != 0 { throw failure() }
        return Int(count)
    }

    /// The zero-based page `index`'s crop box, rotation, directly placed images and what its
    /// content draws. A crop box that does not meet the media box shows nothing in any viewer,
    /// so such a page is refused; a `/Rotate` that is not a multiple of 90 is 0, as poppler and
    /// pdf.js show it.
    func page(_ index: Int) throws(PDFInputError) -> QPDFPage {
        let page = qpdf_get_page_n(handle, index)
        let media = box(qpdf_oh_get_key(handle, page, "/MediaBox")) ?? PDFBox(0, 0, 612, 792)
        var crop = media
        if let declared = box(qpdf_oh_get_key(handle, page, "/CropBox")) {
            guard let visible = clip(declared, to: media) else {
                throw PDFInputError(
                    .malformed, "\(path): page \(index + 1)'s CropBox lies outside its MediaBox, so no viewer shows anything of it")
            }
            crop = visible
        }
        let value = qpdf_oh_get_numeric_value(handle, qpdf_oh_get_key(handle, page, "/Rotate"))
        let rotate = value.isFinite && abs(value) < 1e9 ? Int(value.rounded()) : 0
        let images = imageObjects(in: qpdf_oh_get_key(handle, qpdf_oh_get_key(handle, page, "/Resources"), "/XObject"))
        let content = PageContent(contentData(page))
        if qpdf_has_error(handle) != 0 { throw failure() }
        return QPDFPage(cropBox: crop, rotation: rotate % 90 == 0 ? ((rotate % 360) + 360) % 360 : 0, images: images, content: content)
    }

    /// The page's content streams joined, their filters removed; empty when they cannot be read.
    private func contentData(_ page: qpdf_oh) -> Data {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let code = qpdf_oh_get_page_content_data(handle, page, &buffer, &length)
        defer { free(buffer) }
        guard code & 2 == 0, let buffer else {
            _ = qpdf_get_error(handle)
            return Data("?".utf8)
        }
        return Data(bytes: buffer, count: length)
    }

    /// An image's stored bytes, with its filters still applied.
    func storedBytes(of image: QPDFImage) throws(PDFInputError) -> Data {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        var filtered: QPDF_BOOL = 0
        let code = qpdf_oh_get_stream_data(handle, image.handle, qpdf_dl_none, &filtered, &buffer, &length)
        defer { free(buffer) }
        guard code & 2 == 0, let buffer else { throw failure() }
        return Data(bytes: buffer, count: length)
    }

    /// The image XObjects of an `/XObject` resource dictionary, in key order.
    private func imageObjects(in resources: qpdf_oh) -> [QPDFImage] {
        guard qpdf_oh_is_dictionary(handle, resources) != 0 else { return [] }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(handle, resources)
        while qpdf_oh_dict_more_keys(handle) != 0, keys.count < 10_000 {
            keys.append(String(cString: qpdf_oh_dict_next_key(handle)))
        }
        return keys.compactMap { key in
            let object = qpdf_oh_get_key(handle, resources, key)
            guard qpdf_oh_is_stream(handle, object) != 0 else { return nil }
            let dictionary = qpdf_oh_get_dict(handle, object)
            guard name(dictionary, "/Subtype") == "/Image" else { return nil }
            return image(object, dictionary, name: String(key.dropFirst()))
        }
    }

    /// What an image's dictionary says about its pixels and their encoding.
    private func image(_ object: qpdf_oh, _ dictionary: qpdf_oh, name resourceName: String) -> QPDFImage {
        let filterObject = qpdf_oh_get_key(handle, dictionary, "/Filter")
        let filters = qpdf_oh_is_array(handle, filterObject) != 0 ? names(filterObject) : [name(dictionary, "/Filter")].compactMap { $0 }
        var parameters = qpdf_oh_get_key(handle, dictionary, "/DecodeParms")
        if qpdf_oh_is_array(handle, parameters) != 0 { parameters = qpdf_oh_get_array_item(handle, parameters, 0) }
        return QPDFImage(
            handle: object, name: resourceName,
            width: number(dictionary, "/Width"), height: number(dictionary, "/Height"),
            bitsPerComponent: number(dictionary, "/BitsPerComponent"), filters: filters,
            colourSpace: colourSpace(qpdf_oh_get_key(handle, dictionary, "/ColorSpace")),
            predictor: number(parameters, "/Predictor"), predictorColours: number(parameters, "/Colors"),
            predictorColumns: number(parameters, "/Columns"), predictorBits: number(parameters, "/BitsPerComponent"),
            changesSamples: ["/Decode", "/SMask", "/Mask", "/ImageMask"].contains { key in
                key.withCString { qpdf_oh_has_key(handle, dictionary, $0) != 0 }
            })
    }

    /// Grey or RGB (device or ICC-based), or a palette of at most 256 RGB colours over one
    /// of them; nil for any other colour space.
    private func colourSpace(_ space: qpdf_oh) -> QPDFColourSpace? {
        if qpdf_oh_is_name(handle, space) != 0 {
            switch String(cString: qpdf_oh_get_name(handle, space)) {
            case "/DeviceGray": return .grey
            case "/DeviceRGB": return .rgb
            default: return nil
            }
        }
        guard qpdf_oh_is_array(handle, space) != 0 else { return nil }
        let family = qpdf_oh_get_array_item(handle, space, 0)
        guard qpdf_oh_is_name(handle, family) != 0 else { return nil }
        switch (String(cString: qpdf_oh_get_name(handle, family)), qpdf_oh_get_array_n_items(handle, space)) {
        case ("/ICCBased", 2):
            let count = number(qpdf_oh_get_dict(handle, qpdf_oh_get_array_item(handle, space, 1)), "/N")
            return count == 1 ? .grey : count == 3 ? .rgb : nil
        case ("/Indexed", 4):
            return palette(base: colourSpace(qpdf_oh_get_array_item(handle, space, 1)), lookup: qpdf_oh_get_array_item(handle, space, 3))
        default:
            return nil
        }
    }

    /// An indexed colour space's palette as RGB triplets, from a lookup string over grey or RGB.
    private func palette(base: QPDFColourSpace?, lookup: qpdf_oh) -> QPDFColourSpace? {
        guard let base, base != .indexed([]), qpdf_oh_is_string(handle, lookup) != 0 else { return nil }
        var length = 0
        guard let bytes = qpdf_oh_get_binary_string_value(handle, lookup, &length) else { return nil }
        let table = Array(UnsafeRawBufferPointer(start: bytes, count: length))
        let rgb = base == .grey ? table.flatMap { [$0, $0, $0] } : table
        guard !rgb.isEmpty, rgb.count % 3 == 0, rgb.count <= 768 else { return nil }
        return .indexed(rgb)
    }

    private func box(_ array: qpdf_oh) -> PDFBox? {
        guard qpdf_oh_is_array(handle, array) != 0, qpdf_oh_get_array_n_items(handle, array) == 4 else { return nil }
        let edges = (0..<4).map { qpdf_oh_get_numeric_value(handle, qpdf_oh_get_array_item(handle, array, Int32($0))) }
        guard edges.allSatisfy(\.isFinite) else { return nil }
        return PDFBox(edges[0], edges[1], edges[2], edges[3])
    }

    /// The part of `box` inside `outer`; nil when they do not meet.
    private func clip(_ box: PDFBox, to outer: PDFBox) -> PDFBox? {
        let (minX, minY) = (max(box.minX, outer.minX), max(box.minY, outer.minY))
        let (maxX, maxY) = (min(box.maxX, outer.maxX), min(box.maxY, outer.maxY))
        // Checked before the box is made: a box puts its corners in order.
        return maxX > minX && maxY > minY ? PDFBox(minX, minY, maxX, maxY) : nil
    }

    private func name(_ dictionary: qpdf_oh, _ key: String) -> String? {
        let value = qpdf_oh_get_key(handle, dictionary, key)
        guard qpdf_oh_is_name(handle, value) != 0 else { return nil }
        return String(cString: qpdf_oh_get_name(handle, value))
    }

    private func names(_ array: qpdf_oh) -> [String] {
        (0..<min(qpdf_oh_get_array_n_items(handle, array), 16)).map {
            let item = qpdf_oh_get_array_item(handle, array, $0)
            return qpdf_oh_is_name(handle, item) != 0 ? String(cString: qpdf_oh_get_name(handle, item)) : "?"
        }
    }

    /// An integer entry, clamped to ±2³¹, or 0 when it is missing or not a number.
    private func number(_ dictionary: qpdf_oh, _ key: String) -> Int {
        let value = qpdf_oh_get_key(handle, dictionary, key)
        guard qpdf_oh_is_number(handle, value) != 0 else { return 0 }
        let number = qpdf_oh_get_numeric_value(handle, value)
        return number.isFinite ? Int(max(-2_147_483_648, min(2_147_483_647, number.rounded()))) : 0
    }

    /// The pending error as one line; a wrong password is `.encrypted`.
    private func failure(encryptedIsPassword: Bool = false) -> PDFInputError {
        guard let error = qpdf_get_error(handle) else { return PDFInputError(.malformed, "\(path): is not a readable PDF") }
        let detail = String(cString: qpdf_get_error_message_detail(handle, error))
        if encryptedIsPassword, qpdf_get_error_code(handle, error) == qpdf_e_password {
            return PDFInputError(.encrypted, "\(path): is protected by a password; decrypt it first (qpdf --decrypt --password=… IN OUT)")
        }
        return PDFInputError(.malformed, "\(path): is not a readable PDF (\(detail)); qpdf IN OUT may repair it")
    }
}

/// A page as qpdf reads it.
struct QPDFPage {
    /// The visible area: the crop box within the media box, in points.
    var cropBox: PDFBox
    /// The page's `/Rotate`: 0, 90, 180 or 270 degrees clockwise.
    var rotation: Int
    /// The images in the page's own `/XObject` resources.
    var images: [QPDFImage]
    /// What the page's content draws.
    var content: PageContent
}

/// What an image XObject's dictionary says.
struct QPDFImage {
    /// qpdf's handle, valid while its ``QPDFFile`` is open.
    var handle: qpdf_oh
    /// Its name in the page's `/XObject` resources, without the slash.
    var name: String
    /// The size in samples.
    var width: Int, height: Int
    /// Bits per sample.
    var bitsPerComponent: Int
    /// The filters, outermost first, such as `/DCTDecode`.
    var filters: [String]
    /// Grey, RGB or a palette; nil for another colour space.
    var colourSpace: QPDFColourSpace?
    /// The `/DecodeParms` of the first filter (0 when absent).
    var predictor: Int, predictorColours: Int, predictorColumns: Int, predictorBits: Int
    /// Whether a `/Decode` array, a mask or a soft mask changes the samples as drawn.
    var changesSamples: Bool
}

/// The colour spaces a stored image may keep when it becomes a PNG file.
enum QPDFColourSpace: Equatable {
    /// One sample per pixel.
    case grey
    /// Three samples per pixel.
    case rgb
    /// One index per pixel into a palette of RGB triplets.
    case indexed([UInt8])

    /// Samples per pixel.
    var components: Int { self == .rgb ? 3 : 1 }
}
