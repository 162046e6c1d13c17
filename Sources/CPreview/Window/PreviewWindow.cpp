// The preview window: an OpenCV highgui window without toolbar, showing BGR images and reporting keys.
#include <cstdlib>
#include <new>
#include <string>

#include <opencv2/highgui.hpp>

#include "CPreview.h"
#include "Support/Guarded.hpp"

struct pv_window {
    std::string name;
    bool shown = false;
};

using theremin::preview::guarded;
using theremin::preview::wrap;
using theremin::preview::writeError;

extern "C" pv_status pv_window_open(const char *title, pv_window **out, char *error, size_t error_size) {
    if (title == nullptr || title[0] == '\0' || out == nullptr) {
        writeError(error, error_size, "a window needs a title and a place for its handle");
        return PV_ERROR_INVALID_ARGUMENT;
    }
    *out = nullptr;
    const pv_environment environment{std::getenv("DISPLAY"), std::getenv("WAYLAND_DISPLAY"),
                                     std::getenv("QT_QPA_PLATFORM")};
    const pv_status reachable = pv_display_check(environment, error, error_size);
    if (reachable != PV_OK) {
        return reachable;
    }
    return guarded(PV_ERROR_WINDOW, error, error_size, [&] {
        auto window = new pv_window{title};
        try {
            // GUI_NORMAL: no toolbar or status bar, so the picture starts at the window's top-left corner.
            cv::namedWindow(window->name, cv::WINDOW_AUTOSIZE | cv::WINDOW_GUI_NORMAL);
        } catch (...) {
            delete window;
            throw;
        }
        *out = window;
        return PV_OK;
    });
}

extern "C" pv_status pv_window_move(pv_window *window, int x, int y, char *error, size_t error_size) {
    if (window == nullptr) {
        writeError(error, error_size, "no window");
        return PV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(PV_ERROR_WINDOW, error, error_size, [&] {
        cv::moveWindow(window->name, x, y);
        return PV_OK;
    });
}

extern "C" pv_status pv_window_show(pv_window *window, pv_image image, char *error, size_t error_size) {
    cv::Mat mat;
    if (window == nullptr || !wrap(image, mat)) {
        writeError(error, error_size, "no window, or an empty image");
        return PV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(PV_ERROR_WINDOW, error, error_size, [&] {
        cv::imshow(window->name, mat);
        window->shown = true;
        return PV_OK;
    });
}

extern "C" int pv_window_poll_key(pv_window *window, int wait_ms, int *closed) {
    if (closed != nullptr) {
        *closed = 0;
    }
    if (window == nullptr) {
        return -1;
    }
    try {
        const int key = cv::waitKey(wait_ms < 1 ? 1 : wait_ms);
        // Only a window that has been shown can have been closed; before that it is not yet visible.
        if (window->shown && closed != nullptr && cv::getWindowProperty(window->name, cv::WND_PROP_VISIBLE) < 1) {
            *closed = 1;
        }
        return key;
    } catch (...) {
        if (closed != nullptr) {
            *closed = 1;  // the toolkit lost the window: treat it as closed rather than fail every call
        }
        return -1;
    }
}

extern "C" void pv_window_close(pv_window *window) {
    if (window == nullptr) {
        return;
    }
    try {
        cv::destroyWindow(window->name);
        cv::waitKey(1);  // lets the toolkit actually take the window off the screen
    } catch (...) {
        // Already gone: nothing left to close.
    }
    delete window;
}
