/*
 * Bring-up image only: the build configuration rtb/config.h requires. The
 * command-line parser (cmdline.c) reads RTB_CONFIG_MAX_SAMPLES, left at the
 * suite's default like every image's.
 */
#ifndef RTB_CONFIG_BRINGUP_H
#define RTB_CONFIG_BRINGUP_H

#define RTB_CONFIG_STACK_SIZE 1024u

#endif
