/* syncswitch-mpi's start and stop around the command line's main
 * (mpi/main.c). */
#ifndef SYNCSWITCH_DIST_MPI_H
#define SYNCSWITCH_DIST_MPI_H

/* MPI_Init; every rank checked to run the same binary with the same
 * arguments; ranks other than 0 print nothing from here on. Returns -1 to
 * go on, else the exit status (every rank alike). */
int dist_mpi_start(int *argc, char ***argv);
/* MPI_Finalize; returns rc. */
int dist_mpi_stop(int rc);

#endif
