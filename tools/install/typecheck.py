"""Type-check firmware/ and boards/ against the MicroPython rp2 stubs (micropython-rp2-stubs).

    python -m tools.install.typecheck [--strict-all]

mypy runs with the stubs' MicroPython standard library as its typeshed (--custom-typeshed-dir)
and the rp2 modules (machine, framebuf, rp2, time, micropython, ...) on MYPYPATH, so a call that
does not exist on the Pico (or has the wrong arguments) is an error. Code shared with CPython
that only runs there (traceback) carries a `# type: ignore` naming why. The hardware side
(firmware.drivers, firmware.main, firmware.storage, boards) is checked with
check_untyped_defs; the rest with mypy's defaults (or everything with --strict-all);
"Need type annotation" (var-annotated) is off: the code is deliberately unannotated.
Errors inside the stubs themselves are not ours and are not shown. Exit status 1 on any error.
"""

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STRICT = ("firmware.drivers.*", "firmware.main", "firmware.storage", "boards", "boards.*")


def stub_dirs():
    """(typeshed dir holding stdlib/, list of rp2 stub entries to put on MYPYPATH)."""
    sp = sysconfig.get_paths()["purelib"]
    if not os.path.exists(os.path.join(sp, "stdlib", "VERSIONS")):
        raise SystemExit("micropython stubs not installed: run make setup")
    entries = set()
    for d in os.listdir(sp):
        if d.startswith("micropython_rp2_stubs") and d.endswith(".dist-info"):
            with open(os.path.join(sp, d, "RECORD")) as f:
                for line in f:
                    top = line.split(",")[0].split("/")[0]
                    if top and "dist-info" not in top and top != "__pycache__":
                        entries.add(top)
    entries.add("_mpy_shed")
    return sp, sp, sorted(entries)


def run(strict_all=False, quiet=False):
    """Returns (exit status, list of error lines in our files)."""
    sp, typeshed, entries = stub_dirs()
    tmp = tempfile.mkdtemp(prefix="typings-")
    try:
        for e in entries:
            src = os.path.join(sp, e)
            if not os.path.exists(src):
                continue
            dst = os.path.join(tmp, e)
            try:
                os.symlink(src, dst)
            except OSError:
                (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, dst)
        cfg = os.path.join(tmp, "mypy.ini")
        with open(cfg, "w") as f:
            # var-annotated: MicroPython code is not annotated; an empty list is fine there.
            f.write(
                "[mypy]\nfollow_imports = silent\nwarn_unused_ignores = False\n"
                "disable_error_code = var-annotated\n"
            )
            if strict_all:
                f.write("check_untyped_defs = True\n")
            for mod in STRICT:
                f.write("\n[mypy-%s]\ncheck_untyped_defs = True\n" % mod)
        env = dict(os.environ, MYPYPATH=tmp)
        cmd = [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            cfg,
            "--custom-typeshed-dir",
            typeshed,
            "--no-site-packages",
            "--cache-dir",
            os.path.join(tmp, "cache"),
            "firmware",
            "boards",
        ]
        p = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        ours = [
            ln
            for ln in p.stdout.splitlines()
            if ln.startswith(("firmware", "boards")) and ": error:" in ln
        ]
        if not quiet:
            for ln in p.stdout.splitlines():
                if ln.startswith(("firmware", "boards")):
                    print(ln)
            print(
                "typecheck: %d error(s) in firmware/ and boards/ (stubs: micropython-rp2-stubs)"
                % len(ours)
            )
        return (1 if ours else 0), ours
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strict-all", action="store_true")
    a = ap.parse_args(argv)
    return run(a.strict_all)[0]


if __name__ == "__main__":
    sys.exit(main())
