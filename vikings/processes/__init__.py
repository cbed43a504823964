"""The helper processes, so the screens never wait: the bots' thinker (`remote_bots`)
and the review (`review_job`), both started by `start_child`.

May import: vikings.engine, vikings.bots, vikings.advice. No pygame.
"""

from __future__ import annotations


def start_child(ctx, target, args: tuple, name: str, what: str, duplex: bool = True):
    """A daemon process of the multiprocessing context `ctx` running `target(conn, *args)`;
    returns (process, this side's end of the pipe). Raises OSError saying `what` could not
    be started (e.g. a main module without the `if __name__ == "__main__"` guard), so the
    caller can fall back to a thread."""
    conn, child = ctx.Pipe(duplex=duplex)
    proc = ctx.Process(target=target, args=(child, *args), daemon=True, name=name)
    try:
        proc.start()
    except Exception as e:  # noqa: BLE001 - reported as "no process"; the caller uses a thread
        conn.close()
        raise OSError(f"could not start {what}: {e}") from e
    finally:
        child.close()
    return proc, conn
