// Whether a window can be opened, decided before the GUI toolkit is touched: Qt (OpenCV's highgui on Debian)
// aborts the process when its platform plugin cannot reach the display, so the caller must know beforehand.
#include <cstring>
#include <string>

#include <xcb/xcb.h>

#include "CPreview.h"
#include "Support/Guarded.hpp"

namespace {

bool isSet(const char *value) { return value != nullptr && value[0] != '\0'; }

/// The Qt platform plugin's name without its options ("wayland:..." -> "wayland"); Qt 5 defaults to xcb.
std::string platformName(const char *requested) {
    if (!isSet(requested)) {
        return "xcb";
    }
    std::string name(requested);
    return name.substr(0, name.find(':'));
}

}  // namespace

extern "C" pv_status pv_display_check(pv_environment environment, char *error, size_t error_size) {
    using theremin::preview::writeError;
    const std::string platform = platformName(environment.qt_platform);
    if (platform.rfind("wayland", 0) == 0) {
        if (!isSet(environment.wayland_display)) {
            writeError(error, error_size, "QT_QPA_PLATFORM asks for Wayland but WAYLAND_DISPLAY is not set");
            return PV_ERROR_NO_DISPLAY;
        }
        return PV_OK;
    }
    if (platform != "xcb") {
        return PV_OK;  // offscreen, vnc, eglfs, ...: chosen on purpose, and they need no X server
    }
    if (!isSet(environment.display)) {
        writeError(error, error_size,
                   isSet(environment.wayland_display)
                       ? "DISPLAY is not set (a Wayland session needs XWayland, or QT_QPA_PLATFORM=wayland)"
                       : "DISPLAY is not set");
        return PV_ERROR_NO_DISPLAY;
    }
    int screen = 0;
    xcb_connection_t *connection = xcb_connect(environment.display, &screen);
    const int failure = xcb_connection_has_error(connection);
    xcb_disconnect(connection);
    if (failure != 0) {
        writeError(error, error_size, std::string("cannot connect to the X display ") + environment.display);
        return PV_ERROR_NO_DISPLAY;
    }
    return PV_OK;
}
