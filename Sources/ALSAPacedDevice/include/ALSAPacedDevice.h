#ifndef THEREMIN_ALSA_PACED_DEVICE_H
#define THEREMIN_ALSA_PACED_DEVICE_H
/* A test-only ALSA playback PCM (ioplug plugin) that consumes frames at the real rate of its clock, like a sound
   card, records them to a raw file, and can force underruns at chosen frame positions. Loaded by alsa-lib from
   `libasound_module_pcm_theremin_paced.so`; see paced_device.c for its configuration keys. */
#endif
