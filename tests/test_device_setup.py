"""Where the emulated-Pico tests get their two third-party files, and what happens without them:
a skip that says where to get them, or a failure under CI=true (no silent skip in CI)."""

import os
import subprocess
import sys

from tests import device_support as ds

PROBE = '''
from tests import device_support as ds
def test_probe():
    ds.need_device()
'''


def run_probe(tmp_path, env_extra):
    (tmp_path / "test_probe_device.py").write_text(PROBE)
    env = dict(os.environ)
    env.update(env_extra)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            ds.ROOT,
            str(tmp_path / "test_probe_device.py"),
        ],
        cwd=ds.ROOT,
        env=env,
        capture_output=True,
        text=True,
    )


def test_missing_firmware_names_the_file_and_where_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setenv("MICROPYTHON_UF2", str(tmp_path / "nowhere.uf2"))
    found, why = ds.pico.binaries("stock")
    assert found is None
    assert "nowhere.uf2" in why and "micropython.org/download/RPI_PICO" in why
    assert "pico-bootrom" in why and "MICROPYTHON_UF2=" in why


def test_missing_micropython_source_names_it_and_where_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setenv("MICROPYTHON_SRC", str(tmp_path / "nowhere.tar.xz"))
    found, why = ds.pico.binaries("frozen")
    assert found is None
    assert "nowhere.tar.xz" in why and "MICROPYTHON_SRC=" in why and "pico-bootrom" in why


def test_device_tests_skip_without_the_files_but_fail_under_ci(tmp_path):
    missing = {"MICROPYTHON_SRC": str(tmp_path / "nowhere.tar.xz"), "CI": ""}
    out = run_probe(tmp_path, missing)
    assert out.returncode == 0 and "1 skipped" in out.stdout, out.stdout
    assert "nowhere.tar.xz" in out.stdout
    missing["CI"] = "true"
    out = run_probe(tmp_path, missing)
    assert out.returncode == 1 and "1 failed" in out.stdout, out.stdout
    assert "device tests cannot run under CI" in out.stdout
