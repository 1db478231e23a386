#define _XOPEN_SOURCE 700
#include "coro.h"
#include <stdint.h>
#include <stdlib.h>
#include <ucontext.h>

struct coro {
    ucontext_t self, caller;
    void (*fn)(void *);
    void *arg;
    int done;
    void *stack;
};

/* makecontext passes int arguments only: split the pointer in two. */
static void trampoline(unsigned hi, unsigned lo)
{
    coro_t *c = (coro_t *)(((uintptr_t)hi << 16 << 16) | (uintptr_t)lo);
    c->fn(c->arg);
    c->done = 1;
    swapcontext(&c->self, &c->caller);
}

/* getcontext returns twice in principle; keeping it in its own frame with
 * nothing live across it keeps -Wclobbered quiet and the code obvious. */
static int capture(ucontext_t *uc) { return getcontext(uc); }

coro_t *coro_new(size_t stack_bytes, void (*fn)(void *), void *arg)
{
    coro_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->stack = malloc(stack_bytes);
    if (!c->stack || capture(&c->self) != 0) {
        free(c->stack);
        free(c);
        return NULL;
    }
    c->fn = fn;
    c->arg = arg;
    c->self.uc_stack.ss_sp = c->stack;
    c->self.uc_stack.ss_size = stack_bytes;
    c->self.uc_link = NULL;
    uintptr_t u = (uintptr_t)c;
    makecontext(&c->self, (void (*)(void))trampoline, 2,
                (unsigned)(u >> 16 >> 16), (unsigned)(u & 0xffffffffu));
    return c;
}

void coro_resume(coro_t *c)
{
    if (!c->done) swapcontext(&c->caller, &c->self);
}

void coro_yield(coro_t *c) { swapcontext(&c->self, &c->caller); }

int coro_done(const coro_t *c) { return c->done; }

void coro_free(coro_t *c)
{
    if (!c) return;
    free(c->stack);
    free(c);
}
