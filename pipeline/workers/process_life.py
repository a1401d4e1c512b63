"""Whether a process still lives, and a worker whose life ends with its starter's.

An import killed with `kill -9` left its two workers running (issue 49): a forked worker
holds its siblings' end of the pool's pipes, so none of them ever reads the end of its
work queue. A worker therefore watches its starter itself (`end_with_parent`), and what a
dead run left behind is recognised by the owner's process id (`alive`, for the watch's
claim and the spool folders).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Final

PARENT_POLL_SECONDS: Final = 0.5


def alive(pid: int) -> bool:
    """Whether process `pid` is running (another user's too)."""
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        import ctypes

        handle = ctypes.windll.kernel32.OpenProcess(0x1000, False, pid)  # type: ignore[attr-defined]
        if not handle:
            return False
        code = ctypes.c_ulong()
        ctypes.windll.kernel32.GetExitCodeProcess(handle, ctypes.byref(code))  # type: ignore[attr-defined]
        ctypes.windll.kernel32.CloseHandle(handle)  # type: ignore[attr-defined]
        return code.value == 259  # STILL_ACTIVE
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    return True


def end_with_parent() -> None:
    """End this process as soon as the process that started it is gone (within
    `PARENT_POLL_SECONDS`): a thread of its own watches for it, so that a worker busy with
    a file ends too. On a POSIX system a process whose parent died is given another
    parent, which `getppid` shows; on Windows the multiprocessing parent's handle is
    waited on. Not in a worker pool (no multiprocessing parent): nothing."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    if sys.platform == "win32":
        watch = _waiting_for(parent.sentinel)
    else:
        if os.getppid() != parent.pid:  # gone before this was called
            os._exit(1)
        watch = _polling_for(parent.pid)
    threading.Thread(target=watch, name="end with parent", daemon=True).start()


def _polling_for(parent: int) -> Callable[[], None]:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    return watch


def _waiting_for(sentinel: int) -> Callable[[], None]:
    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    return watch
