#include "TestRunnerOptions.h"

/*
 * LeakSanitizer is off in the test runner, and only there. XCTest and corelibs Foundation keep objects reachable
 * only through Swift's spare-bit tagged pointers and weak-reference side tables, which LeakSanitizer cannot follow:
 * a run of the suite reported about 1300 "leaks" of test fixtures and XCTest internals, none in theremin's code.
 * Every program the tests run is still checked for leaks (the AudioOutput cycle was found that way).
 */
__attribute__((visibility("default"), used))
const char *__asan_default_options(void) {
    return "detect_leaks=0";
}
