// liblo (Debian's liblo-dev): OSC messages and bundles, built and serialized here; ThereminOSC sends the bytes
// over a connected UDP socket of its own, so a refused port is seen (liblo's own sends do not report it).
#include <lo/lo.h>
