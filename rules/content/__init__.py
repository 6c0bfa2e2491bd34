"""Words for the rules reference. Numbers never live here: pages ask the engine."""
