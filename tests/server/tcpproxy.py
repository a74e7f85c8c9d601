"""A TCP proxy a test can cut: a server pointed at it loses its database (or any service)
without the machine's shared one being touched.

>>> import socket
>>> echo = socket.create_server(("127.0.0.1", 0))
>>> proxy = TcpProxy(("127.0.0.1", echo.getsockname()[1]))
>>> proxy.open()
>>> client = socket.create_connection(("127.0.0.1", proxy.port))
>>> inner, _ = echo.accept()
>>> client.sendall(b"ping"); inner.recv(4)
b'ping'
>>> proxy.close()   # the connection is cut and new ones are refused
>>> client.recv(4)
b''
>>> socket.create_connection(("127.0.0.1", proxy.port))
Traceback (most recent call last):
ConnectionRefusedError: [Errno 111] Connection refused
>>> for s in (client, inner, echo): s.close()
"""

from __future__ import annotations

import contextlib
import socket
import threading

from croupier.server.testing import free_port


class TcpProxy:
    """Forwards 127.0.0.1:``port`` to ``upstream`` while open; closed, it cuts every
    connection and refuses new ones (nothing listens on the port)."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.port = free_port()
        self._listener: socket.socket | None = None
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()

    def open(self) -> None:
        listener = socket.create_server(("127.0.0.1", self.port), reuse_port=False)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def close(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            # shutdown wakes the accepting thread; close alone may leave it blocked.
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            cut, self._open = self._open, []
        for connection in cut:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _address = listener.accept()
            except OSError:
                return  # closed
            try:
                server = socket.create_connection(self.upstream)
            except OSError:
                client.close()
                continue
            with self._lock:
                self._open += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=_pump, args=(source, target), daemon=True).start()


def _pump(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)
