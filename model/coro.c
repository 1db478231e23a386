#define _XOPEN_SOURCE 700
/* glibc's checked longjmp refuses a jump to another stack, which is the
 * point here: the plain one is wanted. */
#undef _FORTIFY_SOURCE
#include "coro.h"
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <ucontext.h>

/* A switch is a swapcontext the first time a coroutine runs (makecontext
 * gives it its stack) and a _setjmp/_longjmp pair after that: swapcontext
 * also saves and restores the signal mask, a system call each way, and a
 * node program switches at every call that waits (docs/scale.md: 14 % of
 * a 64x64 phased run). The mask never changes inside a run, so the two
 * switches do the same. Under AddressSanitizer, which follows stack
 * switches through swapcontext only, and with -DSS_CORO_UCONTEXT, every
 * switch is a swapcontext (make sanitize runs the test suite that way). */
#if defined(__SANITIZE_ADDRESS__) && !defined(SS_CORO_UCONTEXT)
#define SS_CORO_UCONTEXT 1
#endif
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(SS_CORO_UCONTEXT)
#define SS_CORO_UCONTEXT 1
#endif
#endif

struct coro {
    ucontext_t self, caller;
    jmp_buf self_jb, caller_jb;
    int started;
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
#ifdef SS_CORO_UCONTEXT
    swapcontext(&c->self, &c->caller);
#else
    _longjmp(c->caller_jb, 1);
#endif
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
    if (c->done) return;
#ifdef SS_CORO_UCONTEXT
    swapcontext(&c->caller, &c->self);
#else
    /* back here when the coroutine yields or returns */
    if (_setjmp(c->caller_jb)) return;
    if (!c->started) {
        c->started = 1;
        swapcontext(&c->caller, &c->self);   /* never returns here: _longjmp does */
    } else {
        _longjmp(c->self_jb, 1);
    }
#endif
}

void coro_yield(coro_t *c)
{
#ifdef SS_CORO_UCONTEXT
    swapcontext(&c->self, &c->caller);
#else
    if (!_setjmp(c->self_jb)) _longjmp(c->caller_jb, 1);
#endif
}

int coro_done(const coro_t *c) { return c->done; }

void coro_free(coro_t *c)
{
    if (!c) return;
    free(c->stack);
    free(c);
}
