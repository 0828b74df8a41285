/*
 * rtbench host - the record parser's old names, kept only for
 * tests/qemu/qemu_check.c, which the restructure-suite branch owns. Once
 * both branches are merged, rename there and delete this file:
 *   sed -i 's/parse_rtbench\.h/record_parser.h/; s/struct prs\b/struct record_parser/;
 *           s/\bprs_\(init\|feed\|finish\|free\)\b/record_parser_\1/g' tests/qemu/qemu_check.c
 */
#ifndef RTBH_PARSE_RTBENCH_H
#define RTBH_PARSE_RTBENCH_H

#include "record_parser.h"

#define prs record_parser
#define prs_init record_parser_init
#define prs_feed record_parser_feed
#define prs_finish record_parser_finish
#define prs_free record_parser_free

#endif /* RTBH_PARSE_RTBENCH_H */
