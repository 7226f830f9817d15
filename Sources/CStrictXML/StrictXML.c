// libxml2's SAX2 interface, narrowed to what a strict layout reader needs. See StrictXML.h.
#include "StrictXML.h"

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const StrictXMLCallbacks *callbacks;
    void *context;
    StrictXMLResult *result;
    xmlParserCtxtPtr parser;
} Session;

static void stop_with(Session *session, StrictXMLStop stop, const xmlChar *name) {
    if (session->result->stop != StrictXMLStopNone) return;
    session->result->stop = stop;
    session->result->line = xmlSAX2GetLineNumber(session->parser);
    session->result->column = xmlSAX2GetColumnNumber(session->parser);
    if (name) snprintf(session->result->name, sizeof session->result->name, "%s", (const char *)name);
    xmlStopParser(session->parser);
}

// Without entity substitution libxml2 hands an attribute value's "&" (written `&amp;` or
// `&#38;`) over as the five characters "&#38;", so that a consumer can tell it from an entity
// reference. Entity declarations are refused, so no other reference can remain in a value, and
// "&#38;" always means "&" (Docs/Import.md, "Strict XML"). Decoded in place.
static void decode_ampersands(char *value) {
    char *write = value;
    for (const char *read = value; *read;) {
        if (strncmp(read, "&#38;", 5) == 0) {
            *write++ = '&';
            read += 5;
        } else {
            *write++ = *read++;
        }
    }
    *write = 0;
}

static void on_start(void *user, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri,
                     int namespace_count, const xmlChar **namespaces, int count, int defaulted,
                     const xmlChar **attributes) {
    (void)prefix; (void)namespace_count; (void)namespaces; (void)defaulted;
    Session *session = user;
    if (session->result->stop != StrictXMLStopNone) return;
    // Five pointers per attribute: local name, prefix, URI, value start, value end. Values are
    // not NUL-terminated, so each is copied; every copy is freed below.
    const char **pairs = calloc((size_t)count * 2 + 1, sizeof(char *));
    if (!pairs) { stop_with(session, StrictXMLStopCallback, NULL); return; }
    int complete = 1;
    for (int index = 0; index < count; index++) {
        const xmlChar **attribute = attributes + index * 5;
        size_t length = (size_t)(attribute[4] - attribute[3]);
        char *value = malloc(length + 1);
        if (!value) { complete = 0; break; }
        memcpy(value, attribute[3], length);
        value[length] = 0;
        decode_ampersands(value);
        pairs[index * 2] = (const char *)attribute[0];
        pairs[index * 2 + 1] = value;
    }
    int stop = !complete || session->callbacks->start_element(session->context, (const char *)local_name,
                                                              (const char *)uri, count, pairs,
                                                              xmlSAX2GetLineNumber(session->parser),
                                                              xmlSAX2GetColumnNumber(session->parser));
    for (int index = 0; index < count; index++) free((void *)pairs[index * 2 + 1]);
    free(pairs);
    if (stop) stop_with(session, StrictXMLStopCallback, NULL);
}

static void on_end(void *user, const xmlChar *local_name, const xmlChar *prefix, const xmlChar *uri) {
    (void)local_name; (void)prefix; (void)uri;
    Session *session = user;
    if (session->result->stop == StrictXMLStopNone) session->callbacks->end_element(session->context);
}

static void on_characters(void *user, const xmlChar *bytes, int length) {
    Session *session = user;
    if (session->result->stop == StrictXMLStopNone) session->callbacks->characters(session->context, (const char *)bytes, length);
}

static void on_entity(void *user, const xmlChar *name, int type, const xmlChar *public_id, const xmlChar *system_id,
                      xmlChar *content) {
    (void)type; (void)public_id; (void)system_id; (void)content;
    stop_with(user, StrictXMLStopEntity, name);
}

static void on_unparsed_entity(void *user, const xmlChar *name, const xmlChar *public_id, const xmlChar *system_id,
                               const xmlChar *notation) {
    (void)public_id; (void)system_id; (void)notation;
    stop_with(user, StrictXMLStopEntity, name);
}

static void on_notation(void *user, const xmlChar *name, const xmlChar *public_id, const xmlChar *system_id) {
    (void)public_id; (void)system_id;
    stop_with(user, StrictXMLStopNotation, name);
}

static void on_element(void *user, const xmlChar *name, int type, xmlElementContentPtr content) {
    (void)type; (void)content;
    stop_with(user, StrictXMLStopDeclaration, name);
}

static void on_attribute(void *user, const xmlChar *element, const xmlChar *name, int type, int def,
                         const xmlChar *default_value, xmlEnumerationPtr tree) {
    (void)element; (void)type; (void)def; (void)default_value;
    if (tree) xmlFreeEnumeration(tree);  // the handler owns it (libxml2's SAX2.c does the same)
    stop_with(user, StrictXMLStopDeclaration, name);
}

static void on_error(void *user, xmlErrorPtr error) {
    Session *session = user;
    if (!error || error->level < XML_ERR_ERROR || session->result->stop != StrictXMLStopNone) return;
    session->result->stop = StrictXMLStopError;
    session->result->line = error->line;
    session->result->column = error->int2;
    snprintf(session->result->message, sizeof session->result->message, "%s", error->message ? error->message : "");
    size_t length = strlen(session->result->message);
    while (length > 0 && (session->result->message[length - 1] == '\n' || session->result->message[length - 1] == ' ')) {
        session->result->message[--length] = 0;
    }
}

static pthread_once_t initialised = PTHREAD_ONCE_INIT;
static void initialise(void) { xmlInitParser(); }

int strict_xml_parse(const char *bytes, size_t length, const StrictXMLCallbacks *callbacks, void *context,
                     StrictXMLResult *result) {
    pthread_once(&initialised, initialise);
    memset(result, 0, sizeof *result);
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = on_start;
    handler.endElementNs = on_end;
    handler.characters = on_characters;
    handler.cdataBlock = on_characters;
    handler.entityDecl = on_entity;
    handler.unparsedEntityDecl = on_unparsed_entity;
    handler.notationDecl = on_notation;
    handler.elementDecl = on_element;
    handler.attributeDecl = on_attribute;
    handler.serror = on_error;
    Session session = {callbacks, context, result, NULL};
    session.parser = xmlCreatePushParserCtxt(&handler, &session, NULL, 0, NULL);
    if (!session.parser) {
        result->stop = StrictXMLStopError;
        snprintf(result->message, sizeof result->message, "the XML parser could not start");
        return 1;
    }
    // No DTD loading, no network, no entity substitution. HUGE lifts the 10 MB text-node limit;
    // the caller caps the file size instead.
    xmlCtxtUseOptions(session.parser, XML_PARSE_NONET | XML_PARSE_HUGE);
    const size_t chunk = 1 << 20;
    size_t offset = 0;
    do {
        size_t count = length - offset < chunk ? length - offset : chunk;
        int last = offset + count == length;
        int status = xmlParseChunk(session.parser, bytes + offset, (int)count, last);
        offset += count;
        if (status != 0 || result->stop != StrictXMLStopNone) break;
    } while (offset < length);
    if (result->stop == StrictXMLStopNone && !session.parser->wellFormed) {
        result->stop = StrictXMLStopError;
        result->line = xmlSAX2GetLineNumber(session.parser);
        result->column = xmlSAX2GetColumnNumber(session.parser);
    }
    xmlFreeParserCtxt(session.parser);
    return result->stop == StrictXMLStopNone ? 0 : 1;
}
