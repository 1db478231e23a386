"""syncswitch: the cycle-level 2D-torus model with the synchronizing switch,
in-process on libsyncswitch (include/syncswitch.h; docs/python.md).

    import syncswitch
    r = syncswitch.run_kernel("phased", words=64, n=8)   # the CLI's --json, as a dict
    r["pct_eq1"]

Keyword arguments are fields by name (the CLI's flags without "--", '-' as
'_'); each goes to the set that has it: machine parameters, or the kernel's
or the traffic's options. A refused value raises ParamError with the
library's one line; a run that ends badly raises RunError.
"""
import ctypes
import json
import numbers
import os

from ._lib import FIELD_TYPES, SETS, STATUS_OK, STATUS_USAGE, lib

__all__ = ["Error", "ParamError", "RunError", "run_kernel", "run_traffic", "run_trace",
           "check_params", "check_kernel", "check_output", "kernels", "presets", "fields",
           "eq1_mbps", "version"]


class Error(Exception):
    """Anything libsyncswitch refused or reported."""


class ParamError(Error, ValueError):
    """A value the library refused (status "usage"): str(e) is its line."""


class RunError(Error):
    """A run that ended badly: status is "verify", "stuck", "internal"...;
    result is the run's dict when the library produced one, else None."""

    def __init__(self, message, status, result=None):
        super().__init__(message)
        self.status, self.result = status, result


def _s(b):
    # the library's lines quote what they were given, which may not be UTF-8
    return b.decode("utf-8", "backslashreplace") if b is not None else None


def version():
    return _s(lib.ss_version_string())


def fields(set_name):
    """The fields of "params", "kernel" or "traffic" as dicts (ss_field_at)."""
    if set_name not in SETS:
        raise ValueError("set '%s' is unknown (allowed: %s)" % (set_name, ", ".join(SETS)))
    out, i = [], 0
    while True:
        f = lib.ss_field_at(SETS[set_name], i)
        if not f:
            return out
        f = f.contents
        out.append({"name": _s(f.name), "type": FIELD_TYPES[f.type], "lo": f.lo, "hi": f.hi,
                    "range": _s(f.range), "help": _s(f.help)})
        i += 1


def _rows(*getters):
    out, i = [], 0
    while getters[0](i) is not None:
        out.append(tuple(_s(g(i)) for g in getters))
        i += 1
    return out


def kernels():
    """[{"name", "summary", "source"}] as `syncswitch list` shows them."""
    return [dict(zip(("name", "summary", "source"), r)) for r in
            _rows(lib.ss_kernel_name, lib.ss_kernel_summary, lib.ss_kernel_source)]


def presets():
    """[{"name", "description"}] as `syncswitch presets` shows them."""
    return [dict(zip(("name", "description"), r)) for r in
            _rows(lib.ss_preset_name, lib.ss_preset_description)]


def _nul_free(name, text):
    """text (bytes) for a C string: a NUL byte would cut it short silently."""
    if b"\0" in text:
        raise ParamError("%s: %r holds a NUL byte (C text ends there)" % (name, text))
    return text


def _value(f, value):
    """The setter and argument that give the library value exactly as the
    CLI would get it: an int as its digits, a float as the shortest text
    that reads back as the same double, text as bytes; the library parses
    it and says what is wrong with it, in the CLI's own words. Nothing is
    narrowed, rounded or truncated here (ctypes would wrap an int past 64
    bits, or cut a float to an int, silently)."""
    name, kind = f["name"], f["type"]
    if isinstance(value, bool):
        if kind == "int" and f["lo"] == 0 and f["hi"] == 1:
            return "set", b"1" if value else b"0"      # a switch: True is 1
        if kind == "text":
            return "set_int", int(value)               # "X needs text, not a number"
        return "set", str(value).encode()              # "X needs an integer, got 'True'"
    if isinstance(value, numbers.Integral):
        return "set", str(int(value)).encode()         # --packet 7 as the CLI takes it
    if isinstance(value, float):
        if kind == "text":
            return "set_real", value                   # "X needs text, not a number"
        if kind == "int" and value.is_integer():
            return "set", str(int(value)).encode()     # 4.0 is the integer 4
        return "set", repr(value).encode()             # 4.9, nan, inf: the CLI's lines
    if isinstance(value, numbers.Real):                # Decimal, Fraction: their own text
        return "set", str(value).encode()
    if isinstance(value, bytes):
        return "set", _nul_free(name, value)
    if isinstance(value, (str, os.PathLike)):
        return "set", _nul_free(name, os.fsencode(value))
    raise ParamError("%s = %r: give an int, a float, a str or bytes (or leave it out)"
                     % (name, value))


class _Handle:
    """One ss_params / ss_kernel_opts / ss_traffic_opts, freed on exit."""

    def __init__(self, kind):
        self.kind, self.ptr = kind, getattr(lib, "ss_%s_new" % kind)()
        if not self.ptr:
            raise MemoryError("ss_%s_new" % kind)
        self.fields = {f["name"]: f for f in fields(kind.split("_")[0])}
        self.names = set(self.fields)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        getattr(lib, "ss_%s_free" % self.kind)(self.ptr)

    def error(self):
        name = "ss_params_error" if self.kind == "params" else "ss_%s_error" % self.kind
        return _s(getattr(lib, name)(self.ptr))

    def set(self, name, value, also=None):
        if name not in self.names:  # the library's "unknown field" line
            getattr(lib, "ss_%s_set" % self.kind)(self.ptr, name.encode(), b"")
            line = self.error()
            if also is not None:  # the call takes also's fields (the machine's): listed first
                line = line.replace("(allowed: ", "(allowed: %s, " % ", ".join(also.fields), 1)
            raise ParamError(line)
        fn, arg = _value(self.fields[name], value)
        if getattr(lib, "ss_%s_%s" % (self.kind, fn))(self.ptr, name.encode(), arg):
            raise ParamError(self.error())


def _params(handle, preset, values):
    """Apply the preset, then the values that are machine parameters; the
    rest is returned for the run's own options."""
    if preset is not None:   # a name; anything else is refused by the library as one
        name = preset if isinstance(preset, bytes) else (
            os.fsencode(preset) if isinstance(preset, str) else str(preset).encode())
        if lib.ss_params_preset(handle.ptr, _nul_free("preset", name)):
            raise ParamError(handle.error())
    rest = {}
    for k, v in values.items():
        if k in handle.names:
            handle.set(k, v)
        else:
            rest[k] = v
    return rest


def _check(line):
    if line is not None:
        raise ParamError(_s(line))


def check_params(preset=None, **values):
    """None, or ParamError with ss_params_check's line."""
    with _Handle("params") as p:
        rest = _params(p, preset, values)
        for k in rest:
            p.set(k, None)  # the library's "unknown field" message
        _check(lib.ss_params_check(p.ptr))


def check_kernel(kernel, words=None, preset=None, **values):
    """None, or ParamError with ss_kernel_check's line (machine checked first)."""
    with _Handle("params") as p, _Handle("kernel_opts") as k:
        _kernel_opts(p, k, kernel, words, preset, values)
        _check(lib.ss_kernel_check(k.ptr, p.ptr))


def _kernel_opts(p, k, kernel, words, preset, values):
    rest = _params(p, preset, values)
    k.set("kernel", kernel)
    if words is not None:
        k.set("words", words)
    for name, v in rest.items():
        k.set(name, v, also=p)
    # a kernel run needs n, as `syncswitch run` needs --n (no preset's
    # default stands in for the torus a user meant)
    if "n" not in values:
        raise ParamError("n is required (the torus side: n x n nodes), as the CLI's --n")


def _result(r):
    """The run's dict, or the exception its status calls for."""
    if not r:
        raise MemoryError("syncswitch: out of memory")
    try:
        status, text = lib.ss_result_status(r), _s(lib.ss_result_json(r))
        data = json.loads(text) if text else None
        if status == STATUS_USAGE:
            raise ParamError(_s(lib.ss_result_error(r)))
        if status != STATUS_OK:
            raise RunError(_s(lib.ss_result_error(r)), _s(lib.ss_status_name(status)), data)
        return data
    finally:
        lib.ss_result_free(r)


def run_kernel(kernel, words=None, preset=None, **values):
    """Run a kernel (a name of kernels()) with B = words; the dict of
    `syncswitch run --kernel ... --json`."""
    with _Handle("params") as p, _Handle("kernel_opts") as k:
        _kernel_opts(p, k, kernel, words, preset, values)
        return _result(lib.ss_run_kernel(p.ptr, k.ptr))


def _run_traffic(preset, values, add):
    with _Handle("params") as p, _Handle("traffic_opts") as t:
        for name, v in _params(p, preset, values).items():
            t.set(name, v, also=p)
        add(t)
        return _result(lib.ss_run_traffic(p.ptr, t.ptr))


def run_traffic(pattern, rate, preset=None, **values):
    """Synthetic traffic; the dict of `syncswitch traffic ... --json`."""
    def add(t):
        t.set("pattern", pattern)
        t.set("rate", rate)
    return _run_traffic(preset, values, add)


def run_trace(trace, preset=None, **values):
    """Replay a trace: a file (docs/traffic.md; the CLI's --trace-in) or an
    iterable of (cycle, source, destination, words) in cycle order."""
    def add(t):
        if isinstance(trace, (str, bytes, os.PathLike)):
            if lib.ss_traffic_read_trace(t.ptr, os.fsencode(trace)):
                raise ParamError(t.error())
            return
        try:
            messages = iter(trace)
        except TypeError:
            raise ParamError("trace = %r: a file name, or an iterable of (cycle, source, "
                             "destination, words)" % (trace,)) from None
        count = 0
        for m in messages:
            count += 1
            # a message as the line of a trace file that holds it: the
            # library's one parser says what is wrong (a fifth field, a
            # float, a bool, a number past 32 or 64 bits), as for --trace-in
            line = m if isinstance(m, (str, bytes)) else _trace_line(m)
            line = line if isinstance(line, bytes) else line.encode()
            if lib.ss_traffic_add_line(t.ptr, _nul_free("trace message %d" % count, line)):
                raise ParamError(t.error())
        if not count:   # as a file with none (was: "traffic needs a pattern")
            raise ParamError("trace: no messages in the trace (an empty iterable)")
    return _run_traffic(preset, values, add)


def _trace_line(m):
    """(cycle, source, destination, words) as a trace file's line: each
    field's own text; one with a separator in it is quoted, so it stays one
    (refused) field instead of becoming two."""
    try:
        fields = list(m)
    except TypeError:
        fields = [m]
    out = []
    for x in fields:
        text = x.decode("utf-8", "backslashreplace") if isinstance(x, bytes) else str(x)
        if not text or any(c in text for c in " \t,#\r\n"):
            text = repr(text).replace(" ", "_")
        out.append(text)
    return " ".join(out)


def eq1_mbps(preset=None, **values):
    """Eq. 1 of the paper (32 n S / T_t MB/s) for these machine parameters;
    ParamError with ss_params_check's line for parameters it refuses."""
    with _Handle("params") as p:
        for k in _params(p, preset, values):
            p.set(k, None)
        _check(lib.ss_params_check(p.ptr))
        return lib.ss_eq1_mbps(p.ptr)


def check_output(path, what=None):
    """None, or ParamError with ss_output_check's line: the library's check
    of a run's own outputs (the folder exists and takes a new file, tried
    for real; no folder there; room for a temporary suffix of up to 16
    characters), for a file a program writes itself. what starts the line
    (the path, quoted, when None)."""
    raw = os.fsencode(path)
    buf = ctypes.create_string_buffer(1024)
    w = None if what is None else _nul_free("what", str(what).encode())
    _check(lib.ss_output_check(_nul_free("path", raw), w, buf, len(buf)))
