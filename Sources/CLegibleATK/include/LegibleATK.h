// The GObject side of Legible's AT-SPI bridge (Docs/ATSPI.md): AtkObject subclasses whose
// every answer comes from Swift through the table below. The header uses plain C types only,
// so Swift never imports GLib or ATK.
#ifndef LEGIBLE_ATK_H
#define LEGIBLE_ATK_H

#ifdef __cplusplus
extern "C" {
#endif

/// The roles the bridge exposes.
typedef enum {
    LegibleRoleApplication = 0,
    LegibleRoleDocument = 1,
    LegibleRolePage = 2,
    LegibleRoleHeading = 3,
    LegibleRoleParagraph = 4,
    /// The announcer: a notification that becomes showing with each announcement, which is
    /// what Orca speaks outside web content (Docs/ATSPI.md, "Announcements").
    LegibleRoleNotification = 5,
} LegibleRole;

/// Text units for the old boundary calls and the new granularity calls.
typedef enum {
    LegibleUnitCharacter = 0,
    LegibleUnitWord = 1,
    LegibleUnitSentence = 2,
    LegibleUnitLine = 3,
    LegibleUnitParagraph = 4,
} LegibleUnit;

/// A rectangle in the bridge's frame (Docs/ATSPI.md, "Coordinates").
typedef struct {
    double x, y, width, height;
} LegibleRect;

/// Every callback gets `context` first and a node number second. Offsets count code points of
/// the node's text. Strings returned are malloc'd UTF-8 that the caller frees.
typedef struct {
    void *context;
    int (*childCount)(void *context, int node);
    int (*child)(void *context, int node, int index);
    int (*parent)(void *context, int node);
    int (*indexInParent)(void *context, int node);
    int (*role)(void *context, int node);
    char *(*name)(void *context, int node);
    int (*headingLevel)(void *context, int node);
    int (*flowsTo)(void *context, int node);
    int (*flowsFrom)(void *context, int node);
    LegibleRect (*extents)(void *context, int node);
    int (*childAtPoint)(void *context, int node, double x, double y);
    int (*characterCount)(void *context, int node);
    char *(*text)(void *context, int node, int start, int end);
    /// The unit around `offset`: `edge` 0 runs from a unit's start to the next start, 1 from a
    /// unit's end to the next end; `shift` -1 is the unit before, 0 at, +1 after.
    void (*unitAt)(void *context, int node, int offset, int unit, int edge, int shift, int *start, int *end);
    int (*caretOffset)(void *context, int node);
    int (*setCaretOffset)(void *context, int node, int offset);
    LegibleRect (*rangeExtents)(void *context, int node, int start, int end);
    int (*offsetAtPoint)(void *context, int node, double x, double y);
    /// Fills up to `capacity` ranges of characters inside `area`; returns how many there are.
    int (*boundedRanges)(void *context, int node, LegibleRect area, int *starts, int *ends, int capacity);
    int (*selectionCount)(void *context, int node);
    int (*selection)(void *context, int node, int index, int *start, int *end);
    /// `index` -1 adds a selection.
    int (*setSelection)(void *context, int node, int index, int start, int end);
    int (*removeSelection)(void *context, int node, int index);
    int (*actionCount)(void *context, int node);
    char *(*actionName)(void *context, int node, int index);
    int (*doAction)(void *context, int node, int index);
    int (*pageCount)(void *context);
    int (*currentPage)(void *context);
    /// The BCP 47 language of the node's text (malloc'd), for every attribute run.
    char *(*language)(void *context, int node);
    /// The attribute run holding code point `offset`: fills `[start, end)`; 1 when it is an
    /// uncertain word (`invalid: spelling`), 0 when plain.
    int (*attributeRun)(void *context, int node, int offset, int *start, int *end);
    /// The toplevel window's origin on the screen, for window coordinates (0, 0 without one).
    LegibleRect (*windowFrame)(void *context);
    /// 1 when the text may be corrected: text nodes then implement `AtkEditableText` and are
    /// editable rather than read-only. Asked once per node, when it is made.
    int (*editable)(void *context);
    /// Code points `[start, end)` of the node (`end` -1: to its end) become the UTF-8 `text`;
    /// 1 when done.
    int (*editText)(void *context, int node, int start, int end, const char *text);
} LegibleCallbacks;

/// Seconds the accessibility bus has to answer while the application registers.
#define LEGIBLE_BUS_DEADLINE 10
#define LEGIBLE_BUS_DEADLINE_TEXT "10"

/// Starts (`on` 1) or ends (0) the registration deadline: past it the process writes one line
/// to the message descriptor and exits 69.
void legible_atk_bus_deadline(int on);
/// Where the deadline's line goes (standard error unless set): the descriptor the caller writes
/// its own messages to.
void legible_atk_set_message_descriptor(int descriptor);

/// Registers the application on the accessibility bus; 0 on success, else -1 with a message
/// in `error` (malloc'd). A bus that does not answer within the deadline ends the process (69).
int legible_atk_start(const LegibleCallbacks *callbacks, char **error);
/// Installs the callback table without registering anything: for a toolkit (GTK) that runs
/// the AT-SPI bridge itself and asks widgets for their accessibles.
void legible_atk_attach(const LegibleCallbacks *callbacks);
/// The `AtkObject *` of `node`, made on first use (borrowed; it lives as long as the process).
void *legible_atk_object(int node);
/// Makes `parent` (an `AtkObject *`) the accessible parent of `node`.
void legible_atk_set_parent(int node, void *parent);
/// Serves until SIGINT, SIGTERM or the end of standard input (their handlers are installed by
/// `legible_atk_start`, before the caller announces that it is ready).
void legible_atk_run(void);
/// Tells clients that the caret of `node` moved to `offset`.
void legible_atk_caret_moved(int node, int offset);
/// Tells clients that `node`'s text lost `removed` and then gained `inserted` (UTF-8) at code
/// point `offset`: `text-changed:delete` and `text-changed:insert`, each carrying its text.
void legible_atk_text_changed(int node, int offset, const char *removed, const char *inserted);
/// Asks again the parent of every object made for a node numbered `first` or more, after the
/// nodes were renumbered.
void legible_atk_reparent(int first);
/// Tells clients that the selection of `node` changed.
void legible_atk_selection_changed(int node);
/// Sets the status object's text to `text` and tells clients, as a polite live region.
void legible_atk_announce(int status, const char *text);
/// Tells clients that the document's current page is now `page` (1-based).
void legible_atk_page_changed(int document, int page);
/// Tells clients that `node` has the focus.
void legible_atk_focus(int node);
/// Tells clients that `node`'s children changed: `removed` left at `index` and `added` (node
/// numbers, -1 for none) took its place, as when the viewer shows another page.
void legible_atk_child_replaced(int node, int index, int removed, int added);

#ifdef __cplusplus
}
#endif

#endif
