// GTK 3, for the C target CLegibleGTK only (Docs/Viewer.md).
#include <gtk/gtk.h>
