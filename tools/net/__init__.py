"""Network play between real processes: whole matches over loopback, the relay, netem."""
