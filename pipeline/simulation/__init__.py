"""Simulation: hands made, not read (`simulator.simulate_hands`), for the samples, the
round trip and the benchmarks; `generate` writes them as a site's text."""
