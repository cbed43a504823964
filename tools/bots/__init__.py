"""Bot experiments: the evaluation's calibration, tournament records compared game by game."""
