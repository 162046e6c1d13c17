#ifndef THEREMIN_CVISIONLIBRARY_H
#define THEREMIN_CVISIONLIBRARY_H
/// The library's own file name (for diagnostics).
const char *theremin_vision_library_name(void);
#endif
