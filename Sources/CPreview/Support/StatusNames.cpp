#include "CPreview.h"

extern "C" const char *pv_status_name(pv_status status) {
    switch (status) {
    case PV_OK: return "ok";
    case PV_ERROR_NO_DISPLAY: return "no display";
    case PV_ERROR_WINDOW: return "window failed";
    case PV_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case PV_ERROR_DRAWING: return "drawing failed";
    case PV_ERROR_OUT_OF_MEMORY: return "out of memory";
    }
    return "unknown status";
}
