"""The dashboard as `studdraw dashboard` serves it: the app (`app.py`) behind
`serving.HostGuard`, so that it answers only to localhost's names and those allowed
with `--allow-host` (a page of another site, its name resolved to this machine, is
refused: DNS rebinding). `streamlit run` finds the `App` here and serves it with
uvicorn, with the command's `--server.*` options."""

import streamlit as st
from starlette.middleware import Middleware

from dashboard.serving import HostGuard, allowed_hosts

app = st.App("app.py", middleware=[Middleware(HostGuard, allowed=allowed_hosts())])
