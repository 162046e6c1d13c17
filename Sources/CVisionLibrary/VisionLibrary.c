// libtheremin-vision.so is the three OpenCV shims linked together (see Package.swift); this target only carries
// the link flags that keep the Swift runtime out of a library that holds no Swift code. Its one symbol lets the
// tests tell the library apart from the shims linked into the test bundle.
#include "CVisionLibrary.h"

const char *theremin_vision_library_name(void) { return "libtheremin-vision.so"; }
