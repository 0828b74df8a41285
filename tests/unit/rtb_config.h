/* rtbench unit tests - build configuration of the core under test. */
#ifndef RTB_CONFIG_UNIT_H
#define RTB_CONFIG_UNIT_H

#define RTB_CONFIG_STACK_SIZE 256u
#define RTB_CONFIG_ITERATIONS 100u
#define RTB_CONFIG_WARMUP 4u
#define RTB_CONFIG_MAX_SAMPLES 1000u
#define RTB_CONFIG_CALIB_RUNS 8u
#define RTB_CONFIG_CFLAGS "-O1 unit test"

#endif
