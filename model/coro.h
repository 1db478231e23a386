/* Cooperative coroutines for node programs: each node program is plain
 * sequential C on its own stack; a call that waits yields to the simulator,
 * which resumes it in a fixed node order once its condition holds, so runs
 * are deterministic. */
#ifndef SYNCSWITCH_CORO_H
#define SYNCSWITCH_CORO_H
#include <stddef.h>

typedef struct coro coro_t;

/* A coroutine that will run fn(arg) on a stack of stack_bytes. NULL on
 * allocation failure. */
coro_t *coro_new(size_t stack_bytes, void (*fn)(void *), void *arg);
/* Run until the coroutine yields or returns. */
void coro_resume(coro_t *c);
/* From inside the coroutine: hand control back to the resumer. */
void coro_yield(coro_t *c);
int coro_done(const coro_t *c);
void coro_free(coro_t *c);

#endif
