/*
 * The little the cycle model reads from the guest's ELF image (32-bit,
 * little-endian ARM): words of the loaded image by physical address (the boot
 * vector table), and symbols (the window-mark block, exception handlers).
 */
#ifndef CM_ELF_H_
#define CM_ELF_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cm_elf {
    uint8_t *data;
    size_t size;
    uint32_t lowest_load; /* lowest physical address of a loadable executable segment */
};

/* Reads path; returns 0, or -1 with a message in err. */
int cm_elf_open(struct cm_elf *e, const char *path, char *err, size_t errlen);
void cm_elf_close(struct cm_elf *e);

/* The word loaded at physical address addr: true if the image holds it. */
bool cm_elf_word(const struct cm_elf *e, uint32_t addr, uint32_t *out);

/* True if addr lies in an executable loadable segment. */
bool cm_elf_is_code(const struct cm_elf *e, uint32_t addr);

/* The value of symbol name: true if found. */
bool cm_elf_symbol(const struct cm_elf *e, const char *name, uint32_t *out);

/* Calls fn for every function symbol. */
void cm_elf_functions(const struct cm_elf *e,
                      void (*fn)(const char *name, uint32_t value, void *ctx), void *ctx);

#endif
