"""The command line, watching, workers and the platforms."""
