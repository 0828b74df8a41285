/*
 * Cycle-model validation guest: runs the marked rows (micro.S), then prints a
 * line that depends on the guest's own view of time (SysTick under -icount), so
 * that a run with the plugin can be compared with one without it.
 */
#include <stdint.h>

void micro_run(void);
void semihost_puts(const char *s);

#define SYST_CSR (*(volatile uint32_t *)0xE000E010u)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014u)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018u)

static void hex(char *p, uint32_t v)
{
    for (int i = 7; i >= 0; i--) {
        p[i] = "0123456789abcdef"[v & 15];
        v >>= 4;
    }
}

int main(void)
{
    static const char text[] = "cycle-model guest: systick 00000000 -> 00000000\n";
    char line[sizeof text];
    for (unsigned i = 0; i < sizeof text; i++)
        line[i] = text[i];
    SYST_RVR = 0x00ffffffu;
    SYST_CVR = 0;
    SYST_CSR = 5; /* processor clock, enabled, no interrupt */
    uint32_t t0 = SYST_CVR;
    micro_run();
    uint32_t t1 = SYST_CVR;
    hex(line + 27, t0);
    hex(line + 39, t1);
    semihost_puts(line);
    return 0;
}
