"""Entry point of the bundled model's server process: llama.cpp's server plus a watchdog.

Usage: python -m ragstress.llm.local_main --parent-pid PID [--f16-copy PATH] -- <llama_cpp.server args>

With --f16-copy, the model given by `--model` is served from an F16 copy at PATH, made
here on first use (see f16_weights).

The watchdog ends this process as soon as its parent is gone. It polls the parent
pid instead of using PR_SET_PDEATHSIG, which fires when the spawning *thread* exits
and would kill the server whenever a worker thread started it.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
import time
from pathlib import Path


def _watch_parent(parent_pid: int) -> None:
    while True:
        if os.getppid() != parent_pid:
            os._exit(0)
        time.sleep(0.5)


def _without_extra_buffer_types() -> None:
    """Load the model into plain CPU buffers, never llama.cpp's "extra" ones (AMX tiles, repacked weights).

    llama-cpp-python compiles for the CPU it is built on. Where that CPU advertises AMX,
    the AMX kernels are built in and chosen at load time, and on virtual machines that
    advertise AMX without fully supporting it the first matrix multiply dies with SIGSEGV
    (seen on ours: `ldtilecfg` in ggml_backend_amx_mul_mat). The server exposes no switch
    for it, so the default model parameters it starts from are wrapped here. The plain
    kernels still use AVX2/AVX-512 where the build has them.
    """
    import llama_cpp.llama_cpp as native

    defaults = native.llama_model_default_params

    def plain_buffers():
        params = defaults()
        params.use_extra_bufts = False
        return params

    native.llama_model_default_params = plain_buffers


def f16_weights(source: str, copy: Path) -> str:
    """The model file to serve: an F16 copy of the shipped quantised weights, made once, or the source.

    The shipped file is Q4_1. llama.cpp's fast CPU matrix kernels (llamafile's sgemm) take
    F16 but not Q4_1, so evaluating a prompt, most of the work of a RAG or judge call, ran
    2-3x faster from F16 on our 2-core machine. Dequantising Q4_1 to F16 keeps the same
    weights (each is d*q+m, rounded to F16). The copy is written under a temporary name and
    renamed, so a crash or a second process never leaves half a file; if it cannot be made,
    the shipped file is served and the log says why.
    """
    if copy.is_file():
        return str(copy)
    import llama_cpp

    copy.parent.mkdir(parents=True, exist_ok=True)
    partial = copy.with_name(f"{copy.name}.{os.getpid()}.partial")
    params = llama_cpp.llama_model_quantize_default_params()
    params.ftype = llama_cpp.LLAMA_FTYPE_MOSTLY_F16
    params.allow_requantize = True
    params.nthread = os.cpu_count() or 1
    try:
        code = llama_cpp.llama_model_quantize(source.encode(), str(partial).encode(), ctypes.byref(params))
        if code != 0:
            raise OSError(f"llama_model_quantize returned {code}")
        os.replace(partial, copy)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        print(f"ragstress: no F16 copy of {source} ({exc}); serving the shipped weights", file=sys.stderr)
        return source
    return str(copy)


def main() -> None:
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "--parent-pid" or "--" not in args:
        sys.exit("usage: python -m ragstress.llm.local_main --parent-pid PID [--f16-copy PATH] -- <server args>")
    split = args.index("--")
    options, server_args = args[:split], args[split + 1 :]
    threading.Thread(target=_watch_parent, args=(int(options[1]),), daemon=True).start()
    # llama.cpp's OpenMP threads otherwise spin between steps. On a machine whose cores
    # are busy (the client, other jobs, CI) the spinning threads fight for them and a
    # judge call took a median 24 s instead of 2.8 s in our measurements. This is the
    # server process's own entry point, and libgomp reads the setting when it loads;
    # a value the user set is kept.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    _without_extra_buffer_types()
    from llama_cpp.server.__main__ import main as serve

    if "--f16-copy" in options and "--model" in server_args:
        at = server_args.index("--model") + 1
        server_args[at] = f16_weights(server_args[at], Path(options[options.index("--f16-copy") + 1]))
    sys.argv = [sys.argv[0], *server_args]
    serve()


if __name__ == "__main__":
    main()
