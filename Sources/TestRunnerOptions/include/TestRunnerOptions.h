#ifndef THEREMIN_TEST_RUNNER_OPTIONS_H
#define THEREMIN_TEST_RUNNER_OPTIONS_H
/*
 * Sanitizer defaults for the test runner executable only (thereminPackageTests.xctest); linked into the tests, so
 * the programs the tests start (theremin, fake-camera) keep the sanitizers' own defaults. ASAN_OPTIONS in the
 * environment still overrides them (scripts/sanitize does not set detect_leaks).
 */
const char *__asan_default_options(void);
#endif
