#!/usr/bin/env python3
"""Phased vs message-passing AAPC on an 8x8 torus: % of Eq. 1 against the
message size B, in-process on libsyncswitch (docs/python.md).

    python examples/python/sweep_eq1.py out.png [--quick] [--max-words 1024]

Runs go on a thread pool: the library keeps no global state, and ctypes
drops the GIL for the length of a run."""
import argparse
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import matplotlib
matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt

import syncswitch

KERNELS = ("phased", "msgpass")


def sweep(sizes, n):
    # the longest runs first, so the pool ends together
    jobs = [(k, b) for b in sorted(sizes, reverse=True) for k in KERNELS]
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        runs = pool.map(lambda j: syncswitch.run_kernel(j[0], j[1], n=n), jobs)
        return {j: r["pct_eq1"] for j, r in zip(jobs, runs)}


def plot(pct, sizes, n, path):
    fig, ax = plt.subplots(figsize=(6, 4))
    for k in KERNELS:
        ax.plot(sizes, [pct[k, b] for b in sizes], marker="o", label=k)
    ax.axhline(100, color="grey", linestyle="--", label="Eq. 1")
    ax.set_xscale("log", base=2)
    ax.set_xticks(sizes, [str(b) for b in sizes])
    ax.set_xlabel("B, words per message")
    ax.set_ylabel("% of Eq. 1")
    ax.set_ylim(0, 110)
    ax.set_title("AAPC on a %dx%d torus (iwarp preset)" % (n, n))
    ax.legend()
    ax.grid(True, alpha=0.3)
    # a reader never sees half a PNG: written under a temporary name in its
    # folder, renamed when complete, removed if the write fails; the name
    # adds 16 characters, the most check_output leaves room for
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(path)),
                               prefix=os.path.basename(path) + ".partial")
    os.close(fd)
    try:
        fig.savefig(tmp, format="png", dpi=100, bbox_inches="tight")
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def refuse(why):
    """Bad input: one line on stderr, exit 2, before any run."""
    print("sweep_eq1: " + why, file=sys.stderr)
    sys.exit(2)


def check_output(path):
    """The PNG can be written where it is named: checked before the sweep,
    by the library's check of its own outputs (syncswitch.check_output)."""
    if not path.endswith(".png"):
        refuse("%s: the output is a PNG, name it FILE.png" % path)
    try:
        syncswitch.check_output(path, what=path)
    except syncswitch.ParamError as e:
        refuse(str(e))


class Parser(argparse.ArgumentParser):
    def error(self, message):   # one line, not the usage before it
        refuse(message + " (try --help)")


def main():
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("png")
    ap.add_argument("--quick", action="store_true", help="B up to 128 only (about a second)")
    ap.add_argument("--max-words", type=int, default=1024)
    ap.add_argument("--n", type=int, default=8)
    a = ap.parse_args()
    top = 128 if a.quick else a.max_words
    sizes = [b for b in (2 ** i for i in range(4, 21)) if b <= top]
    if not sizes:
        refuse("--max-words %d: the sweep's sizes are 16, 32, ... (allowed 16..1048576)" % top)
    check_output(a.png)
    for k in KERNELS:   # the library's check, every value of the sweep's last run
        try:
            syncswitch.check_kernel(k, sizes[-1], n=a.n)
        except syncswitch.ParamError as e:
            refuse(str(e))
    pct = sweep(sizes, a.n)
    for b in sizes:
        print("B=%-5d " % b + "  ".join("%s %5.1f%%" % (k, pct[k, b]) for k in KERNELS))
    plot(pct, sizes, a.n, a.png)


if __name__ == "__main__":
    try:
        main()
    except syncswitch.Error as e:
        raise SystemExit("sweep_eq1: %s" % e)
