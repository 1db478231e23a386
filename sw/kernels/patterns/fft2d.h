/* Distributed 2D FFT with AAPC transposes (Hinrichs et al. 1994, Sec. 4.4,
 * Fig. 10).
 *
 * Geometry. --words B is the AAPC block of the transposes and must be
 * 2 k^2: each of the N = n^2 nodes holds k rows of an R x R complex image,
 * R = k N (a power of two, <= FFT2D_MAX_R), one complex value = two 32-bit
 * words (IEEE float bit patterns, real then imaginary). The paper's case,
 * 512 x 512 on 8 x 8 with 128-word messages, is --n 8 --words 128.
 *
 * Steps: row FFTs on the k local rows; transpose by AAPC (node i sends node j
 * the k x k block of its rows and j's columns); row FFTs again (the columns
 * of the image); transpose back. Each node ends with its k rows of the 2D
 * FFT. The transposes use the kernel named by --transpose: "phased"
 * (default; Fig. 5 schedule, hardware synchronizing switch, AAPC pool) or
 * "msgpass" (Fig. 6, random order, message-passing pool, plus a
 * dissemination barrier of empty messages between the two transposes, which
 * the deposit model needs so that no second-transpose block lands in the
 * buffer of the first; its cost counts as communication).
 *
 * Computation costs simulated time: api_compute(flops * C) after each FFT
 * pass, flops = 5 R log2 R per R-point FFT, C = --flop-cycles or, when 0,
 * FFT2D_DEFAULT_FLOP_CYCLES. The arithmetic itself is real (single
 * precision). At the end every node compares its rows with a double
 * precision single-node 2D FFT of the same image (outside simulated time). */
#ifndef SYNCSWITCH_FFT2D_H
#define SYNCSWITCH_FFT2D_H
#include <stdint.h>
#include "aapc_blocks.h"

/* 2 cycles per flop: the paper's 512 x 512 FFT spent 52% of its time in
 * 801,000 cycles of communication, leaving ~739,000 cycles for the
 * 368,640 flops per node (2 passes x 8 rows x 5 x 512 x 9). */
#define FFT2D_DEFAULT_FLOP_CYCLES 2
#define FFT2D_MAX_R 4096
/* An element fails when |X - X_ref| > FFT2D_TOL * RMS(X_ref). */
#define FFT2D_TOL 1e-5


/* The image: pixel (u, v) of the R x R input for seed. */
void fft2d_input(uint32_t seed, int u, int v, float *re, float *im);

/* Check the k rows of node id held in mem (the block-column layout: column
 * j*k + c of local row r at mem[j*B + 2(r*k + c)]) against the reference.
 * Returns the number of elements beyond tolerance; *max_err gets the
 * largest error relative to RMS(X_ref). -1 on bad geometry or no memory. */
long fft2d_check_rows(const uint32_t *mem, int n, uint32_t words, uint32_t seed, int id,
                      double *max_err);

/* Write the reference's rows of node id, rounded to float, into mem in the
 * same layout (what a correct run leaves there). 0, or -1. */
int fft2d_reference_rows(uint32_t *mem, int n, uint32_t words, uint32_t seed, int id);

/* The reference's own check: its fast 2D FFT against a direct O(R^4) DFT
 * for a small R (a power of two); returns max error / RMS, or -1. */
double fft2d_reference_vs_dft(int R, uint32_t seed);

void fft2d_program(node_ctx *c, const void *cfg);
const char *fft2d_check(const kernel_cfg *c);
size_t fft2d_mem_words(const kernel_cfg *c);
double fft2d_bytes(const kernel_cfg *c);

#endif
