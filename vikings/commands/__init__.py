"""The `vikings` command and its subcommands: play (opens the window), simulate,
tournament, score, and the installation selftest.

May import anything in the package; nothing imports it but `vikings.__main__`.
"""
