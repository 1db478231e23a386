"""ctypes declarations of include/syncswitch.h, loaded from the shared
object the build put beside this file (SYNCSWITCH_LIB overrides the path)."""
import ctypes
import os
from ctypes import POINTER, Structure, c_char_p, c_double, c_int, c_int64, c_uint32, c_uint64, c_void_p

API_MAJOR = 1  # SS_API_VERSION_MAJOR of the header these declarations follow
API_MINOR = 2  # the least minor version: ss_output_check (1.2)

FIELD_TYPES = ("int", "real", "text")  # enum ss_field_type
SETS = {"params": 0, "kernel": 1, "traffic": 2}  # enum ss_field_set
STATUS_OK, STATUS_USAGE = 0, 2


class Field(Structure):
    _fields_ = [("name", c_char_p), ("type", c_int), ("lo", c_double), ("hi", c_double),
                ("range", c_char_p), ("help", c_char_p)]


def _load():
    path = os.environ.get("SYNCSWITCH_LIB") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "_libsyncswitch.so")
    lib = ctypes.CDLL(path)
    handle = c_void_p
    sig = {
        "ss_api_version": (c_int, []),
        "ss_version_string": (c_char_p, []),
        "ss_status_name": (c_char_p, [c_int]),
        "ss_field_at": (POINTER(Field), [c_int, c_int]),
        "ss_params_new": (handle, []),
        "ss_params_free": (None, [handle]),
        "ss_params_preset": (c_int, [handle, c_char_p]),
        "ss_params_check": (c_char_p, [handle]),
        "ss_params_error": (c_char_p, [handle]),
        "ss_preset_name": (c_char_p, [c_int]),
        "ss_preset_description": (c_char_p, [c_int]),
        "ss_eq1_mbps": (c_double, [handle]),
        "ss_kernel_name": (c_char_p, [c_int]),
        "ss_kernel_summary": (c_char_p, [c_int]),
        "ss_kernel_source": (c_char_p, [c_int]),
        "ss_kernel_opts_new": (handle, []),
        "ss_kernel_opts_free": (None, [handle]),
        "ss_kernel_check": (c_char_p, [handle, handle]),
        "ss_kernel_opts_error": (c_char_p, [handle]),
        "ss_traffic_opts_new": (handle, []),
        "ss_traffic_opts_free": (None, [handle]),
        "ss_traffic_add_message": (c_int, [handle, c_uint64, c_uint32, c_uint32, c_uint32]),
        "ss_traffic_add_line": (c_int, [handle, c_char_p]),
        "ss_traffic_read_trace": (c_int, [handle, c_char_p]),
        "ss_traffic_check": (c_char_p, [handle, handle]),
        "ss_traffic_opts_error": (c_char_p, [handle]),
        "ss_run_kernel": (handle, [handle, handle]),
        "ss_run_traffic": (handle, [handle, handle]),
        "ss_result_free": (None, [handle]),
        "ss_result_status": (c_int, [handle]),
        "ss_result_error": (c_char_p, [handle]),
        "ss_result_json": (c_char_p, [handle]),
        "ss_output_check": (c_char_p, [c_char_p, c_char_p, c_char_p, ctypes.c_size_t]),
    }
    # the three setters of each handle kind
    for kind in ("params", "kernel_opts", "traffic_opts"):
        sig["ss_%s_set" % kind] = (c_int, [handle, c_char_p, c_char_p])
        sig["ss_%s_set_int" % kind] = (c_int, [handle, c_char_p, c_int64])
        sig["ss_%s_set_real" % kind] = (c_int, [handle, c_char_p, c_double])
    lib.ss_api_version.restype, lib.ss_api_version.argtypes = c_int, []
    version = lib.ss_api_version()
    if version // 10000 != API_MAJOR or version // 100 % 100 < API_MINOR:
        raise ImportError("syncswitch: %s is API %d, these bindings need %d.%d or a later %d.x"
                          % (path, version, API_MAJOR, API_MINOR, API_MAJOR))
    for name, (res, args) in sig.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


lib = _load()
