/*
 * stagebench native clock.
 *
 * The hot-path reads of the hardware counter, and C reference loops that measure the
 * physical floor (fenced probe overhead, raw counter step) with no managed runtime in
 * the way, so the Java bindings can be compared against it in the same run.
 *
 * x86-64:
 *   sb_tsc_begin  lfence; rdtsc; lfence   - start of a short interval: nothing after it
 *                                           may execute before the read
 *   sb_tsc_end    rdtscp; lfence          - end of a short interval: the read waits for
 *                                           everything before it to retire, and nothing
 *                                           after it may start before the read
 *   sb_tsc_raw    rdtsc                   - unfenced; may be reordered in both directions
 * aarch64:
 *   isb; mrs cntvct_el0 for begin/end (isb on both sides), plain mrs for raw;
 *   sb_counter_hz returns cntfrq_el0. On x86-64 the TSC rate is not architecturally
 *   exposed, so sb_counter_hz returns 0 and the caller calibrates.
 */
#include <stdint.h>

#define SB_ABI_VERSION 1

#if defined(__x86_64__) || defined(_M_X64)
#include <x86intrin.h>

static inline __attribute__((always_inline)) uint64_t begin_read(void) {
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
}

static inline __attribute__((always_inline)) uint64_t end_read(void) {
    unsigned int aux;
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

static inline __attribute__((always_inline)) uint64_t raw_read(void) {
    return __rdtsc();
}

static inline uint64_t counter_hz(void) { return 0; }

#elif defined(__aarch64__)

static inline __attribute__((always_inline)) uint64_t begin_read(void) {
    uint64_t t;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(t) : : "memory");
    return t;
}

static inline __attribute__((always_inline)) uint64_t end_read(void) {
    uint64_t t;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(t) : : "memory");
    return t;
}

static inline __attribute__((always_inline)) uint64_t raw_read(void) {
    uint64_t t;
    __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(t));
    return t;
}

static inline uint64_t counter_hz(void) {
    uint64_t f;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    return f;
}

#else
#error "stagebench native clock: unsupported CPU (x86-64 and aarch64 only)"
#endif

int32_t sb_abi_version(void) { return SB_ABI_VERSION; }

uint64_t sb_tsc_begin(void) { return begin_read(); }

uint64_t sb_tsc_end(void) { return end_read(); }

uint64_t sb_tsc_raw(void) { return raw_read(); }

uint64_t sb_counter_hz(void) { return counter_hz(); }

/*
 * Minimum of `iterations` back-to-back fenced begin/end pairs: the pure instruction cost
 * of one probe. The minimum, not the mean: the mean includes interrupts and migrations.
 */
uint64_t sb_probe_floor_ticks(int64_t iterations) {
    uint64_t best = UINT64_MAX;
    for (int64_t i = 0; i < iterations; i++) {
        const uint64_t a = begin_read();
        const uint64_t b = end_read();
        const uint64_t d = b - a;
        if (d < best) best = d;
    }
    return best;
}

/*
 * Smallest non-zero gap between two back-to-back raw reads over `pairs` pairs: the
 * counter's practical granularity. 0 when the counter never advanced between reads.
 */
uint64_t sb_step_floor_ticks(int64_t pairs) {
    uint64_t best = UINT64_MAX;
    for (int64_t i = 0; i < pairs; i++) {
        const uint64_t a = raw_read();
        const uint64_t b = raw_read();
        if (b > a && b - a < best) best = b - a;
    }
    return best == UINT64_MAX ? 0 : best;
}
