"""Entry point of the bundled model's server process: llama.cpp's server plus a watchdog.

Usage: python -m ragstress.llm.local_main --parent-pid PID -- <llama_cpp.server args>

The watchdog ends this process as soon as its parent is gone. It polls the parent
pid instead of using PR_SET_PDEATHSIG, which fires when the spawning *thread* exits
and would kill the server whenever a worker thread started it.
"""

from __future__ import annotations

import os
import sys
import threading
import time


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


def main() -> None:
    args = sys.argv[1:]
    if len(args) < 3 or args[0] != "--parent-pid" or args[2] != "--":
        sys.exit("usage: python -m ragstress.llm.local_main --parent-pid PID -- <server args>")
    threading.Thread(target=_watch_parent, args=(int(args[1]),), daemon=True).start()
    # llama.cpp's OpenMP threads otherwise spin between steps. On a machine whose cores
    # are busy (the client, other jobs, CI) the spinning threads fight for them and a
    # judge call took a median 24 s instead of 2.8 s in our measurements. This is the
    # server process's own entry point, and libgomp reads the setting when it loads;
    # a value the user set is kept.
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    _without_extra_buffer_types()
    from llama_cpp.server.__main__ import main as serve

    sys.argv = [sys.argv[0], *args[3:]]
    serve()


if __name__ == "__main__":
    main()
