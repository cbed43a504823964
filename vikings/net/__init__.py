"""Play together from different computers: the network core, headless (no pygame).

- `protocol`: the messages (length-prefixed JSON frames), their size bounds and schemas,
  the versions a hello carries and the reason codes of a refusal.
- `view`: what a guest may know of a game (the public view: no seed, no generator, no
  order of the face-down stacks or special tiles), its digest, and a game state rebuilt
  from it on which a guest's bots and checks run.
- `host`: the table's authority. It owns the GameState, seats people, bots and remote
  guests, checks every guest action against `legal_actions()` for that seat, applies it
  and sends everyone the action, its events, the public view and its digest.
- `guest`: a remote seat. It keeps the view the host sends, refuses a host that breaks
  the rules, and rejoins its seat with a token after a drop.
- `relay`: a small server that pairs a host and its guests by table id (the join code's
  public part) and forwards their sealed frames without reading them.
- `links`: the connections (TCP, or a channel through the relay) host and guest talk over,
  and the handshake that opens them.
- `seal`: the key exchange on the join code (SPAKE2) and the sealing of every frame after
  it (ChaCha20-Poly1305, a key per direction, numbered frames).

The network runs on its own thread (asyncio); the screens will talk to it through
thread-safe queues and methods (`Host.submit`, `Guest.send_action`, `.inbox`).

May import: vikings.engine and vikings.bots only (and the libraries zeroconf, spake2 and
cryptography).
"""
