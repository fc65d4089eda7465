"""Power loss at every write step of firmware.storage, on CPython and MicroPython alike.

    micropython tests/harness/powerloss.py DIR      (or import and call check(DIR))
For each mode (rename replaces / rename refuses to replace, as on FAT), each starting state (no
save yet / an old save) and each k, a save of NEW is cut after k disk-changing steps (a cut
during a chunk write leaves a torn prefix of that chunk); then a fresh Storage on the same
folder must read OLD or NEW, exactly NEW once the final rename happened, and exactly OLD while
the new file is incomplete; no leftover file may remain and the next save must work.
Prints "powerloss ok <cases>" and raises AssertionError otherwise.
"""

import os
import sys

if __name__ == "__main__":
    sys.path.insert(0, ".")
from firmware.storage import Storage, CHUNK  # noqa: E402


class PowerLoss(BaseException):
    """The power goes: not an Exception, so nothing in the firmware can catch it."""


class Cut:
    def __init__(self, f, st):
        self.f = f
        self.st = st

    def write(self, b):
        if self.st.step():
            self.f.write(bytes(b[: len(b) // 2]))  # a torn chunk
            self.f.close()
            raise PowerLoss()
        self.f.write(b)

    def read(self):
        return self.f.read()

    def close(self):
        if self.st.step():
            self.f.close()  # data written, the close itself is cut: same effect
            raise PowerLoss()
        self.f.close()


class FlakyStorage(Storage):
    def __init__(self, root, cut_after, fat=False):
        self.left = cut_after
        self.fat = fat
        self.steps = 0
        self.renamed = False
        Storage.__init__(self, root)

    def step(self):
        """True if the power goes now (before this step completes)."""
        if self.left is not None and self.steps >= self.left:
            return True
        self.steps += 1
        return False

    def _open(self, path, mode):
        if "w" in mode:
            if self.step():
                raise PowerLoss()
            return Cut(open(path, mode), self)
        return open(path, mode)

    def _rename(self, a, b):
        if self.fat and self._exists(b):
            raise OSError(17)
        if self.step():
            raise PowerLoss()
        os.rename(a, b)
        if not a.endswith(".bad") and b.endswith("/game"):
            self.renamed = True

    def _remove(self, path):
        if self.step():
            raise PowerLoss()
        os.remove(path)


def clear(root):
    try:
        names = os.listdir(root)
    except OSError:
        return
    for n in names:
        os.remove(root + "/" + n)


def check(root):
    old = b"old state " * 20
    new = b"NEW STATE " * (CHUNK // 5)  # several chunks
    cases = 0
    for fat in (False, True):
        for start in (None, old):
            # count the steps of an uninterrupted save
            clear(root)
            st = FlakyStorage(root, None, fat)
            if start is not None:
                st.write("game", start)
            st.steps = 0
            st.write("game", new)
            total = st.steps
            assert total >= 4, total
            for k in range(total + 1):
                clear(root)
                st = FlakyStorage(root, None, fat)
                if start is not None:
                    st.write("game", start)
                st.left = k
                st.steps = 0
                st.renamed = False
                finished = True
                try:
                    st.write("game", new)
                except PowerLoss:
                    finished = False
                files_written = st.steps
                after = Storage(root)  # restart
                got = after.read("game")
                assert got in (start, new), (fat, k, got[:12] if got else got)
                if finished or st.renamed:
                    assert got == new, (fat, k, "rename done but old state")
                if k <= (len(new) + 12 + CHUNK - 1) // CHUNK:  # the new file is incomplete
                    assert got == start, (fat, k, files_written, "torn new file won")
                left = sorted(os.listdir(root))
                assert left == (["game"] if got is not None else []), (fat, k, left)
                assert not after.damaged, after.damaged
                after.write("game", b"next")
                assert Storage(root).read("game") == b"next"
                cases += 1
    clear(root)
    print("powerloss ok %d" % cases)
    return cases


def CutStorage(base, root, n, k):
    """A FlakyStorage that cuts the power after k steps of the n-th write of the "save" file
    (tests/harness/console_run.py: loaded only for a spec with "cut")."""

    class Cut(base):
        def write(self, name, data):
            if name == "save":
                self.saves += 1
                if self.saves == n:
                    self.left = k
                    self.steps = 0
            try:
                base.write(self, name, data)
            finally:
                self.left = None

    st = Cut(root, None)
    st.saves = 0
    return st


if __name__ == "__main__":
    check(sys.argv[1])
