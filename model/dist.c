/* dist.h for a program that runs in one process: no partners. The MPI
 * front end (mpi/dist_mpi.c) links a strong dist_get over this weak one. */
#include "dist.h"
#include <stddef.h>

__attribute__((weak)) const dist_ops *dist_get(void) { return NULL; }

int dist_ranks(void)
{
    const dist_ops *d = dist_get();
    return d ? d->ranks : 1;
}

int dist_rank(void)
{
    const dist_ops *d = dist_get();
    return d ? d->rank : 0;
}

void dist_share_options(int *argc, char ***argv)
{
    const dist_ops *d = dist_get();
    if (d) d->share_options(argc, argv);
}

void dist_abort(int status)
{
    const dist_ops *d = dist_get();
    if (d) d->abort_run(status);
}

void dist_band(int n, int part, int parts, int *lo, int *hi)
{
    *lo = part * n / parts;
    *hi = (part + 1) * n / parts;
}
