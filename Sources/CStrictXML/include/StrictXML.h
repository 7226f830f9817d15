// A strict XML reader over libxml2's SAX2 parser, for layout files (Docs/Import.md, "Strict
// XML"). This header deliberately includes no libxml2 header: libxml2's headers pull in ICU's,
// which clash with the ICU that Foundation carries (Docs/Platform.md, "ICU headers"), so Swift
// sees only these plain C types.
#ifndef LEGIBLE_STRICT_XML_H
#define LEGIBLE_STRICT_XML_H

#include <stddef.h>

/// Why a parse stopped early.
typedef enum {
    StrictXMLStopNone = 0,
    /// An entity declaration (general, parameter or unparsed).
    StrictXMLStopEntity = 1,
    /// A notation declaration.
    StrictXMLStopNotation = 2,
    /// An element or attribute-list declaration (a DTD).
    StrictXMLStopDeclaration = 3,
    /// A callback asked to stop (it recorded its own reason).
    StrictXMLStopCallback = 4,
    /// libxml2 reported a well-formedness or other fatal error.
    StrictXMLStopError = 5,
} StrictXMLStop;

/// The callbacks the Swift side implements; `context` is passed through untouched.
/// Attributes come as `count` pairs of NUL-terminated UTF-8 strings: name, value, name, value…
/// `start_element` returns non-zero to stop the parse.
typedef struct {
    int (*start_element)(void *context, const char *local_name, const char *namespace_uri, int count,
                         const char *const *attributes, int line, int column);
    void (*end_element)(void *context);
    void (*characters)(void *context, const char *bytes, int length);
} StrictXMLCallbacks;

/// How the parse ended: `stop`, the name a declaration declared, and where.
typedef struct {
    StrictXMLStop stop;
    int line;
    int column;
    char name[256];
    char message[512];
} StrictXMLResult;

/// Parses `length` bytes (any encoding libxml2 detects) with no DTD loading, no network and no
/// entity substitution, feeding them in chunks; returns 0 when the document was well formed
/// and complete, else fills `result`.
int strict_xml_parse(const char *bytes, size_t length, const StrictXMLCallbacks *callbacks, void *context,
                     StrictXMLResult *result);

#endif
