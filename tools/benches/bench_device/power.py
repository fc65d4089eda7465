"""Power (--parts power): the share of CPU cycles spent running while idle on the main menu and
on a table, before and after the dim, and asleep; the idle times that dim and sleep; the
press-to-panel time of the press that wakes the console."""

from tools.device.pico_emu import device as pico
from tools.device.pico_emu import mirror
from tools.benches.bench_device.common import exec_on, raw_repl, restart_app


def power_figures(dev, board, window_ms=3000):
    """The share of emulated CPU cycles spent running (busy_ns / elapsed, so waiting in WFE/WFI
    or lightsleep does not count) over window_ms: idle on the main menu and on a table (one
    human against bots, the human to act), each left alone for 2 s first, before and after the
    dim, and asleep; the idle times
    used (the shortest settings: dim 15 s, sleep 1 min; the default 60 s / 5 min give the same
    shares, only later); and the press-to-panel time of the press that wakes the console (to
    the end of its SLPOUT/DISPON: the panel's RAM is kept, nothing is redrawn)."""
    from firmware import choices

    sim, _, save = mirror.host_game(board, "shithead", 1, 3)
    a = sim.app
    a.prefs.dim, a.prefs.rest_after = 0, 0

    a.prefs.save(a)
    raw_repl(dev)
    exec_on(
        dev,
        "from firmware.storage import Storage\nst = Storage('saves')\n"
        "st.write('save', %r)\nst.write('settings', %r)\n"
        % (bytes(save), bytes(sim.storage.files["settings"])),
    )
    restart_app(dev)
    dim_ms = choices.DIMS[0][1]
    sleep_ms = choices.SLEEPS[0][1]
    out = {"dim after, s": dim_ms / 1000, "sleep after, s": sleep_ms / 1000}
    start = dev.now_ns  # the last press: restart_app's boot
    dev.settle()
    dev.run(2000)  # left alone: the menu has loaded the saved table ahead (one module a frame)
    out["menu, awake"] = dev.busy_share(window_ms)
    dev.run(max(0, dim_ms + 500 - (dev.now_ns - start) / pico.NS_PER_MS))
    out["menu, dimmed"] = dev.busy_share(window_ms)
    dev.tap("a", 70, 0)  # continue: the table, the human to act
    dev.settle()
    dev.run(2000)
    dev.settle()
    start = dev.now_ns
    out["table, awake"] = dev.busy_share(window_ms)
    dev.run(max(0, dim_ms + 500 - (dev.now_ns - start) / pico.NS_PER_MS))
    out["table, dimmed"] = dev.busy_share(window_ms)
    for _ in range(sleep_ms // 1000 + 10):
        if dev.decoder.sleeps:
            break
        dev.run(1000)
    if not dev.decoder.sleeps:
        raise pico.PicoError("the console did not sleep")
    dev.run(500)
    out["asleep"] = dev.busy_share(window_ms * 2)
    t = dev.press("a")["t_ns"]
    dev.run(70)
    dev.release("a")
    # keys looked at between dozes (the PicoCalc's keyboard controller) may wake it after the
    # release: the panel's first bytes after the press are waited for
    for _ in range(40):
        if dev.last.get("last_spi_ns", -1) > t:
            break
        dev.run(25)
    dev.settle()
    out["wake, press to panel ms"] = (dev.last["last_spi_ns"] - t) / pico.NS_PER_MS
    return out
