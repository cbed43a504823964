"""Robustness probes and searches: the restless player, mutated saves and data files, the lesson's deal."""
