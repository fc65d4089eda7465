"""The simulator's link cable: a local TCP socket carrying the same bytes as the consoles' UART
(firmware.linkwire frames), so two simulator windows, or a window and a headless run, play one
linked table (python -m sim --link host|join).

HostPort: one cable of the host; it listens (all of a host's ports on one TCP port) and takes
the next console that connects. JoinPort: a linked console's cable to the host; it connects,
and connects again after the host went away (a cable pulled and plugged back). Both are
transports: write(bytes), read() -> bytes or None, never blocking.
"""

import errno
import socket


class _Conn:
    def __init__(self):
        self.sock = None

    def write(self, data):
        s = self.sock
        if s is None:
            return
        try:
            s.sendall(data)
        except OSError:
            self.drop()

    def read(self):
        if self.sock is None:
            self.connect()
            if self.sock is None:
                return None
        try:
            data = self.sock.recv(8192)
        except BlockingIOError:
            return None
        except OSError:
            self.drop()
            return None
        if not data:
            self.drop()  # the other end closed: as a cable pulled
            return None
        return data

    def drop(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None

    def connect(self):
        pass


class Listener:
    """The host's one listening socket; each HostPort takes a connection from it."""

    def __init__(self, port, address="127.0.0.1"):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind((address, port))
        s.listen(4)
        s.setblocking(False)
        self.sock = s

    def accept(self):
        try:
            c, _ = self.sock.accept()
        except (BlockingIOError, OSError):
            return None
        c.setblocking(False)
        c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return c


class HostPort(_Conn):
    def __init__(self, listener):
        _Conn.__init__(self)
        self.listener = listener

    def connect(self):
        self.sock = self.listener.accept()


class JoinPort(_Conn):
    def __init__(self, port, address="127.0.0.1"):
        _Conn.__init__(self)
        self.port = port
        self.address = address
        self.pending = None

    def connect(self):
        s = self.pending
        if s is None:
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setblocking(False)
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.pending = s
        err = s.connect_ex((self.address, self.port))
        if err in (0, errno.EISCONN):
            self.pending = None
            self.sock = s
        elif err not in (errno.EINPROGRESS, errno.EALREADY, errno.EWOULDBLOCK):
            s.close()
            self.pending = None  # nobody listens yet: tried again at the next read


def ports(mode, port, address="127.0.0.1", count=3):
    """The transports hal.link_ports() gives: a host's count cables on one listening port, or
    a linked console's one cable. OSError when the port cannot be listened on."""
    if mode == "host":
        lst = Listener(port, address)
        return [HostPort(lst) for _ in range(count)]
    return [JoinPort(port, address)]
