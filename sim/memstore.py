"""An in-memory stand-in for firmware.storage.Storage (simulator runs without a save folder,
and the CPython/MicroPython comparison runs)."""


class MemStorage:
    """firmware.storage.Storage's interface, in a dict."""

    def __init__(self):
        self.files = {}
        self.damaged = []

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def quarantine(self, name):
        if name in self.files:
            self.files[name + ".bad"] = self.files.pop(name)

    def keep_aside(self, name):
        if name in self.files:
            self.files[name + ".bad"] = self.files[name]
            return name + ".bad"
        return None

    def salvage(self, name):
        return self.files.get(name + ".bad")

    def remove(self, name, aside=False):
        self.files.pop(name, None)
        if aside:
            self.files.pop(name + ".bad", None)
