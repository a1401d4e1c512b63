"""Each site's reader: its lines, its real files, its situations."""
