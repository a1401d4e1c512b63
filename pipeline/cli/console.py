"""The console every command speaks on: stderr, keeping stdout for what a command
outputs (JSON lines, CSV, a query's table)."""

from __future__ import annotations

from rich.console import Console

stderr = Console(stderr=True, highlight=False, soft_wrap=True)  # paths stay greppable
