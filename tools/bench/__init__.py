"""Speed measurements: the engine, the bots, hints, the review, start-up and the screens."""
