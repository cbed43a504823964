import sys

from vikings.commands.cli import main

if __name__ == "__main__":  # (not when a helper process imports the main module)
    sys.exit(main())
