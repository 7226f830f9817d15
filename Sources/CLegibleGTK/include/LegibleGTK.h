// The window of `legible view` (Docs/Viewer.md): a GTK 3 window with one canvas that draws the
// current page's scan and overlays, and passes keys and clicks to Swift. The canvas's
// accessible is the bridge's document object (LegibleATK.h). Plain C types only.
#ifndef LEGIBLE_GTK_H
#define LEGIBLE_GTK_H

#include "LegibleATK.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Keys the viewer handles.
typedef enum {
    LegibleKeyLeft, LegibleKeyRight, LegibleKeyUp, LegibleKeyDown, LegibleKeyHome, LegibleKeyEnd,
    LegibleKeyPageUp, LegibleKeyPageDown, LegibleKeyA, LegibleKeyC, LegibleKeyS,
    LegibleKeyBackSpace, LegibleKeyDelete, LegibleKeyZ, LegibleKeyY, LegibleKeyF7,
} LegibleKey;

/// Modifier bits.
enum { LegibleModifierShift = 1, LegibleModifierControl = 2 };

/// A rectangle to draw over the scan in image pixels, turned by `angle` radians about its
/// centre; `kind` 0 is selection, 1 is the caret.
typedef struct {
    double x, y, width, height, angle;
    int kind;
} LegibleOverlay;

/// Every callback gets `context` first.
typedef struct {
    void *context;
    /// The current page's scan (malloc'd path), or NULL; its size in image pixels.
    char *(*imagePath)(void *context);
    void (*imageSize)(void *context, double *width, double *height);
    int (*overlayCount)(void *context);
    LegibleOverlay (*overlay)(void *context, int index);
    /// A key with modifiers; returns 1 when handled.
    int (*key)(void *context, int key, int modifiers);
    /// A click (`extend` 1 with Shift) and a drag, at image pixels.
    void (*press)(void *context, double x, double y, int extend);
    void (*drag)(void *context, double x, double y);
    /// The accessible node of the canvas (the document) and the node that has the focus.
    int (*documentNode)(void *context);
    int (*focusNode)(void *context);
    /// Where the image is drawn: its top-left corner on the screen and the scale (screen pixels
    /// per image pixel), and the window's origin on the screen; called with every draw.
    void (*placed)(void *context, double x, double y, double scale, double windowX, double windowY);
    /// Called once, after the first page is drawn.
    void (*firstDrawn)(void *context);
    /// 1 in edit mode: keys go through the input method first, and text it commits is typed.
    int (*editable)(void *context);
    /// Text the input method committed (UTF-8), typed at the caret.
    void (*typed)(void *context, const char *text);
    /// The input method's composition (UTF-8, empty when it ends) and its cursor, in
    /// characters of it.
    void (*composing)(void *context, const char *text, int cursor);
    /// The window is closing: `forced` 1 for SIGINT or SIGTERM, 0 for the window's close
    /// button. Returns 1 to close, 0 to stay open.
    int (*closing)(void *context, int forced);
} LegibleViewCallbacks;

/// Opens the window; 0 on success, else -1 with a message in `error` (malloc'd), for example
/// when there is no display. The accessibility table must be attached first
/// (`legible_atk_attach`).
int legible_view_open(const LegibleViewCallbacks *view, const char *title, char **error);
/// Runs until the window closes, SIGINT or SIGTERM.
void legible_view_run(void);
/// Redraws the canvas.
void legible_view_redraw(void);
/// Puts `text` on the clipboard.
void legible_view_copy(const char *text);

#ifdef __cplusplus
}
#endif

#endif
