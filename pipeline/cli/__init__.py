"""The `studdraw` command line."""
