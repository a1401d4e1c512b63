"""The writers and the simulator: generated and written-back histories."""
