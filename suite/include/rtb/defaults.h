/*
 * rtbench - the default values of the build options of rtb/config.h, in a
 * header of their own: a host tool can know them without a port's
 * rtb_config.h (the qemu: runner checks --iterations against the images'
 * sample limit, which every Cortex-M image leaves at this default).
 */
#ifndef RTB_DEFAULTS_H
#define RTB_DEFAULTS_H

/* Samples kept per benchmark when rtb_config.h sets no RTB_CONFIG_MAX_SAMPLES. */
#define RTB_DEFAULT_MAX_SAMPLES 1000u

#endif /* RTB_DEFAULTS_H */
