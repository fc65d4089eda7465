"""The link cable's driver (docs/LINK.md): the board's UARTs, each a transport for
firmware.linkwire (machine.UART already reads without waiting, None when nothing came, and
writes into its buffer), made when a linked table first asks for them (hal.link_ports), never at
import.

Each cable is TX, RX and ground between two consoles, crossed (one's TX to the other's RX). A
host serves one linked console on each of its UARTs (a star through the host); a linked console
uses the first.
"""

BAUD = 230400  # 8N1: a table's message (200-500 bytes) in 9-22 ms
RXBUF = 2048  # bytes the UART keeps between frames (a message arrives whole between two polls)
TXBUF = 2048  # a message goes out behind the write (the frame is not held up for it)


def open_ports(machine, uarts, baud=BAUD):
    """machine.UART objects for the board's LINK_UARTS ((id, tx pin, rx pin), ...)."""
    out = []
    for uart_id, tx, rx in uarts:
        try:
            u = machine.UART(
                uart_id,
                baudrate=baud,
                tx=machine.Pin(tx),
                rx=machine.Pin(rx),
                rxbuf=RXBUF,
                txbuf=TXBUF,
                timeout=0,
            )
        except TypeError:  # a port without buffer sizes: its defaults
            u = machine.UART(uart_id, baudrate=baud, tx=machine.Pin(tx), rx=machine.Pin(rx))
        out.append(u)
    return out
