"""The Python bindings against the command line: the same runs give the same
JSON, the same refused values the same line (docs/python.md).
SYNCSWITCH_CLI names the CLI (default build/syncswitch of this tree)."""
import json
import os
import subprocess
from pathlib import Path

import pytest

import syncswitch

ROOT = Path(__file__).resolve().parents[2]
CLI = os.environ.get("SYNCSWITCH_CLI", str(ROOT / "build" / "syncswitch"))
TRACE = ROOT / "traces" / "example.trace"


def cli(*args):
    return subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=60)


def cli_json(*args):
    p = cli(*args, "--json")
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def differ(ours, theirs):
    """{key: (ours, CLI's)} where the two runs' JSON differ; wall_s is the
    host's time, backend the CLI's choice (always c here)."""
    keys = (ours.keys() | theirs.keys()) - {"wall_s", "backend"}
    return {k: (ours.get(k), theirs.get(k)) for k in sorted(keys) if ours.get(k) != theirs.get(k)}


def flags(fields):
    return [x for k, v in fields.items() for x in ("--" + k.replace("_", "-"), v)]


@pytest.mark.parametrize("kernel,fields", [
    ("phased", dict(n=8, words=16)),
    ("msgpass", dict(n=4, words=8)),
    ("cx-linear", dict(n=4, words=4)),
    ("msgpass", dict(n=4, words=8, preset="ipsc860", tt=3)),  # a preset, then a field over it
    ("msgpass", dict(n=4, words=8, vcs=2, routing_function="min_adapt")),
    ("msgpass", dict(n=4, words=8, vcs=3, routing_function="valiant")),
], ids=["phased_n8_B16", "msgpass_n4_B8", "cx-linear_n4_B4", "msgpass_ipsc860_tt3",
        "msgpass_min_adapt", "msgpass_valiant"])
def test_kernel_equals_cli(kernel, fields):
    ours = syncswitch.run_kernel(kernel, **fields)
    assert not differ(ours, cli_json("run", "--kernel", kernel, *flags(fields)))
    assert ours["verified"] is True and ours["cycles"] > 0


def test_traffic_equals_cli():
    fields = dict(n=4, seed=7, window=2000, warmup=500)
    ours = syncswitch.run_traffic("uniform", 0.1, **fields)
    assert not differ(ours, cli_json("traffic", "--pattern", "uniform", "--rate", 0.1,
                                     *flags(fields)))
    assert ours["delivered"] > 0


def test_no_packets_no_latency():
    # rate 0: nothing measured, so no latency and no steadiness, not 0.0
    fields = dict(n=4, window=100, warmup=0)
    ours = syncswitch.run_traffic("uniform", 0, **fields)
    assert not differ(ours, cli_json("traffic", "--pattern", "uniform", "--rate", 0, *flags(fields)))
    assert ours["delivered"] == 0 and ours["lat_mean"] is None and ours["net_p99"] is None
    assert ours["steady"] is None


def test_trace_file_equals_cli():
    ours = syncswitch.run_trace(TRACE, n=4)
    assert not differ(ours, cli_json("traffic", "--trace-in", TRACE, "--n", 4))
    assert ours["delivered"] == ours["packets"] > 0


def test_trace_messages_equal_file():
    rows = []
    for line in TRACE.read_text().splitlines():
        line = line.split("#")[0].replace(",", " ").split()
        if line:
            rows.append(tuple(int(x) for x in line))
    assert not differ(syncswitch.run_trace(rows, n=4), syncswitch.run_trace(TRACE, n=4))


# each bad value, how Python sets it, and the CLI line that sets it
KERNEL = ("run", "--kernel", "phased", "--words", 16, "--n", 8)
TRAFFIC = ("traffic", "--pattern", "uniform", "--rate", 0.1, "--n", 4)
BAD = [
    ("depth 32", dict(depth=32), KERNEL + ("--depth", 32)),
    ("depth 0", dict(depth=0), KERNEL + ("--depth", 0)),
    ("tt 0", dict(tt=0), KERNEL + ("--tt", 0)),
    ("n 1", dict(n=1), KERNEL + ("--n", 1)),
    ("n 65", dict(n=65), KERNEL + ("--n", 65)),
    ("jitter 1.5", dict(jitter=1.5), KERNEL + ("--jitter", 1.5)),
    ("mem_bw 0.001", dict(mem_bw=0.001), KERNEL + ("--mem-bw", 0.001)),
    ("words -1", dict(words=-1), KERNEL + ("--words", -1)),
    ("kernel nosuch", dict(kernel="nosuch"), KERNEL + ("--kernel", "nosuch")),
    ("rate 2", dict(rate=2), TRAFFIC + ("--rate", 2)),
    ("packet 2-9", dict(packet="2-9"), TRAFFIC + ("--packet", "2-9")),
    ("min_adapt K 1", dict(routing_function="min_adapt"), TRAFFIC + ("--routing-function", "min_adapt")),
    ("routing nosuch", dict(routing_function="ugal"), TRAFFIC + ("--routing-function", "ugal")),
]


@pytest.mark.parametrize("name,fields,argv", BAD, ids=[b[0].replace(" ", "_") for b in BAD])
def test_refusal_is_the_cli_line(name, fields, argv):
    p = cli(*argv)
    assert p.returncode == 2
    if argv[0] == "run":
        kw = {"kernel": "phased", "words": 16, "n": 8, **fields}
        call = lambda: syncswitch.run_kernel(**kw)
    else:
        kw = {"pattern": "uniform", "rate": 0.1, "n": 4, **fields}
        call = lambda: syncswitch.run_traffic(**kw)
    with pytest.raises(syncswitch.ParamError) as e:
        call()
    assert "syncswitch: " + str(e.value) == p.stderr.splitlines()[0]


def test_check_params_refuses_each_field_above_its_range():
    # from the fields' own data: hi + 1 is refused and the line names the field
    for f in syncswitch.fields("params"):
        if f["type"] == "text":
            continue
        bad = int(f["hi"]) + 1 if f["type"] == "int" else f["hi"] * 2
        with pytest.raises(syncswitch.ParamError, match="^%s = .* is out of range \\(allowed %s\\)$"
                           % (f["name"], f["range"].replace("+", "\\+"))):
            syncswitch.check_params(**{f["name"]: bad})
    assert syncswitch.check_params(n=8, depth=4) is None


def test_unknown_field_and_wrong_type():
    with pytest.raises(syncswitch.ParamError, match="^unknown field 'bogus' "):
        syncswitch.run_kernel("phased", 16, bogus=1)
    with pytest.raises(syncswitch.ParamError, match="^n needs an integer, got '8.5'$"):
        syncswitch.run_kernel("phased", 16, n=8.5)
    with pytest.raises(syncswitch.ParamError, match="^preset 'nosuch' is unknown"):
        syncswitch.run_kernel("phased", 16, preset="nosuch")
    # an integral float is an integer
    assert not differ(syncswitch.run_kernel("msgpass", 8, n=4.0),
                      syncswitch.run_kernel("msgpass", 8, n=4))


def test_trace_with_bad_node_ids_raises(tmp_path):
    with pytest.raises(syncswitch.ParamError, match="destination 99 is outside the 4x4 torus"):
        syncswitch.run_trace([(0, 0, 1, 8), (5, 0, 99, 8)], n=4)
    bad = tmp_path / "bad.trace"
    bad.write_text("0 16 1 8\n")
    with pytest.raises(syncswitch.ParamError, match="source 16 is outside the 4x4 torus"):
        syncswitch.run_trace(bad, n=4)
    assert cli("traffic", "--trace-in", bad, "--n", 4).returncode == 2
    with pytest.raises(syncswitch.ParamError, match="^%s: no messages in the trace$" % (tmp_path / "empty.trace")):
        (tmp_path / "empty.trace").write_text("# nothing\n")
        syncswitch.run_trace(tmp_path / "empty.trace", n=4)
    # no messages from an iterable either (was: "traffic needs a pattern")
    for empty in ([], iter(())):
        with pytest.raises(syncswitch.ParamError, match=r"^trace: no messages in the trace \(an empty iterable\)$"):
            syncswitch.run_trace(empty, n=4)


def test_stuck_run_raises_run_error():
    args = dict(n=4, words=8, stall="3:2", watchdog=1000)
    with pytest.raises(syncswitch.RunError) as e:
        syncswitch.run_kernel("msgpass", **args)
    assert e.value.status == "stuck"
    p = cli("run", "--kernel", "msgpass", *flags(args))
    assert p.returncode == 3
    # the watchdog's headline, as the CLI's report starts
    assert str(e.value) == p.stderr.splitlines()[0]
    assert str(e.value).startswith("no progress for 1000 cycles")


def test_lists_match_the_cli():
    names = [k["name"] for k in syncswitch.kernels()]
    listed = [line.split()[0] for line in cli("list").stdout.splitlines() if line.strip()]
    assert names and all(n in listed for n in names)
    assert "phased" in names and "cx-linear" in names
    presets = cli("presets").stdout
    assert all(p["name"] in presets and p["description"] in presets
               for p in syncswitch.presets())
    assert {f["name"] for f in syncswitch.fields("traffic")} >= {"pattern", "rate", "packet"}
    with pytest.raises(ValueError):
        syncswitch.fields("nosuch")


def test_absent_rate_is_none():
    # a run of no cycles has no bandwidth: null in the JSON, None here (was
    # "eq3_mbps":-nan, which json.loads refused)
    for extra in (dict(words=0), dict(words=8, zero_prob=1)):
        ours = syncswitch.run_kernel("msgpass-var", n=8, **extra)
        assert ours["cycles"] == 0 and ours["eq3_mbps"] is None and ours["agg_mbps"] is None
        assert not differ(ours, cli_json("run", "--kernel", "msgpass-var", *flags(dict(n=8, **extra))))
