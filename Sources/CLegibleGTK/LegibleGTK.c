// The window of `legible view` (Docs/Viewer.md). One GtkDrawingArea subclass draws the scan,
// scaled to the window and centred, and the overlays Swift gives; keys and clicks go to Swift.
// Its accessible is the AT-SPI bridge's document object, whose page and regions Orca reads as
// with `legible present`. At most three decoded scans are kept.
#include "LegibleGTK.h"

#include <glib-unix.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static LegibleViewCallbacks view;
static GtkWidget *window;
static GtkWidget *canvas;
static gboolean drawn_once;
// The input method, in edit mode: dead keys and compose sequences make marked text, and what it
// commits is typed (Docs/Editing.md, "The viewer's edit mode").
static GtkIMContext *input_method;

// MARK: Scans, decoded lazily, three at most

typedef struct {
    char *path;
    GdkPixbuf *pixbuf;
} Scan;
static Scan scans[3];
static int next_slot;

static GdkPixbuf *scan_for(const char *path) {
    for (int index = 0; index < 3; index++) {
        if (scans[index].path && strcmp(scans[index].path, path) == 0) return scans[index].pixbuf;
    }
    GdkPixbuf *stored = gdk_pixbuf_new_from_file(path, NULL);
    if (!stored) return NULL;
    // The scan as it is displayed: a JPEG's EXIF or a TIFF's orientation applied, as ingest
    // applies it before recognising, so the caret lies on the ink it names (Docs/Viewer.md).
    GdkPixbuf *pixbuf = gdk_pixbuf_apply_embedded_orientation(stored);
    g_object_unref(stored);
    if (!pixbuf) return NULL;
    Scan *slot = &scans[next_slot];
    next_slot = (next_slot + 1) % 3;
    g_free(slot->path);
    if (slot->pixbuf) g_object_unref(slot->pixbuf);
    slot->path = g_strdup(path);
    slot->pixbuf = pixbuf;
    return pixbuf;
}

// MARK: Geometry: image pixels to widget pixels

static void placement(GtkWidget *widget, double *scale, double *left, double *top) {
    double width = 1, height = 1;
    view.imageSize(view.context, &width, &height);
    double available_width = gtk_widget_get_allocated_width(widget);
    double available_height = gtk_widget_get_allocated_height(widget);
    *scale = fmin(available_width / fmax(width, 1), available_height / fmax(height, 1));
    *left = (available_width - width * *scale) / 2;
    *top = (available_height - height * *scale) / 2;
}

static void to_image(GtkWidget *widget, double x, double y, double *image_x, double *image_y) {
    double scale, left, top;
    placement(widget, &scale, &left, &top);
    *image_x = (x - left) / scale;
    *image_y = (y - top) / scale;
}

// MARK: The canvas

typedef struct {
    GtkDrawingArea parent;
} LegibleCanvas;
typedef struct {
    GtkDrawingAreaClass parent;
} LegibleCanvasClass;
G_DEFINE_TYPE(LegibleCanvas, legible_canvas, GTK_TYPE_DRAWING_AREA)

static void draw_overlay(cairo_t *cr, LegibleOverlay overlay) {
    cairo_save(cr);
    cairo_translate(cr, overlay.x + overlay.width / 2, overlay.y + overlay.height / 2);
    cairo_rotate(cr, overlay.angle);
    cairo_rectangle(cr, -overlay.width / 2, -overlay.height / 2, overlay.width, overlay.height);
    if (overlay.kind == 1) cairo_set_source_rgba(cr, 0.05, 0.25, 0.85, 1.0);
    else cairo_set_source_rgba(cr, 0.04, 0.34, 0.82, 0.35);
    cairo_fill(cr);
    cairo_restore(cr);
}

// Tells Swift where the image is on the screen, so accessible extents are where the ink is.
static void report_placement(GtkWidget *widget, double scale, double left, double top) {
    GdkWindow *own = gtk_widget_get_window(widget);
    GdkWindow *toplevel = gtk_widget_get_window(gtk_widget_get_toplevel(widget));
    gint x = 0, y = 0, window_x = 0, window_y = 0;
    if (own) gdk_window_get_origin(own, &x, &y);
    if (toplevel) gdk_window_get_origin(toplevel, &window_x, &window_y);
    GtkAllocation allocation;
    gtk_widget_get_allocation(widget, &allocation);
    if (own && own == toplevel) {
        x += allocation.x;
        y += allocation.y;
    }
    view.placed(view.context, x + left, y + top, scale, window_x, window_y);
}

static gboolean canvas_draw(GtkWidget *widget, cairo_t *cr) {
    double scale, left, top;
    placement(widget, &scale, &left, &top);
    report_placement(widget, scale, left, top);
    cairo_set_source_rgb(cr, 0.92, 0.92, 0.92);
    cairo_paint(cr);
    cairo_translate(cr, left, top);
    cairo_scale(cr, scale, scale);
    char *path = view.imagePath(view.context);
    GdkPixbuf *pixbuf = path ? scan_for(path) : NULL;
    free(path);
    double width = 1, height = 1;
    view.imageSize(view.context, &width, &height);
    if (pixbuf) {
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0);
    } else {
        cairo_set_source_rgb(cr, 1, 1, 1);
    }
    cairo_rectangle(cr, 0, 0, width, height);
    cairo_fill(cr);
    int count = view.overlayCount(view.context);
    for (int index = 0; index < count; index++) draw_overlay(cr, view.overlay(view.context, index));
    if (!drawn_once) {
        drawn_once = TRUE;
        view.firstDrawn(view.context);
    }
    return TRUE;
}

static int key_of(guint keyval) {
    switch (gdk_keyval_to_lower(keyval)) {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return LegibleKeyLeft;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return LegibleKeyRight;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return LegibleKeyUp;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return LegibleKeyDown;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: return LegibleKeyHome;
    case GDK_KEY_End: case GDK_KEY_KP_End: return LegibleKeyEnd;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return LegibleKeyPageUp;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return LegibleKeyPageDown;
    case GDK_KEY_a: return LegibleKeyA;
    case GDK_KEY_c: return LegibleKeyC;
    case GDK_KEY_s: return LegibleKeyS;
    case GDK_KEY_BackSpace: return LegibleKeyBackSpace;
    case GDK_KEY_Delete: case GDK_KEY_KP_Delete: return LegibleKeyDelete;
    case GDK_KEY_z: return LegibleKeyZ;
    case GDK_KEY_y: return LegibleKeyY;
    case GDK_KEY_F7: return LegibleKeyF7;
    default: return -1;
    }
}

static gboolean canvas_key(GtkWidget *widget, GdkEventKey *event) {
    if (input_method && !(event->state & GDK_CONTROL_MASK) && gtk_im_context_filter_keypress(input_method, event)) {
        gtk_widget_queue_draw(widget);
        return TRUE;
    }
    int key = key_of(event->keyval);
    if (key < 0) return GTK_WIDGET_CLASS(legible_canvas_parent_class)->key_press_event(widget, event);
    int modifiers = ((event->state & GDK_SHIFT_MASK) ? LegibleModifierShift : 0) |
                    ((event->state & GDK_CONTROL_MASK) ? LegibleModifierControl : 0);
    int handled = view.key(view.context, key, modifiers);
    if (handled) gtk_widget_queue_draw(widget);
    return handled ? TRUE : FALSE;
}

static gboolean canvas_press(GtkWidget *widget, GdkEventButton *event) {
    gtk_widget_grab_focus(widget);
    if (event->button != 1) return FALSE;
    double x, y;
    to_image(widget, event->x, event->y, &x, &y);
    view.press(view.context, x, y, (event->state & GDK_SHIFT_MASK) ? 1 : 0);
    gtk_widget_queue_draw(widget);
    return TRUE;
}

static gboolean canvas_motion(GtkWidget *widget, GdkEventMotion *event) {
    if (!(event->state & GDK_BUTTON1_MASK)) return FALSE;
    double x, y;
    to_image(widget, event->x, event->y, &x, &y);
    view.drag(view.context, x, y);
    gtk_widget_queue_draw(widget);
    return TRUE;
}

// The canvas is the notebook: its accessible is the bridge's document object, parented to the
// window's accessible so clients see it, its current page and its announcer inside the window.
static AtkObject *canvas_accessible(GtkWidget *widget) {
    int node = view.documentNode(view.context);
    GtkWidget *top = gtk_widget_get_toplevel(widget);
    if (top && top != widget) legible_atk_set_parent(node, gtk_widget_get_accessible(top));
    return (AtkObject *)legible_atk_object(node);
}

// Focus on the canvas is focus on the region that holds the caret. GTK reports the canvas's
// own accessible (the document) as focused after this handler; the region's focus is sent
// once that is done, so it is the last one Orca hears.
static gboolean focus_region(gpointer data) {
    (void)data;
    legible_atk_focus(view.focusNode(view.context));
    return G_SOURCE_REMOVE;
}

static gboolean canvas_focus_in(GtkWidget *widget, GdkEventFocus *event) {
    (void)event;
    if (input_method) gtk_im_context_focus_in(input_method);
    g_idle_add_full(G_PRIORITY_LOW, focus_region, NULL, NULL);
    gtk_widget_queue_draw(widget);
    return FALSE;
}

static gboolean canvas_focus_out(GtkWidget *widget, GdkEventFocus *event) {
    (void)widget;
    (void)event;
    if (input_method) gtk_im_context_focus_out(input_method);
    return FALSE;
}

static void canvas_realize(GtkWidget *widget) {
    GTK_WIDGET_CLASS(legible_canvas_parent_class)->realize(widget);
    if (input_method) gtk_im_context_set_client_window(input_method, gtk_widget_get_window(widget));
}

static void committed(GtkIMContext *context, const gchar *text, gpointer data) {
    (void)context;
    (void)data;
    view.typed(view.context, text);
    if (canvas) gtk_widget_queue_draw(canvas);
}

static void preedit_changed(GtkIMContext *context, gpointer data) {
    (void)data;
    gchar *text = NULL;
    gint cursor = 0;
    gtk_im_context_get_preedit_string(context, &text, NULL, &cursor);
    view.composing(view.context, text ? text : "", cursor);
    g_free(text);
    if (canvas) gtk_widget_queue_draw(canvas);
}

static void legible_canvas_class_init(LegibleCanvasClass *klass) {
    GtkWidgetClass *widget = GTK_WIDGET_CLASS(klass);
    widget->focus_in_event = canvas_focus_in;
    widget->focus_out_event = canvas_focus_out;
    widget->realize = canvas_realize;
    widget->draw = canvas_draw;
    widget->key_press_event = canvas_key;
    widget->button_press_event = canvas_press;
    widget->motion_notify_event = canvas_motion;
    widget->get_accessible = canvas_accessible;
}

static void legible_canvas_init(LegibleCanvas *self) {
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_can_focus(widget, TRUE);
    gtk_widget_add_events(widget, GDK_KEY_PRESS_MASK | GDK_BUTTON_PRESS_MASK | GDK_POINTER_MOTION_MASK);
}

// MARK: The window

static gboolean quit(gpointer data) {
    (void)data;
    view.closing(view.context, 1);
    gtk_main_quit();
    return G_SOURCE_REMOVE;
}

// The close button: Swift may keep the window open once, to say that corrections are unsaved.
static gboolean close_requested(GtkWidget *widget, GdkEvent *event, gpointer data) {
    (void)widget;
    (void)event;
    (void)data;
    return view.closing(view.context, 0) ? FALSE : TRUE;
}

int legible_view_open(const LegibleViewCallbacks *callbacks, const char *title, char **error) {
    view = *callbacks;
    // GTK registers with the accessibility bus while it starts and shows the window.
    legible_atk_bus_deadline(1);
    if (!gtk_init_check(NULL, NULL)) {
        legible_atk_bus_deadline(0);
        *error = strdup("no display to open a window on (DISPLAY is not set or not reachable); "
                        "use `legible present` for a screen reader without a window, or `legible html`");
        return -1;
    }
    window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
    gtk_window_set_title(GTK_WINDOW(window), title);
    double width = 800, height = 1000;
    view.imageSize(view.context, &width, &height);
    gtk_window_set_default_size(GTK_WINDOW(window), (int)fmin(900, width / 2 + 40), (int)fmin(1000, height / 2 + 40));
    if (view.editable(view.context)) {
        input_method = gtk_im_multicontext_new();
        g_signal_connect(input_method, "commit", G_CALLBACK(committed), NULL);
        g_signal_connect(input_method, "preedit-changed", G_CALLBACK(preedit_changed), NULL);
    }
    canvas = g_object_new(legible_canvas_get_type(), NULL);
    gtk_container_add(GTK_CONTAINER(window), canvas);
    g_signal_connect(window, "delete-event", G_CALLBACK(close_requested), NULL);
    g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
    g_unix_signal_add(SIGINT, quit, NULL);
    g_unix_signal_add(SIGTERM, quit, NULL);
    gtk_widget_show_all(window);
    gtk_widget_grab_focus(canvas);
    legible_atk_bus_deadline(0);
    return 0;
}

void legible_view_run(void) { gtk_main(); }
void legible_view_redraw(void) { if (canvas) gtk_widget_queue_draw(canvas); }

void legible_view_copy(const char *text) {
    GtkClipboard *clipboard = gtk_clipboard_get(GDK_SELECTION_CLIPBOARD);
    gtk_clipboard_set_text(clipboard, text, -1);
}

