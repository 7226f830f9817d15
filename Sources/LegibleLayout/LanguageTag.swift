/// BCP 47 language tags for Tesseract's language codes: `<html lang>` (`Docs/Web.md`,
/// "Structure") and the AT-SPI `language` text attribute (`Docs/ATSPI.md`, "Attributes"). Tesseract names languages by ISO 639-2 codes plus a few of its own (`chi_sim`);
/// browsers and screen readers pick voices by BCP 47 tags, which use ISO 639-1 where one exists.
public enum LanguageTag {
    /// Tesseract codes whose BCP 47 tag differs from the code itself.
    static let table: [String: String] = [
        "afr": "af", "ara": "ar", "bel": "be", "ben": "bn", "bul": "bg", "cat": "ca", "ces": "cs", "chi_sim": "zh-Hans",
        "chi_tra": "zh-Hant", "cym": "cy", "dan": "da", "deu": "de", "ell": "el", "eng": "en", "epo": "eo", "est": "et",
        "eus": "eu", "fas": "fa", "fin": "fi", "fra": "fr", "gle": "ga", "glg": "gl", "guj": "gu", "heb": "he", "hin": "hi",
        "hrv": "hr", "hun": "hu", "hye": "hy", "ind": "id", "isl": "is", "ita": "it", "jpn": "ja", "kan": "kn", "kat": "ka",
        "kor": "ko", "lat": "la", "lav": "lv", "lit": "lt", "mal": "ml", "mar": "mr", "mkd": "mk", "msa": "ms", "nld": "nl",
        "nor": "no", "pan": "pa", "pol": "pl", "por": "pt", "ron": "ro", "rus": "ru", "slk": "sk", "slv": "sl", "spa": "es",
        "sqi": "sq", "srp": "sr", "swa": "sw", "swe": "sv", "tam": "ta", "tel": "te", "tha": "th", "tur": "tr", "ukr": "uk",
        "urd": "ur", "vie": "vi",
    ]

    /// The tag for the first language of a Tesseract language list (`"eng+deu"` → `"en"`);
    /// another three-letter code is itself a valid tag; anything else, or no list, is `"und"`
    /// (undetermined), which is still valid where a tag is required.
    public static func forLanguages(_ languages: String?) -> String {
        guard let first = languages?.split(separator: "+").first.map(String.init) else { return "und" }
        if let tag = table[first] { return tag }
        let isCode = first.utf8.count == 3 && first.utf8.allSatisfy { (0x61...0x7A).contains($0) }
        return isCode ? first : "und"
    }
}
