"""The link cable's driver (docs/LINK.md): the board's UARTs, each a transport for
firmware.linkwire (machine.UART reads without waiting), made when a linked table first asks
(hal.link_ports). Each cable is TX, RX and ground, crossed; a host serves one console on each of
its UARTs, a linked console uses the first.
"""

BAUD = 230400  # 8N1: a table's message in a few frames' time
RXBUF = 2048  # a message arrives whole between two polls
TXBUF = 2048  # a message goes out behind the write


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
        except TypeError:  # a port without buffer sizes
            u = machine.UART(uart_id, baudrate=baud, tx=machine.Pin(tx), rx=machine.Pin(rx))
        out.append(u)
    return out
