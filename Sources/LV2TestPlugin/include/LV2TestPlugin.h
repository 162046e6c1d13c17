#ifndef THEREMIN_LV2_TEST_PLUGIN_H
#define THEREMIN_LV2_TEST_PLUGIN_H
/* A test-only LV2 plugin (urn:theremin:test:worker) that exercises the host's worker and log: its bundle is written
   by ThereminTestSupport's `LV2TestBundle`. See worker_plugin.c for what it does. */
#endif
