"""What the command line says: hand reports, tallies, tables, counts in words."""
