"""Robustness probes and searches: the restless player, mutated saves, the lesson's deal."""
