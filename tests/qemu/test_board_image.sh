#!/bin/sh
# The image of a real board (one QEMU cannot run: no machine in its
# board.cmake) checked without running it, and its size reported.
#   sh test_board_image.sh <board-dir> <image.elf> <semihosting 0|1> <an image with semihosting>
# - it is an Arm ELF whose boot vectors (initial stack pointer, reset
#   handler) and sections fit the board's memory.ld: code and constants in
#   FLASH, .data/.bss/stack in RAM, .data's initial values stored in FLASH;
# - the .hex beside it (what the flash tools take) holds exactly the bytes
#   the ELF loads;
# - without semihosting, no BKPT 0xAB is left (on a board alone it would
#   fault); the same search finds them in an image built with semihosting;
# - the board's start-up (rtb_cm_board_init) is the driver's, not the weak
#   default.
# Then one line: rom and ram of the image (the definitions of rtbench's
# run header: rom = allocated sections with contents, ram = writable ones).
. "$(dirname "$0")/../lib.sh"
dir=$1 elf=$2 semi=$3 control=$4
board=$(basename "$dir")
X=arm-none-eabi-
tmp=$(mktemp -d /tmp/board-image.XXXXXX) || exit 2
trap 'rm -rf "$tmp"' EXIT

# region NAME: "ORIGIN LENGTH" (bytes) from memory.ld
region() {
    sed -n "s/^ *$1 *([a-z]*) *: *ORIGIN *= *\(0x[0-9A-Fa-f]*\), *LENGTH *= *\([0-9]*\)\([KM]\?\).*/\1 \2 \3/p" \
        "$dir/memory.ld" | { read -r o l u; m=1; [ "$u" = K ] && m=1024; [ "$u" = M ] && m=1048576; echo $((o)) $((l * m)); }
}
set -- $(region FLASH)
flash0=${1:-0} flashn=${2:-0}
set -- $(region RAM)
ram0=${1:-0} ramn=${2:-0}
[ "$flashn" -gt 0 ] && [ "$ramn" -gt 0 ] && ok "$board memory.ld: FLASH $flash0+$flashn, RAM $ram0+$ramn" ||
    ko "cannot read FLASH and RAM from $dir/memory.ld"
in_flash() { [ $(($1)) -ge $flash0 ] && [ $(($1 + $2)) -le $((flash0 + flashn)) ]; }
in_ram() { [ $(($1)) -ge $ram0 ] && [ $(($1 + $2)) -le $((ram0 + ramn)) ]; }

${X}readelf -h "$elf" >"$tmp/h" 2>&1 && grep -q 'Machine: *ARM' "$tmp/h" && ok "$elf is an Arm ELF" ||
    { ko "$elf is not an Arm ELF"; cat "$tmp/h"; }
entry=$(sed -n 's/.*Entry point address: *\(0x[0-9a-f]*\).*/\1/p' "$tmp/h")
${X}objcopy -O binary "$elf" "$tmp/elf.bin"
set -- $(od -A n -t x4 -N 8 "$tmp/elf.bin")
sp=0x${1:-0} reset=0x${2:-0}
in_ram "$sp" 0 && ok "initial stack pointer $sp is in RAM" || ko "initial stack pointer $sp not in RAM"
[ $((reset)) -eq $((entry)) ] && [ $((reset & 1)) -eq 1 ] && in_flash $((reset & ~1)) 2 &&
    ok "reset vector $reset is the Thumb entry point, in FLASH" || ko "reset vector $reset (entry $entry)"

# every allocated section where it belongs; the initial values of .data in FLASH
${X}readelf -S -W "$elf" | sed -n 's/^ *\[ *[0-9]*\] *\([^ ]*\) *[A-Z_]* *\([0-9a-f]*\) *[0-9a-f]* *\([0-9a-f]*\) *[0-9a-f]* *\([A-Z]*\).*/\1 \2 \3 \4/p' |
    while read -r name addr size flags; do
        case $flags in *A*) ;; *) continue ;; esac
        case $flags in
        *W*) in_ram 0x$addr 0x$size && echo "ok $name" || echo "bad $name 0x$addr+0x$size outside RAM" ;;
        *) in_flash 0x$addr 0x$size && echo "ok $name" || echo "bad $name 0x$addr+0x$size outside FLASH" ;;
        esac
    done >"$tmp/sections"
[ -s "$tmp/sections" ] && ! grep -q '^bad' "$tmp/sections" &&
    ok "allocated sections in their regions: $(sed 's/^ok //' "$tmp/sections" | tr '\n' ' ')" ||
    { ko "sections outside their regions"; grep '^bad' "$tmp/sections"; }
${X}readelf -l -W "$elf" | awk '$1 == "LOAD" && $5 != "0x000000" { print $4, $5 }' >"$tmp/loads"
while read -r pa fs; do in_flash "$pa" "$fs" || echo "$pa+$fs"; done <"$tmp/loads" >"$tmp/badloads"
[ -s "$tmp/loads" ] && [ ! -s "$tmp/badloads" ] && ok "every byte to flash is in FLASH ($(wc -l <"$tmp/loads") segments)" ||
    ko "bytes to flash outside FLASH: $(cat "$tmp/badloads")"

hex=${elf%.elf}.hex
if [ -s "$hex" ] && ${X}objcopy -I ihex -O binary "$hex" "$tmp/hex.bin" && cmp -s "$tmp/elf.bin" "$tmp/hex.bin"; then
    ok "$(basename "$hex") holds the image's bytes"
else
    ko "$hex missing or not the image's bytes"
fi

nbkpt() { ${X}objdump -d "$1" | grep -c 'bkpt[[:space:]]*0x00ab'; }
if [ "$semi" = 0 ]; then
    [ "$(nbkpt "$elf")" -eq 0 ] && ok "no semihosting call (BKPT 0xAB) in the image" ||
        ko "$(nbkpt "$elf") semihosting calls in an image for a board alone"
    [ "$(nbkpt "$control")" -gt 0 ] && ok "the search finds them where semihosting is on ($(basename "$control"))" ||
        ko "no BKPT 0xAB found in $control either: the search proves nothing"
fi
${X}nm "$elf" | grep -q ' T rtb_cm_board_init$' && ok "the board's own start-up is linked (rtb_cm_board_init)" ||
    ko "rtb_cm_board_init is not the board driver's"

set -- $(${X}size "$elf" | tail -n 1)
rom=$(($1 + $2)) ram=$(($2 + $3))
in_flash $flash0 $rom && in_ram $ram0 $ram && ok "it fits" || ko "it does not fit"
echo "size $(basename "$elf"): rom=$rom bytes of $flashn, ram=$ram bytes of $ramn"
finish "test_board_image $board"
