/* The fuzz kernels' traffic plan (fuzz_kernels.h): every choice is a hash
 * of the seed, so all nodes agree on it and a seed replays exactly. */
#include "fuzz_kernels.h"
#include "payload.h"
#include "rand.h"

int fuzz_phases(int n)
{
    int N = n * n;
    return N / 2 < 16 ? N / 2 : 16;
}

int fuzz_rounds(int n)
{
    int N = n * n, left = N - fuzz_phases(n);
    return left < 24 ? left : 24;
}

static uint32_t h4(uint32_t seed, uint32_t a, uint32_t b, uint32_t c)
{
    return pat_mix32(pat_mix32(pat_mix32(seed ^ 0x3c6ef372u) ^ a * 0x9e3779b1u) ^
                     (b + 0x7f4a7c15u) * 0x85ebca6bu ^ (c + 1u) * 0xc2b2ae35u);
}

/* Phase k: in row y the even or the odd nodes (bit) go +2 in x, the others
 * -2, so each X+ and X- input of the row is crossed exactly once; the same
 * in y per destination column. */
static int row_sign(uint32_t seed, int k, int y, int x)
{
    return ((x & 1) ^ (int)(h4(seed, (uint32_t)k, 1, (uint32_t)y) & 1)) ? -2 : 2;
}

static int col_sign(uint32_t seed, int k, int col, int y)
{
    return ((y & 1) ^ (int)(h4(seed, (uint32_t)k, 2, (uint32_t)col) & 1)) ? -2 : 2;
}

void fuzz_aapc_route(uint32_t seed, int n, int k, int x, int y, int *dx, int *dy)
{
    *dx = row_sign(seed, k, y, x);
    int col = ((x + *dx) % n + n) % n;
    *dy = col_sign(seed, k, col, y);
}

int fuzz_aapc_source(uint32_t seed, int n, int k, int x, int y)
{
    /* +-2 keeps parities: the Y leg started in row y0 of the parity of y */
    int y0 = ((y - col_sign(seed, k, x, y)) % n + n) % n;
    int x0 = ((x - row_sign(seed, k, y0, x)) % n + n) % n;
    return y0 * n + x0;
}

void fuzz_round_dests(uint32_t seed, int n, int j, int *dst)
{
    pat_shuffle(dst, n * n, h4(seed, (uint32_t)j, 3, 0), j);
}

static int long_way(int d, int n) { return d > 0 ? d - n : d < 0 ? d + n : 0; }

void fuzz_round_route(uint32_t seed, int n, int j, int s, int dst, int *dx, int *dy)
{
    uint32_t h = h4(seed, (uint32_t)j, 4, (uint32_t)s);
    *dx = api_ring_offset(s % n, dst % n, n);
    *dy = api_ring_offset(s / n, dst / n, n);
    if ((h & 3) == 0) *dx = long_way(*dx, n);
    if ((h >> 2 & 3) == 0) *dy = long_way(*dy, n);
}

uint32_t fuzz_len(uint32_t seed, uint32_t words, int t, int s)
{
    uint32_t h = h4(seed, (uint32_t)t, 5, (uint32_t)s);
    return (h & 7) == 0 ? 0 : (h >> 3) % (words + 1u);
}

uint32_t fuzz_word(int s, int t, int dst, uint32_t i)
{
    return payload_word((uint32_t)s + 4096u * (uint32_t)(t + 1), (uint32_t)dst, i);
}

uint32_t fuzz_draw(uint32_t seed, int id, uint32_t i, uint32_t max)
{
    return h4(seed, (uint32_t)id, 6, i) % (max + 1u);
}
