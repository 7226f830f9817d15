#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
