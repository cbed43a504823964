"""Entry point of the standalone build (PyInstaller runs this file, not the package).

If even starting fails (a missing library in the bundle), the error still reaches the
user's log folder, since a windowed build has no console to print it on."""

import sys


def _run() -> int:
    try:
        from vikings.commands.cli import main

        return main()
    except SystemExit:
        raise
    except BaseException:
        import traceback

        text = traceback.format_exc()
        try:
            from pathlib import Path

            import platformdirs

            folder = Path(platformdirs.user_log_dir("vikings", appauthor=False))
            folder.mkdir(parents=True, exist_ok=True)
            with open(folder / "vikings-crash.log", "a", encoding="utf-8") as f:
                f.write(text + "\n")
        except Exception:
            pass
        if sys.stderr is not None:
            sys.stderr.write(text)
        return 1


if __name__ == "__main__":
    # The bots think in a helper process started with "spawn": in the frozen build that
    # process is this same executable, and freeze_support() turns it into the helper. It
    # must come first. (CPython's freeze_support acts on Windows only; PyInstaller's
    # multiprocessing hook makes it work on macOS and Linux too. The frozen --selftest
    # reports "the bots thought in the helper process".)
    import multiprocessing

    multiprocessing.freeze_support()
    sys.exit(_run())
