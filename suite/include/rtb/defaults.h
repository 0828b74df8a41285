/*
 * rtbench - the default values of the build options of rtb/config.h, in a
 * header of their own: a host tool can know them without a port's
 * rtb_config.h (the qemu: runner checks --iterations against the images'
 * sample limit, which every Cortex-M image leaves at this default), and the
 * defaults of run-time parameters the host names points by.
 */
#ifndef RTB_DEFAULTS_H
#define RTB_DEFAULTS_H

/* Samples kept per benchmark when rtb_config.h sets no RTB_CONFIG_MAX_SAMPLES. */
#define RTB_DEFAULT_MAX_SAMPLES 1000u

/* The message-throughput family (suite/bench/msgq.c): the point a run gets for
 * a parameter it is not given. A point whose payload or async depth is not
 * the default carries it in its id (.p<payload>, .d<depth>); the host's sweep
 * and importers name points the same way. */
#define RTB_MSGQ_DEFAULT_SIZE 64u
#define RTB_MSGQ_DEFAULT_CONSUMERS 1u
#define RTB_MSGQ_DEFAULT_PAYLOAD (256u * 1024u)
#define RTB_MSGQ_DEFAULT_DEPTH 8u

#endif /* RTB_DEFAULTS_H */
