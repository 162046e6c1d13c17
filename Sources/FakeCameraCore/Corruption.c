#include "FakeCameraCore.h"

uint64_t fake_corruption_hash(uint64_t seed, uint64_t sequence) {
    uint64_t z = seed + (sequence + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

fake_corruption fake_corruption_at(uint64_t seed, uint32_t every, uint64_t sequence) {
    if (every == 0) return FAKE_CORRUPTION_NONE;
    uint64_t hash = fake_corruption_hash(seed, sequence);
    if ((hash & 0xFFFFFFFFu) % every != 0) return FAKE_CORRUPTION_NONE;
    return (fake_corruption)(1 + (hash >> 32) % 3);
}
