#include "kernels.h"
#include <string.h>

const kernel_t kernel_table[] = {
    { "phased", "phased AAPC, hardware synchronizing switch (one message per node per phase)",
      "Hinrichs et al. 1994, Sec. 2.2.4, Fig. 5", aapc_phased, SYNC_HW, 1 },
    { "msgpass", "message-passing AAPC: e-cube on dateline VCs, random order, deposit receive",
      "Hinrichs et al. 1994, Sec. 3, Fig. 6", aapc_msgpass, SYNC_OFF, 0 },
};
const int kernel_count = (int)(sizeof kernel_table / sizeof kernel_table[0]);

const kernel_t *kernel_find(const char *name)
{
    for (int i = 0; i < kernel_count; i++)
        if (strcmp(kernel_table[i].name, name) == 0) return &kernel_table[i];
    return NULL;
}
