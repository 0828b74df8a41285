/*
 * rtbench - the runner's side of the run-time parameters (params.c).
 * Private to suite/core.
 */
#ifndef RTB_RUN_PARAMS_H
#define RTB_RUN_PARAMS_H

/* Make `params` (checked, may be NULL) the current run's parameters. */
void rtb_params_use(const char *params);

#endif /* RTB_RUN_PARAMS_H */
