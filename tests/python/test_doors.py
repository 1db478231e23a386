"""No silent conversion at the Python door (issue 30): every value reaches
the library as the CLI would give it, so a refusal is the library's line,
the CLI's own; nothing is narrowed, rounded or cut by ctypes on the way.
Each case failed before (a wrapped integer ran, 4.9 words ran as 4, a
fifth tuple field was dropped, preset=5 raised AttributeError, ...)."""
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import syncswitch

ROOT = Path(__file__).resolve().parents[2]
CLI = os.environ.get("SYNCSWITCH_CLI", str(ROOT / "build" / "syncswitch"))

KERNEL = ["run", "--kernel", "msgpass", "--n", "4", "--words", "4"]
TRAFFIC = ["traffic", "--pattern", "uniform", "--rate", "0.05", "--n", "4", "--window", "200",
           "--warmup", "100"]
# the values every field is walked with: b"x" is text as the CLI gets it
BAD = [2**63, 2**64 + 5, -1, 4.9, math.nan, True, b"x"]


def cli(args, cwd=None):
    p = subprocess.run([CLI, *args], capture_output=True, timeout=120, cwd=cwd)
    err = p.stderr.decode("utf-8", "backslashreplace").splitlines()
    return p.returncode, err[0].removeprefix("syncswitch: ").removesuffix(
        " (try 'syncswitch --help')") if err else ""


def as_cli_text(v):
    """What a user types for v: an int's digits, a float's repr, text as is."""
    if isinstance(v, bytes):
        return v.decode()
    return repr(v) if isinstance(v, float) else str(v)


def python_run(set_name, name, value):
    """The Python call setting field `name` to value: None, or the line."""
    try:
        if set_name == "traffic":
            kw = dict(pattern="uniform", rate=0.05, n=4, window=200, warmup=100)
            kw[name] = value
            syncswitch.run_traffic(kw.pop("pattern"), kw.pop("rate"), **kw)
        else:
            kw = dict(kernel="msgpass", words=4, n=4)
            kw[name] = value
            syncswitch.check_kernel(kw.pop("kernel"), kw.pop("words"), **kw)
    except syncswitch.ParamError as e:
        return str(e)
    return None


def every_field():
    return [(s, f) for s in ("params", "kernel", "traffic") for f in syncswitch.fields(s)]


def judge(set_name, f, value, tmp_path):
    """None when Python and the CLI agree on value for field f, else why not."""
    name, kind = f["name"], f["type"]
    ours = python_run(set_name, name, value)
    switch = kind == "int" and f["lo"] == 0 and f["hi"] == 1
    if isinstance(value, (bool, float)) and kind == "text":
        # a number is not text: refused by the library's setter, whatever
        # the CLI makes of the same characters
        want = "%s needs text, not a number" % name
        return None if ours == want else "Python: %r, want %r" % (ours, want)
    flag = "--" + name.replace("_", "-")
    base = TRAFFIC if set_name == "traffic" else KERNEL
    if value is True and switch:   # a switch: True is 1, the CLI's flag (or its 1)
        rc, line = cli(base + [flag], cwd=tmp_path)
        if "unknown option" in line or "needs a value" in line:
            rc, line = cli(base + [flag, "1"], cwd=tmp_path)
        want = line if rc == 2 and "unknown option" not in line else None
        return None if ours == want else "Python: %r, CLI: %r" % (ours, line)
    rc, line = cli(base + [flag, as_cli_text(value)], cwd=tmp_path)
    if "unknown option" in line or "unexpected argument" in line:
        # a field without a flag, or a switch's flag that takes no value:
        # the library alone judges (every value walked is outside a range
        # but 4.9 for a real field that allows it)
        fits = kind == "real" and isinstance(value, float) and f["lo"] <= value <= f["hi"]
        return None if (ours is None) == fits else "Python: %r" % ours
    if rc == 2:
        return None if ours == line else "Python: %r, CLI: %r" % (ours, line)
    return None if ours is None and rc == 0 else "Python: %r, CLI exit %d: %r" % (ours, rc, line)


@pytest.mark.parametrize("set_name,f", every_field(),
                         ids=["%s-%s" % (s, f["name"]) for s, f in every_field()])
def test_every_field_refused_as_the_cli(set_name, f, tmp_path, monkeypatch):
    # each field with 2**63, 2**64 + 5, -1, 4.9, NaN, True and b"x": the
    # same refusal (the library's line) as the CLI given the same text
    monkeypatch.chdir(tmp_path)   # a text field (links) may name a file: written here
    wrong = {repr(v): judge(set_name, f, v, tmp_path) for v in BAD}
    assert not {v: w for v, w in wrong.items() if w}


def trace_line_refusal(tmp_path, text):
    path = tmp_path / "one.trace"
    path.write_text(text + "\n")
    rc, line = cli(["traffic", "--trace-in", str(path), "--n", "4"])
    assert rc == 2 and line.startswith("%s:1: " % path), line
    return line[len("%s:1: " % path):]


@pytest.mark.parametrize("msg", [
    (0, 2**32 + 1, 2, 4),        # was: ran from source 1 (ctypes wrapped it)
    (0, 0, 2, 4, 9),             # was: the fifth field dropped
    (0, 0, 2, 4.9),              # was: 4 words
    (0, True, 2, 4),
    (2**64 + 7, 0, 2, 4),
    (-1, 0, 2, 4),
    (0, 0, 2),
    (0, "0 1", 2, 4),            # one field with a separator stays one field
    (0, 0, 2, math.nan),
], ids=["src_2e32", "fifth_field", "words_4.9", "bool", "cycle_2e64", "cycle_neg",
        "three_fields", "separator", "nan"])
def test_trace_tuple_refused_as_the_file_line(msg, tmp_path):
    with pytest.raises(syncswitch.ParamError) as e:
        syncswitch.run_trace([msg], n=4)
    why = str(e.value)
    assert why.startswith("trace message 1: ")
    if msg[1] != "0 1":
        text = " ".join(as_cli_text(x) for x in msg)
        assert why[len("trace message 1: "):] == trace_line_refusal(tmp_path, text)


def test_trace_tuple_good_and_lines():
    ref = syncswitch.run_trace([(0, 0, 5, 8), (10, 3, 12, 4)], n=4)
    assert ref["delivered"] == 2
    same = syncswitch.run_trace(["0 0 5 8", b"10 3 12 4"], n=4)
    assert {k: v for k, v in same.items() if k != "wall_s"} == \
        {k: v for k, v in ref.items() if k != "wall_s"}
    with pytest.raises(syncswitch.ParamError, match="^trace = 5: a file name"):
        syncswitch.run_trace(5, n=4)


def test_trace_fifo_refused(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(syncswitch.ParamError, match="a FIFO, not a regular file$"):
        syncswitch.run_trace(fifo, n=4)


def test_eq1_checks_its_arguments():
    assert syncswitch.eq1_mbps(n=8) == 2560.0
    with pytest.raises(syncswitch.ParamError, match=r"^tt = 0 is out of range \(allowed 1\.\.64\)$"):
        syncswitch.eq1_mbps(tt=0)     # was 0.0
    with pytest.raises(syncswitch.ParamError, match=r"^n = -8 is out of range"):
        syncswitch.eq1_mbps(n=-8, mhz=-20)   # was 2560.0
    with pytest.raises(syncswitch.ParamError, match="^unknown field 'bogus'"):
        syncswitch.eq1_mbps(bogus=1)


def test_preset_not_a_name():
    rc, line = cli(KERNEL + ["--preset", "5"])
    assert rc == 2
    with pytest.raises(syncswitch.ParamError) as e:   # was AttributeError
        syncswitch.run_kernel("msgpass", 4, n=4, preset=5)
    assert str(e.value) == line


def test_packet_as_the_cli_takes_it():
    fields = dict(n=4, window=200, warmup=100, seed=3)
    ours = syncswitch.run_traffic("uniform", 0.05, packet=7, **fields)   # was refused
    assert ours["packet_min"] == ours["packet_max"] == 7
    assert ours == {**ours, **syncswitch.run_traffic("uniform", 0.05, packet="7", **fields),
                    "wall_s": ours["wall_s"]}


def test_run_kernel_needs_n_as_the_cli():
    rc, line = cli(["run", "--kernel", "msgpass", "--words", "4"])
    assert rc == 2 and "--n" in line
    with pytest.raises(syncswitch.ParamError, match="^n is required"):   # was: ran on n = 8
        syncswitch.run_kernel("msgpass", 4)
    with pytest.raises(syncswitch.ParamError, match="^n is required"):
        syncswitch.check_kernel("msgpass", 4)


def test_text_with_nul_refused():
    with pytest.raises(syncswitch.ParamError, match="NUL"):
        syncswitch.run_kernel("msgpass", 4, n="4\0junk")   # was: ran on n = 4
    with pytest.raises(syncswitch.ParamError, match="NUL"):
        syncswitch.run_kernel("msgpass", b"4\0", n=4)


def test_no_conversion_by_ctypes():
    # each was accepted as another value before
    for kw, line in [
        (dict(n=2**64 + 4), "n = 18446744073709551620 is out of range (allowed 2..64)"),
        (dict(words=2**64 + 16), "words = 18446744073709551632 is out of range (allowed 0..1048576)"),
        (dict(seed=2**64 + 7), "seed = 18446744073709551623 is out of range (allowed 0..4294967295)"),
        (dict(n=2**70), "n = 1180591620717411303424 is out of range (allowed 2..64)"),
        (dict(words=4.9), "words needs an integer, got '4.9'"),
        (dict(depth=True), "depth needs an integer, got 'True'"),
        (dict(jitter=math.nan), "jitter needs a number, got 'nan'"),
        (dict(depth=None), "depth = None: give an int, a float, a str or bytes (or leave it out)"),
    ]:
        kw = {"n": 4, "words": 4, **kw}
        with pytest.raises(syncswitch.ParamError) as e:
            syncswitch.run_kernel("msgpass", **kw)
        assert str(e.value) == line


def test_misspelled_keyword_names_every_field_the_call_takes():
    # a keyword that is no field is reported against every field the call
    # takes, the machine's and the run's (was: the run's set alone, as if
    # n, depth or tt were not fields of run_kernel)
    calls = [(lambda: syncswitch.run_kernel("msgpass", 4, n=4, wrods=3), "kernel"),
             (lambda: syncswitch.run_traffic("uniform", 0.1, n=4, windw=3), "traffic"),
             (lambda: syncswitch.check_kernel("msgpass", 4, n=4, dpeth=3), "kernel")]
    for call, run_set in calls:
        with pytest.raises(syncswitch.ParamError, match="^unknown field '") as e:
            call()
        line = str(e.value)
        allowed = line[line.index("(allowed: ") + len("(allowed: "):-1].split(", ")
        want = [f["name"] for f in syncswitch.fields("params")] + \
               [f["name"] for f in syncswitch.fields(run_set)]
        assert allowed == want, line


# The shipped example (examples/python/sweep_eq1.py) is a door too: bad
# input is one line and exit 2 before any run (were: a traceback after the
# whole sweep for an unwritable PNG, a temporary file left beside the
# folder named, exit 1 for n = 7, a log-scale crash for --max-words 8)
EXAMPLE = ROOT / "examples" / "python" / "sweep_eq1.py"


@pytest.mark.parametrize("args,want", [
    (["{tmp}/nope/x.png", "--quick"], "the folder {tmp}/nope does not exist"),
    (["{tmp}", "--quick"], "the output is a PNG, name it FILE.png"),
    (["{tmp}/dir.png", "--quick"], "{tmp}/dir.png: a folder, not a file that can be replaced"),
    (["{tmp}/x.png", "--max-words", "8"], "--max-words 8: the sweep's sizes are 16, 32, ..."),
    (["{tmp}/x.png", "--quick", "--n", "7"], "n = 7: the phased schedule needs n a multiple of 8"),
    (["{tmp}/x.png", "--max-words", "abc"], "argument --max-words: invalid int value: 'abc'"),
    (["{tmp}/" + "a" * 236 + ".png", "--quick"], "the last name is 240 characters"),
], ids=["no_folder", "a_folder", "a_folder_named_png", "no_sizes", "n_7", "not_an_int",
        "name_too_long"])
def test_example_refuses_before_any_run(tmp_path, args, want):
    (tmp_path / "dir.png").mkdir()
    argv = [a.format(tmp=tmp_path) for a in args]
    p = subprocess.run([sys.executable, str(EXAMPLE), *argv],
                       capture_output=True, text=True, timeout=60)
    lines = p.stderr.splitlines()
    assert p.returncode == 2 and len(lines) == 1, p.stderr
    assert lines[0].startswith("sweep_eq1: ") and want.format(tmp=tmp_path) in lines[0], lines[0]
    assert p.stdout == ""   # no size was run
    assert sorted(x.name for x in tmp_path.iterdir()) == ["dir.png"]   # nothing left


# The library's check of a program's own output (ss_output_check, API 1.2):
# one line each, and a longest name that passes is written whole by the
# example, whose temporary name adds the 16 characters the check leaves
def test_check_output(tmp_path):
    assert syncswitch.check_output(str(tmp_path / "x.png")) is None
    with pytest.raises(syncswitch.ParamError, match=r"^'.*/no/x.png': the folder .* does not exist$"):
        syncswitch.check_output(str(tmp_path / "no" / "x.png"))
    with pytest.raises(syncswitch.ParamError, match=r"^png: a folder, not a file"):
        syncswitch.check_output(tmp_path, what="png")
    with pytest.raises(syncswitch.ParamError, match="holds a NUL byte"):
        syncswitch.check_output("x\0.png")
    assert list(tmp_path.iterdir()) == []


def test_example_longest_name_written(tmp_path):
    name = "a" * 235 + ".png"   # 239 characters: NAME_MAX less 16
    p = subprocess.run([sys.executable, str(EXAMPLE), str(tmp_path / name), "--quick"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert [x.name for x in tmp_path.iterdir()] == [name]
