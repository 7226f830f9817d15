// ATK and its AT-SPI bridge, for the C target CLegibleATK only (Docs/ATSPI.md).
#include <atk/atk.h>
#include <atk-bridge.h>
