/*
 * Bring-up image only: the build configuration rtb/config.h requires. The
 * command-line parser (cmdline.c) reads RTB_CONFIG_MAX_SAMPLES, the suite's
 * default or the board's (board.cmake: RTB_BOARD_DEFINES), like every image
 * of the board.
 */
#ifndef RTB_CONFIG_BRINGUP_H
#define RTB_CONFIG_BRINGUP_H

#ifndef RTB_CONFIG_STACK_SIZE
#define RTB_CONFIG_STACK_SIZE 1024u
#endif

#endif
