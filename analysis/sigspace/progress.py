"""Progress on stderr: a redrawn bar on a terminal, one plain line per unit otherwise (logs,
CI, pipes), so that neither pollutes stdout."""
from __future__ import annotations

import sys
import threading
import time


class Progress:
    def __init__(self, total: int, done: int = 0, stream=None, width: int = 30):
        self.total, self.done, self.width = total, done, width
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.start = time.monotonic()
        self.lock = threading.Lock()
        if done:
            self._line(f"resuming: {done}/{total} units already done")

    def _line(self, text: str) -> None:
        self.stream.write(("\r\x1b[K" if self.tty else "") + text + ("" if self.tty else "\n"))
        self.stream.flush()

    def step(self, label: str) -> None:
        with self.lock:
            self.done += 1
            elapsed = time.monotonic() - self.start
            if self.tty:
                filled = self.width * self.done // max(self.total, 1)
                bar = "#" * filled + "-" * (self.width - filled)
                self._line(f"[{bar}] {self.done}/{self.total} {elapsed:5.0f}s {label[:60]}")
            else:
                self._line(f"sigspace run: {self.done}/{self.total} ({elapsed:.0f}s) {label}")

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
