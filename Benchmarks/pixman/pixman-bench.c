/* pixman-bench: pixman's throughput for every PIXMAN_OP that matches one of Decor's blend modes, measured the way
 * `decor-bench compositing --json` measures Decor's kernels: a source and a backdrop of 4096 x 4096 premultiplied
 * pixels with random alpha (the same seeded generator, so the very same pixel values), one thread, the backdrop
 * restored before every timed run, one JSON line per mode named by Decor's CLI name. plus-darker has no pixman
 * operator.
 *
 *   cc -O2 pixman-bench.c $(pkg-config --cflags --libs pixman-1) -o pixman-bench && ./pixman-bench [--runs=N] [NAME]
 */
#include <pixman.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIZE = 4096 };

static const struct {
  const char *name;
  pixman_op_t op;
} modes[] = {
  {"normal", PIXMAN_OP_OVER}, {"multiply", PIXMAN_OP_MULTIPLY}, {"screen", PIXMAN_OP_SCREEN},
  {"overlay", PIXMAN_OP_OVERLAY}, {"darken", PIXMAN_OP_DARKEN}, {"lighten", PIXMAN_OP_LIGHTEN},
  {"color-dodge", PIXMAN_OP_COLOR_DODGE}, {"color-burn", PIXMAN_OP_COLOR_BURN},
  {"hard-light", PIXMAN_OP_HARD_LIGHT}, {"soft-light", PIXMAN_OP_SOFT_LIGHT},
  {"difference", PIXMAN_OP_DIFFERENCE}, {"exclusion", PIXMAN_OP_EXCLUSION}, {"hue", PIXMAN_OP_HSL_HUE},
  {"saturation", PIXMAN_OP_HSL_SATURATION}, {"color", PIXMAN_OP_HSL_COLOR},
  {"luminosity", PIXMAN_OP_HSL_LUMINOSITY}, {"clear", PIXMAN_OP_CLEAR}, {"copy", PIXMAN_OP_SRC},
  {"source-in", PIXMAN_OP_IN}, {"source-out", PIXMAN_OP_OUT}, {"source-atop", PIXMAN_OP_ATOP},
  {"destination-over", PIXMAN_OP_OVER_REVERSE}, {"destination-in", PIXMAN_OP_IN_REVERSE},
  {"destination-out", PIXMAN_OP_OUT_REVERSE}, {"destination-atop", PIXMAN_OP_ATOP_REVERSE},
  {"xor", PIXMAN_OP_XOR}, {"plus-lighter", PIXMAN_OP_ADD},
};

/* SplitMix64, as CompositingBench.swift uses it. */
static uint64_t next(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Premultiplied pixels with uniformly random alpha and colour channels uniform in 0...alpha, as a8r8g8b8. */
static void fill(uint32_t *pixels, uint64_t seed) {
  uint64_t state = seed;
  for (size_t i = 0; i < (size_t)SIZE * SIZE; i++) {
    uint64_t x = next(&state);
    uint32_t a = x & 0xFF;
    uint32_t r = ((x >> 8 & 0xFF) * (a + 1)) >> 8, g = ((x >> 16 & 0xFF) * (a + 1)) >> 8;
    uint32_t b = ((x >> 24 & 0xFF) * (a + 1)) >> 8;
    pixels[i] = a << 24 | r << 16 | g << 8 | b;
  }
}

static double seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int runs = 7;
  const char *only = NULL;
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--runs=", 7) == 0) runs = atoi(argv[i] + 7);
    else if (argv[i][0] != '-') only = argv[i];
  }
  if (runs < 1 || runs > 1000) runs = 7;
  size_t bytes = (size_t)SIZE * SIZE * 4;
  uint32_t *source = malloc(bytes), *backdrop = malloc(bytes), *work = malloc(bytes);
  if (!source || !backdrop || !work) return 1;
  fill(source, 1);
  fill(backdrop, 2);
  pixman_image_t *src = pixman_image_create_bits(PIXMAN_a8r8g8b8, SIZE, SIZE, source, SIZE * 4);
  pixman_image_t *dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, SIZE, SIZE, work, SIZE * 4);
  double megapixels = (double)SIZE * SIZE / 1e6;
  double *wall = malloc(sizeof(double) * runs), *cpu = malloc(sizeof(double) * runs);
  for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
    if (only && strcmp(only, modes[m].name) != 0) continue;
    for (int run = -1; run < runs; run++) { /* run -1 warms up */
      memcpy(work, backdrop, bytes);
      double w = seconds(CLOCK_MONOTONIC), c = seconds(CLOCK_PROCESS_CPUTIME_ID);
      pixman_image_composite32(modes[m].op, src, NULL, dst, 0, 0, 0, 0, 0, 0, SIZE, SIZE);
      if (run >= 0) {
        wall[run] = seconds(CLOCK_MONOTONIC) - w;
        cpu[run] = seconds(CLOCK_PROCESS_CPUTIME_ID) - c;
      }
    }
    qsort(wall, runs, sizeof(double), compare);
    qsort(cpu, runs, sizeof(double), compare);
    printf("{\"name\": \"%s\", \"mpx_per_s\": %.1f, \"mpx_per_cpu_s\": %.1f, \"median_s\": %.6f, \"runs\": %d}\n",
      modes[m].name, megapixels / wall[runs / 2], megapixels / cpu[runs / 2], wall[runs / 2], runs);
    fflush(stdout);
  }
  pixman_image_unref(src);
  pixman_image_unref(dst);
  return 0;
}
