// The GObject side of the AT-SPI bridge (Docs/ATSPI.md). Three AtkObject subclasses hold one
// node number each: LegibleNode (tree, component, relations, states: the application and the
// pages), LegibleTextNode (adds Text and Action: headings, paragraphs, the announcer) and
// LegibleDocumentNode (adds Document). Every answer comes from Swift through the callback table; nothing is derived
// here, so the text-input contract has one implementation.
//
// The state below is global because ATK is: atk-bridge registers one application per process,
// and ATK asks a process-wide hook for its root object, so there is one bridge per process and
// one table, node map and focus for it (Docs/ATSPI.md, "Tree").
#include "LegibleATK.h"

#include <atk-bridge.h>
#include <atk/atk.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static LegibleCallbacks table;
static GHashTable *nodes;
static GMainLoop *loop;
static int focused = -1;

typedef struct {
    AtkObject parent;
    int node;
    char *name;
} LegibleNode;
typedef struct {
    AtkObjectClass parent;
} LegibleNodeClass;
typedef LegibleNode LegibleTextNode;
typedef LegibleNodeClass LegibleTextNodeClass;
typedef LegibleNode LegibleEditableTextNode;
typedef LegibleNodeClass LegibleEditableTextNodeClass;
typedef LegibleNode LegibleDocumentNode;
typedef LegibleNodeClass LegibleDocumentNodeClass;

static void component_init(AtkComponentIface *iface);
static void text_init(AtkTextIface *iface);
static void action_init(AtkActionIface *iface);
static void document_init(AtkDocumentIface *iface);
static void editable_init(AtkEditableTextIface *iface);

G_DEFINE_TYPE_WITH_CODE(LegibleNode, legible_node, ATK_TYPE_OBJECT, G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_init))
G_DEFINE_TYPE_WITH_CODE(
    LegibleTextNode, legible_text_node, legible_node_get_type(), G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_init)
        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_init))
// A text node of a notebook that may be corrected (Docs/Editing.md, "The viewer's edit mode").
G_DEFINE_TYPE_WITH_CODE(
    LegibleEditableTextNode, legible_editable_text_node, legible_text_node_get_type(),
    G_IMPLEMENT_INTERFACE(ATK_TYPE_EDITABLE_TEXT, editable_init))
G_DEFINE_TYPE_WITH_CODE(
    LegibleDocumentNode, legible_document_node, legible_node_get_type(), G_IMPLEMENT_INTERFACE(ATK_TYPE_DOCUMENT, document_init))

static int node_of(gpointer object) { return ((LegibleNode *)object)->node; }

static AtkRole atk_role(int role) {
    switch (role) {
    case LegibleRoleApplication: return ATK_ROLE_APPLICATION;
    case LegibleRoleDocument: return ATK_ROLE_DOCUMENT_FRAME;
    case LegibleRolePage: return ATK_ROLE_PAGE;
    case LegibleRoleHeading: return ATK_ROLE_HEADING;
    case LegibleRoleParagraph: return ATK_ROLE_PARAGRAPH;
    default: return ATK_ROLE_NOTIFICATION;
    }
}

// The object for `node`, created on first use and kept for the life of the process (pages and
// regions are exposed lazily: nothing exists until a client asks for it).
static AtkObject *object_for(int node) {
    // Before legible_atk_attach there is no table to ask and no bus to tell: a tree used
    // without a bridge (the viewer's keys tested in process) sends events to nobody.
    if (node < 0 || !nodes) return NULL;
    AtkObject *object = g_hash_table_lookup(nodes, GINT_TO_POINTER(node));
    if (object) return object;
    int role = table.role(table.context, node);
    // A page holds its regions and has no text of its own: Orca's flat review reads every
    // object with text on screen, so a page's text would be read a second time (Docs/ATSPI.md,
    // "Tree").
    int editable = table.editable && table.editable(table.context) && role != LegibleRoleNotification;
    GType type = role == LegibleRoleDocument                                 ? legible_document_node_get_type()
                 : role == LegibleRoleApplication || role == LegibleRolePage ? legible_node_get_type()
                 : editable                                                  ? legible_editable_text_node_get_type()
                                                                             : legible_text_node_get_type();
    object = g_object_new(type, NULL);
    ((LegibleNode *)object)->node = node;
    object->role = atk_role(role);
    g_hash_table_insert(nodes, GINT_TO_POINTER(node), object);
    int parent = table.parent(table.context, node);
    if (parent >= 0) atk_object_set_parent(object, object_for(parent));
    return object;
}

// MARK: AtkObject

static const gchar *node_name(AtkObject *object) {
    LegibleNode *self = (LegibleNode *)object;
    char *name = table.name(table.context, self->node);
    g_free(self->name);
    self->name = g_strdup(name ? name : "");
    free(name);
    return self->name;
}

static gint node_child_count(AtkObject *object) { return table.childCount(table.context, node_of(object)); }

static AtkObject *node_ref_child(AtkObject *object, gint index) {
    AtkObject *child = object_for(table.child(table.context, node_of(object), index));
    return child ? g_object_ref(child) : NULL;
}

static gint node_index_in_parent(AtkObject *object) { return table.indexInParent(table.context, node_of(object)); }

static AtkStateSet *node_states(AtkObject *object) {
    AtkStateSet *states = ATK_OBJECT_CLASS(legible_node_parent_class)->ref_state_set(object);
    AtkStateType common[] = {ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING};
    atk_state_set_add_states(states, common, 4);
    if (ATK_IS_TEXT(object)) {
        AtkStateType text[] = {ATK_STATE_SELECTABLE_TEXT, ATK_STATE_MULTI_LINE, ATK_STATE_FOCUSABLE};
        atk_state_set_add_states(states, text, 3);
        atk_state_set_add_state(states, ATK_IS_EDITABLE_TEXT(object) ? ATK_STATE_EDITABLE : ATK_STATE_READ_ONLY);
    }
    if (node_of(object) == focused) atk_state_set_add_state(states, ATK_STATE_FOCUSED);
    return states;
}

static AtkRelationSet *node_relations(AtkObject *object) {
    AtkRelationSet *relations = ATK_OBJECT_CLASS(legible_node_parent_class)->ref_relation_set(object);
    int next = table.flowsTo(table.context, node_of(object));
    int previous = table.flowsFrom(table.context, node_of(object));
    if (next >= 0) atk_relation_set_add_relation_by_type(relations, ATK_RELATION_FLOWS_TO, object_for(next));
    if (previous >= 0) atk_relation_set_add_relation_by_type(relations, ATK_RELATION_FLOWS_FROM, object_for(previous));
    return relations;
}

static AtkAttribute *attribute(const char *name, const char *value) {
    AtkAttribute *attribute = g_new(AtkAttribute, 1);
    attribute->name = g_strdup(name);
    attribute->value = g_strdup(value);
    return attribute;
}

static AtkAttributeSet *node_attributes(AtkObject *object) {
    AtkAttributeSet *set = NULL;
    int level = table.headingLevel(table.context, node_of(object));
    if (level > 0) {
        char text[16];
        snprintf(text, sizeof text, "%d", level);
        set = g_slist_append(set, attribute("level", text));
    }
    if (table.role(table.context, node_of(object)) == LegibleRoleNotification) {
        set = g_slist_append(set, attribute("live", "polite"));
        set = g_slist_append(set, attribute("container-live", "polite"));
        set = g_slist_append(set, attribute("atomic", "true"));
    }
    return set;
}

static void node_finalize(GObject *object) {
    g_free(((LegibleNode *)object)->name);
    G_OBJECT_CLASS(legible_node_parent_class)->finalize(object);
}

static void legible_node_class_init(LegibleNodeClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = node_name;
    atk->get_n_children = node_child_count;
    atk->ref_child = node_ref_child;
    atk->get_index_in_parent = node_index_in_parent;
    atk->ref_state_set = node_states;
    atk->ref_relation_set = node_relations;
    atk->get_attributes = node_attributes;
    G_OBJECT_CLASS(klass)->finalize = node_finalize;
}
static void legible_node_init(LegibleNode *self) { self->node = -1; }
static void legible_text_node_class_init(LegibleTextNodeClass *klass) { (void)klass; }
static void legible_text_node_init(LegibleTextNode *self) { (void)self; }
static void legible_editable_text_node_class_init(LegibleEditableTextNodeClass *klass) { (void)klass; }
static void legible_editable_text_node_init(LegibleEditableTextNode *self) { (void)self; }
static void legible_document_node_class_init(LegibleDocumentNodeClass *klass) { (void)klass; }
static void legible_document_node_init(LegibleDocumentNode *self) { (void)self; }

// MARK: Coordinates (Docs/ATSPI.md, "Coordinates": Swift answers in screen pixels)

static LegibleRect origin_of(int node, AtkCoordType type) {
    LegibleRect origin = {0, 0, 0, 0};
    if (type == ATK_XY_WINDOW) origin = table.windowFrame(table.context);
    if (type == ATK_XY_PARENT) {
        int parent = table.parent(table.context, node);
        if (parent >= 0) origin = table.extents(table.context, parent);
    }
    return origin;
}

static void put_rect(LegibleRect rect, LegibleRect origin, gint *x, gint *y, gint *width, gint *height) {
    if (x) *x = (gint)(rect.x - origin.x + 0.5);
    if (y) *y = (gint)(rect.y - origin.y + 0.5);
    if (width) *width = (gint)(rect.width + 0.5);
    if (height) *height = (gint)(rect.height + 0.5);
}

// MARK: AtkComponent

static void component_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    int node = node_of(component);
    put_rect(table.extents(table.context, node), origin_of(node, type), x, y, width, height);
}

static AtkObject *component_at_point(AtkComponent *component, gint x, gint y, AtkCoordType type) {
    int node = node_of(component);
    LegibleRect origin = origin_of(node, type);
    AtkObject *child = object_for(table.childAtPoint(table.context, node, x + origin.x, y + origin.y));
    return child ? g_object_ref(child) : NULL;
}

static gboolean component_grab_focus(AtkComponent *component) {
    legible_atk_focus(node_of(component));
    return TRUE;
}

static void component_init(AtkComponentIface *iface) {
    iface->get_extents = component_extents;
    iface->ref_accessible_at_point = component_at_point;
    iface->grab_focus = component_grab_focus;
}

// MARK: AtkText

static gchar *owned(char *text) {
    gchar *copy = g_strdup(text ? text : "");
    free(text);
    return copy;
}

static gchar *text_get(AtkText *text, gint start, gint end) {
    return owned(table.text(table.context, node_of(text), start, end));
}

static gint text_count(AtkText *text) { return table.characterCount(table.context, node_of(text)); }

static gunichar text_character(AtkText *text, gint offset) {
    gchar *character = text_get(text, offset, offset + 1);
    gunichar value = *character ? g_utf8_get_char(character) : 0;
    g_free(character);
    return value;
}

static gchar *unit_text(AtkText *text, gint offset, int unit, int edge, int shift, gint *start, gint *end) {
    int lower = 0, upper = 0;
    table.unitAt(table.context, node_of(text), offset, unit, edge, shift, &lower, &upper);
    if (start) *start = lower;
    if (end) *end = upper;
    return text_get(text, lower, upper);
}

static void boundary_unit(AtkTextBoundary boundary, int *unit, int *edge) {
    switch (boundary) {
    case ATK_TEXT_BOUNDARY_CHAR: *unit = LegibleUnitCharacter; *edge = 0; break;
    case ATK_TEXT_BOUNDARY_WORD_START: *unit = LegibleUnitWord; *edge = 0; break;
    case ATK_TEXT_BOUNDARY_WORD_END: *unit = LegibleUnitWord; *edge = 1; break;
    case ATK_TEXT_BOUNDARY_SENTENCE_START: *unit = LegibleUnitSentence; *edge = 0; break;
    case ATK_TEXT_BOUNDARY_SENTENCE_END: *unit = LegibleUnitSentence; *edge = 1; break;
    case ATK_TEXT_BOUNDARY_LINE_START: *unit = LegibleUnitLine; *edge = 0; break;
    default: *unit = LegibleUnitLine; *edge = 1; break;
    }
}

static gchar *text_at_boundary(AtkText *text, gint offset, AtkTextBoundary boundary, int shift, gint *start, gint *end) {
    int unit, edge;
    boundary_unit(boundary, &unit, &edge);
    return unit_text(text, offset, unit, edge, shift, start, end);
}

static gchar *text_at(AtkText *t, gint o, AtkTextBoundary b, gint *s, gint *e) { return text_at_boundary(t, o, b, 0, s, e); }
static gchar *text_before(AtkText *t, gint o, AtkTextBoundary b, gint *s, gint *e) { return text_at_boundary(t, o, b, -1, s, e); }
static gchar *text_after(AtkText *t, gint o, AtkTextBoundary b, gint *s, gint *e) { return text_at_boundary(t, o, b, 1, s, e); }

static gchar *text_string_at(AtkText *text, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    int unit = granularity == ATK_TEXT_GRANULARITY_CHAR       ? LegibleUnitCharacter
               : granularity == ATK_TEXT_GRANULARITY_WORD     ? LegibleUnitWord
               : granularity == ATK_TEXT_GRANULARITY_SENTENCE ? LegibleUnitSentence
               : granularity == ATK_TEXT_GRANULARITY_LINE     ? LegibleUnitLine
                                                              : LegibleUnitParagraph;
    return unit_text(text, offset, unit, 0, 0, start, end);
}

static gint text_caret(AtkText *text) { return table.caretOffset(table.context, node_of(text)); }

static gboolean text_set_caret(AtkText *text, gint offset) {
    return table.setCaretOffset(table.context, node_of(text), offset) != 0;
}

static void text_range_extents(AtkText *text, gint start, gint end, AtkCoordType type, AtkTextRectangle *rect) {
    int node = node_of(text);
    put_rect(table.rangeExtents(table.context, node, start, end), origin_of(node, type), &rect->x, &rect->y, &rect->width,
             &rect->height);
}

static void text_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    int node = node_of(text);
    put_rect(table.rangeExtents(table.context, node, offset, offset + 1), origin_of(node, type), x, y, width, height);
}

static gint text_offset_at_point(AtkText *text, gint x, gint y, AtkCoordType type) {
    int node = node_of(text);
    LegibleRect origin = origin_of(node, type);
    return table.offsetAtPoint(table.context, node, x + origin.x, y + origin.y);
}

static AtkTextRange **text_bounded_ranges(AtkText *text, AtkTextRectangle *rect, AtkCoordType type, AtkTextClipType x_clip,
                                          AtkTextClipType y_clip) {
    (void)x_clip;
    (void)y_clip;
    int node = node_of(text);
    LegibleRect origin = origin_of(node, type);
    // at-spi2-atk (2.46 and since) reads GetBoundedRanges' width and height in the wrong order,
    // so the rectangle arrives with them swapped; swap them back (Docs/ATSPI.md, "Platform
    // quirks").
    LegibleRect area = {rect->x + origin.x, rect->y + origin.y, rect->height, rect->width};
    int count = table.boundedRanges(table.context, node, area, NULL, NULL, 0);
    int *starts = g_new0(int, count + 1);
    int *ends = g_new0(int, count + 1);
    count = table.boundedRanges(table.context, node, area, starts, ends, count);
    AtkTextRange **ranges = g_new0(AtkTextRange *, count + 1);
    for (int index = 0; index < count; index++) {
        AtkTextRange *range = g_new0(AtkTextRange, 1);
        range->start_offset = starts[index];
        range->end_offset = ends[index];
        range->content = text_get(text, starts[index], ends[index]);
        text_range_extents(text, starts[index], ends[index], type, &range->bounds);
        ranges[index] = range;
    }
    g_free(starts);
    g_free(ends);
    return ranges;
}

static gint text_selection_count(AtkText *text) { return table.selectionCount(table.context, node_of(text)); }

static gchar *text_selection(AtkText *text, gint index, gint *start, gint *end) {
    int lower = 0, upper = 0;
    if (!table.selection(table.context, node_of(text), index, &lower, &upper)) return NULL;
    *start = lower;
    *end = upper;
    return text_get(text, lower, upper);
}

static gboolean text_add_selection(AtkText *text, gint start, gint end) {
    return table.setSelection(table.context, node_of(text), -1, start, end) != 0;
}
static gboolean text_set_selection(AtkText *text, gint index, gint start, gint end) {
    return table.setSelection(table.context, node_of(text), index, start, end) != 0;
}
static gboolean text_remove_selection(AtkText *text, gint index) {
    return table.removeSelection(table.context, node_of(text), index) != 0;
}

// Orca speaks a line run by run, and drops a run that is empty: every run is in the page's
// language, and an uncertain word is a run of its own marked `invalid: spelling`, which Orca
// announces as "misspelled" (Docs/ATSPI.md, "Attributes").
static AtkAttributeSet *text_language(AtkText *text) {
    gchar *language = owned(table.language(table.context, node_of(text)));
    AtkAttributeSet *set = g_slist_append(NULL, attribute("language", language));
    g_free(language);
    return set;
}

static AtkAttributeSet *text_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    int from = 0, to = text_count(text);
    int uncertain = table.attributeRun ? table.attributeRun(table.context, node_of(text), offset, &from, &to) : 0;
    *start = from;
    *end = to;
    AtkAttributeSet *set = text_language(text);
    if (uncertain) set = g_slist_append(set, attribute("invalid", "spelling"));
    return set;
}

static void text_init(AtkTextIface *iface) {
    iface->get_run_attributes = text_run_attributes;
    iface->get_default_attributes = text_language;
    iface->get_text = text_get;
    iface->get_character_count = text_count;
    iface->get_character_at_offset = text_character;
    iface->get_text_at_offset = text_at;
    iface->get_text_before_offset = text_before;
    iface->get_text_after_offset = text_after;
    iface->get_string_at_offset = text_string_at;
    iface->get_caret_offset = text_caret;
    iface->set_caret_offset = text_set_caret;
    iface->get_character_extents = text_character_extents;
    iface->get_range_extents = text_range_extents;
    iface->get_offset_at_point = text_offset_at_point;
    iface->get_bounded_ranges = text_bounded_ranges;
    iface->get_n_selections = text_selection_count;
    iface->get_selection = text_selection;
    iface->add_selection = text_add_selection;
    iface->set_selection = text_set_selection;
    iface->remove_selection = text_remove_selection;
}

// MARK: AtkEditableText (code points, as AtkText)

static void editable_set_contents(AtkEditableText *text, const gchar *string) {
    table.editText(table.context, node_of(text), 0, -1, string ? string : "");
}

// `length` counts bytes of `string` (-1: up to its NUL); `position` moves past what was
// inserted, as ATK asks.
static void editable_insert(AtkEditableText *text, const gchar *string, gint length, gint *position) {
    if (!string || !position) return;
    gchar *piece = length < 0 ? g_strdup(string) : g_strndup(string, (gsize)length);
    if (table.editText(table.context, node_of(text), *position, *position, piece)) *position += (gint)g_utf8_strlen(piece, -1);
    g_free(piece);
}

static void editable_delete(AtkEditableText *text, gint start, gint end) {
    table.editText(table.context, node_of(text), start, end, "");
}

static void editable_init(AtkEditableTextIface *iface) {
    iface->set_text_contents = editable_set_contents;
    iface->insert_text = editable_insert;
    iface->delete_text = editable_delete;
}

// MARK: AtkAction

static gint action_count(AtkAction *action) { return table.actionCount(table.context, node_of(action)); }
static gboolean action_do(AtkAction *action, gint index) { return table.doAction(table.context, node_of(action), index) != 0; }

static const gchar *action_name(AtkAction *action, gint index) {
    // ATK keeps the returned name; one string per action index is cached on the object.
    char key[32];
    snprintf(key, sizeof key, "legible-action-%d", index);
    gchar *name = owned(table.actionName(table.context, node_of(action), index));
    g_object_set_data_full(G_OBJECT(action), key, name, g_free);
    return name;
}

static void action_init(AtkActionIface *iface) {
    iface->get_n_actions = action_count;
    iface->do_action = action_do;
    iface->get_name = action_name;
    iface->get_localized_name = action_name;
    iface->get_description = action_name;
}

// MARK: AtkDocument

static gint document_page_count(AtkDocument *document) {
    (void)document;
    return table.pageCount(table.context);
}
static gint document_current_page(AtkDocument *document) {
    (void)document;
    return table.currentPage(table.context);
}

static void document_init(AtkDocumentIface *iface) {
    iface->get_page_count = document_page_count;
    iface->get_current_page_number = document_current_page;
}

// MARK: Registration and the main loop

static AtkObject *get_root(void) { return object_for(0); }
static const gchar *toolkit_name(void) { return "legible"; }
static const gchar *toolkit_version(void) { return "1"; }

static gboolean quit(gpointer data) {
    (void)data;
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

static gboolean on_input(GIOChannel *channel, GIOCondition condition, gpointer data) {
    (void)channel;
    (void)data;
    char buffer[256];
    ssize_t count = (condition & G_IO_IN) ? read(STDIN_FILENO, buffer, sizeof buffer) : 0;
    if (count > 0) return G_SOURCE_CONTINUE;
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

void legible_atk_attach(const LegibleCallbacks *callbacks) {
    table = *callbacks;
    if (!nodes) nodes = g_hash_table_new(g_direct_hash, g_direct_equal);
}

void *legible_atk_object(int node) { return object_for(node); }

void legible_atk_set_parent(int node, void *parent) {
    AtkObject *object = object_for(node);
    if (object && parent) atk_object_set_parent(object, ATK_OBJECT(parent));
}

// A bus that accepts the connection and never answers would hold the registration's
// synchronous calls for minutes. The registration gets a deadline instead: past it, the process
// says so on one line and exits 69, what a missing bus gives (Docs/ATSPI.md, "Lifetime and
// errors"). Only async-signal-safe calls are made in the handler.
static int message_descriptor = STDERR_FILENO;

void legible_atk_set_message_descriptor(int descriptor) { message_descriptor = descriptor; }

static void registration_timed_out(int signal_number) {
    (void)signal_number;
    static const char message[] = "legible: the accessibility bus did not answer within " LEGIBLE_BUS_DEADLINE_TEXT
                                  " seconds (is its daemon hung?)\n";
    ssize_t written = write(message_descriptor, message, sizeof message - 1);
    (void)written;
    _exit(69);
}

void legible_atk_bus_deadline(int on) {
    if (on) {
        signal(SIGALRM, registration_timed_out);
        alarm(LEGIBLE_BUS_DEADLINE);
    } else {
        alarm(0);
        signal(SIGALRM, SIG_DFL);
    }
}

int legible_atk_start(const LegibleCallbacks *callbacks, char **error) {
    legible_atk_attach(callbacks);
    if (!getenv("DBUS_SESSION_BUS_ADDRESS") && !getenv("AT_SPI_BUS_ADDRESS")) {
        *error = strdup("no accessibility bus: neither DBUS_SESSION_BUS_ADDRESS nor AT_SPI_BUS_ADDRESS is set "
                        "(run inside a desktop session, or under dbus-run-session)");
        return -1;
    }
    AtkUtilClass *util = ATK_UTIL_CLASS(g_type_class_ref(ATK_TYPE_UTIL));
    util->get_root = get_root;
    util->get_toolkit_name = toolkit_name;
    util->get_toolkit_version = toolkit_version;
    legible_atk_bus_deadline(1);
    int status = atk_bridge_adaptor_init(NULL, NULL);
    legible_atk_bus_deadline(0);
    if (status != 0) {
        *error = strdup("could not register on the accessibility bus (is at-spi2-core installed?)");
        return -1;
    }
    // The loop's sources exist before the caller says `ready`, so a signal sent the moment a
    // client sees the application ends the loop rather than the process.
    loop = g_main_loop_new(NULL, FALSE);
    g_unix_signal_add(SIGINT, quit, NULL);
    g_unix_signal_add(SIGTERM, quit, NULL);
    GIOChannel *input = g_io_channel_unix_new(STDIN_FILENO);
    g_io_add_watch(input, G_IO_IN | G_IO_HUP | G_IO_ERR | G_IO_NVAL, on_input, NULL);
    g_io_channel_unref(input);
    return 0;
}

void legible_atk_run(void) {
    g_main_loop_run(loop);
    atk_bridge_adaptor_cleanup();
}

// MARK: Events

/// An object already made for `node`, else NULL (also before legible_atk_attach).
static AtkObject *existing_object(int node) { return nodes ? g_hash_table_lookup(nodes, GINT_TO_POINTER(node)) : NULL; }

void legible_atk_caret_moved(int node, int offset) {
    AtkObject *object = existing_object(node);
    if (object) g_signal_emit_by_name(object, "text-caret-moved", offset);
}

// The newer signals carry the text itself, which at-spi2-atk passes on as the event's data:
// Orca speaks the character a BackSpace removed from it, since it is gone from the text by the
// time Orca could ask (Docs/Editing.md, "The viewer's edit mode").
void legible_atk_text_changed(int node, int offset, const char *removed, const char *inserted) {
    AtkObject *object = existing_object(node);
    if (!object) return;
    gint removedLength = (gint)g_utf8_strlen(removed, -1), insertedLength = (gint)g_utf8_strlen(inserted, -1);
    if (removedLength > 0) g_signal_emit_by_name(object, "text-remove", offset, removedLength, removed);
    if (insertedLength > 0) g_signal_emit_by_name(object, "text-insert", offset, insertedLength, inserted);
}

static void reparent_one(gpointer key, gpointer value, gpointer data) {
    int node = GPOINTER_TO_INT(key), first = GPOINTER_TO_INT(data);
    if (node < first) return;
    int parent = table.parent(table.context, node);
    AtkObject *object = value;
    if (parent >= 0) atk_object_set_parent(object, object_for(parent));
}

void legible_atk_reparent(int first) {
    if (nodes) g_hash_table_foreach(nodes, reparent_one, GINT_TO_POINTER(first));
}

void legible_atk_selection_changed(int node) {
    AtkObject *object = existing_object(node);
    if (object) g_signal_emit_by_name(object, "text-selection-changed");
}

// Orca speaks a notification when it becomes showing; `text-changed::insert` is for other
// clients, since Orca presents inserted text only in the focused object (Docs/ATSPI.md,
// "Announcements").
void legible_atk_announce(int status, const char *text) {
    AtkObject *object = object_for(status);
    if (!object) return;
    gint length = (gint)g_utf8_strlen(text, -1);
    g_signal_emit_by_name(object, "text-changed::insert", 0, length);
    g_object_notify(G_OBJECT(object), "accessible-name");
    atk_object_notify_state_change(object, ATK_STATE_SHOWING, TRUE);
}

void legible_atk_child_replaced(int node, int index, int removed, int added) {
    AtkObject *object = existing_object(node);
    if (!object) return;
    AtkObject *old = existing_object(removed);
    if (old) g_signal_emit_by_name(object, "children-changed::remove", index, old);
    AtkObject *new = object_for(added);
    if (new) g_signal_emit_by_name(object, "children-changed::add", index, new);
}

void legible_atk_page_changed(int document, int page) {
    AtkObject *object = object_for(document);
    if (object && g_signal_lookup("page-changed", G_OBJECT_TYPE(object))) g_signal_emit_by_name(object, "page-changed", page);
}

void legible_atk_focus(int node) {
    int previous = focused;
    focused = node;
    AtkObject *old = existing_object(previous);
    if (old && previous != node) atk_object_notify_state_change(old, ATK_STATE_FOCUSED, FALSE);
    AtkObject *object = object_for(node);
    if (object) atk_object_notify_state_change(object, ATK_STATE_FOCUSED, TRUE);
}
