"""Writers: hands (events) back to a site's exact history text.

They print the simulator's hands as the sample histories and benchmarks, and real hands
read from a history, which is how the round trip proves a parser reads every line the
site writes. `sites.WRITERS` lists the sites that write.
"""
