/* main() of syncswitch-mpi: the command line of syncswitch with the rows
 * of the torus split over the ranks of `mpirun -np K` (model/dist.h). */
#include "dist_mpi.h"

int syncswitch_main(int argc, char **argv);

int main(int argc, char **argv)
{
    int rc = dist_mpi_start(&argc, &argv);
    return dist_mpi_stop(rc >= 0 ? rc : syncswitch_main(argc, argv));
}
