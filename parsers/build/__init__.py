"""What is built once and kept: the compiled modules, the grammar cache, the user's cache."""
