"""The figures of a console_run.py run, as one JSON line (loaded only once the firmware has
stopped, so that the harness holds less heap while it runs)."""

import json
import machine


def report(spec, player, board, hal, harness, init_bytes, errors, powered, notice, over):
    rec = machine.RECORDER
    out = {
        "harness_bytes": harness,
        "board": board.ID,
        "game": spec.get("game"),
        "players": spec.get("players"),
        "frames": player.play_frames,
        "finished": player.finished,
        "errors": errors,
        "peak_heap_bytes": player.peak,
        "peak_at": player.peak_at,
        "min_free": player.min_free,
        "pixel_bytes": rec.pixel_bytes,
        "cmd_bytes": rec.cmd_bytes,
        "data_bytes": rec.data_bytes,
        "init_bytes": init_bytes,
        "first_frame_bytes": player.first_frame_bytes or 0,
        "full_frame_bytes": board.WIDTH * board.HEIGHT * 2,
        "play_bytes": player.play_bytes,
        "play_updates": player.updates,
        "actions": player.actions,
        "presses": player.presses,
        "cs_errors": rec.cs_errors,
        "screens": player.screens[-12:],
        "notice": notice,
        "powered": powered,
        "saw_continue": player.saw_continue,
        "save_writes": getattr(hal.storage, "saves", None),
        "over": over,
        "backlight": machine.PWM.state.get(board.BL) if board.BL is not None else None,
    }
    rec.close()
    print(json.dumps(out))
