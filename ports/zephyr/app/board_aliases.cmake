# rtbench's board names -> Zephyr board targets (ZEPHYR_BOARD_ALIASES): the
# check application is configured with -DBOARD=<rtbench board>, the name the
# host tool and boards.txt use, and Zephyr builds for the target named here.
set(mps2-an385_BOARD_ALIAS mps2/an385)
set(mps2-an521_BOARD_ALIAS mps2/an521/cpu0)
set(microbit_BOARD_ALIAS qemu_cortex_m0)
set(nrf52840dk_BOARD_ALIAS nrf52840dk/nrf52840)
