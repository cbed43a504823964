"""A TCP proxy that delays and "loses" what passes through it, for net_match's latency
figures where the kernel has no netem (tc's delay and loss).

Each chunk read is delivered DELAY ms later, in order. With probability LOSS a chunk
stands for a lost segment: it arrives only after TCP would have sent it again, one
retransmission timeout later (Linux: about the round trip plus 200 ms), and everything
behind it waits (head-of-line blocking). A model of a lossy link, not the link itself:
docs/network.md says which figures come from it.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time


class LagProxy:
    def __init__(self, target: tuple[str, int], delay_ms: float, loss: float, seed: int = 1):
        self.target, self.delay, self.loss = target, delay_ms / 1000, loss
        self.rto = 2 * self.delay + 0.2
        self.rng = random.Random(seed)
        self.port = 0
        self.lost = 0
        self.chunks = 0
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> LagProxy:
        self._thread.start()
        self._ready.wait(10)
        return self

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._accept, "127.0.0.1", 0))
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        self._loop.run_forever()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer), return_exceptions=True)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()
        sender = asyncio.ensure_future(self._deliver(queue, writer))
        last = 0.0
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                self.chunks += 1
                due = time.monotonic() + self.delay
                if self.rng.random() < self.loss:
                    self.lost += 1
                    due += self.rto
                last = max(last, due)
                queue.put_nowait((last, chunk))
        finally:
            queue.put_nowait((last, b""))
            await sender

    async def _deliver(self, queue: asyncio.Queue[tuple[float, bytes]], writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                due, chunk = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not chunk:
                    break
                writer.write(chunk)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()
