"""The one owner of module lifetimes: which firmware and engine modules stay in RAM.

    lifetimes.boot()            # once, at the first App: what is loaded now stays
    lifetimes.release(names)    # drop every module these do not need; release([]): all but boot
    lifetimes.unload(name)      # drop one module now

A screen names its modules in needs(). The owner adds everything they hold (modules, and the
modules of classes and functions in their globals), so a module in use is never dropped and never
loaded twice. The app releases after a frame in which the screen changed or a module was imported,
so a module used in passing goes with that frame.
"""

import sys

_BOOT = {}
# the heap in use before the firmware started: a harness's or a test's, not the firmware's
base = [0]
_MANAGED = ("firmware.", "engine.")


def boot():
    """Remember what is loaded when the first App starts; later calls do nothing."""
    if not _BOOT:
        for name in sys.modules:
            _BOOT[name] = 1


def unload(name):
    """Forget a module (and its parent package's reference) so its memory can be reclaimed."""
    mods = sys.modules
    if name in mods:
        del mods[name]
    if name in _USES:
        del _USES[name]
    i = name.rfind(".")
    if i > 0:
        parent = mods.get(name[:i])
        if parent is not None and name[i + 1 :] in parent.__dict__:
            try:
                delattr(parent, name[i + 1 :])
            except (AttributeError, KeyError, TypeError):
                pass


def _owners():
    """id of a module's globals -> its name, for the droppable modules."""
    out = {}
    mods = sys.modules
    for name in mods:
        if name not in _BOOT and _managed(name):
            out[id(mods[name].__dict__)] = name
    return out


def _managed(name):
    for p in _MANAGED:
        if name.startswith(p):
            return True
    return False


_MODULE = type(sys)
_FUNC = type(_managed)


# module name -> (id of its globals, their count, the names of the modules they hold). No module
# rebinds a global after its import, so its globals change only by added names or a new load: both
# change the id or the count. Walking every global at every release is too slow on the Pico; this
# walks a module once a load. A small leaf is walked each time instead: cheaper than its entry's
# RAM.
_USES = {}


def _uses(name, mod, owners):
    d = mod.__dict__
    e = _USES.get(name)
    if e is not None and e[0] == id(d) and e[1] == len(d):
        return e
    out = [id(d), len(d)]
    sub = name + "."
    for v in d.values():
        t = type(v)
        if t is _MODULE:
            n = v.__name__
            # a package's submodule attributes keep none of them
            if n.startswith(sub):
                continue
        elif t is _FUNC:
            n = owners.get(id(getattr(v, "__globals__", None)))
        elif t is type:
            n = getattr(v, "__module__", None)
        else:
            continue
        if n is not None and n != name and n not in out:
            out.append(n)
    e = tuple(out)
    if len(out) > 2 or len(d) >= 24:
        _USES[name] = e
    return e


def needed(roots):
    """The droppable modules that roots (module names) need, roots included."""
    mods = sys.modules
    for n in roots:
        # a module a screen declares is that screen's, even if loaded before the first App (tests)
        if n in _BOOT:
            del _BOOT[n]
            _USES.clear()  # what others hold of it was left out while it was boot's
    owners = _owners()
    keep = {}
    todo = [n for n in roots]
    while todo:
        name = todo.pop()
        if name in keep or name in _BOOT or name not in mods:
            continue
        keep[name] = 1
        i = name.rfind(".")
        if i > 0:
            todo.append(name[:i])
        e = _uses(name, mods[name], owners)
        for j in range(2, len(e)):
            todo.append(e[j])
    return keep


def apart(names):
    """Those of names that are not boot's. A keep list that is not a screen's own goes through
    this: a boot module named as a root would become droppable while other boot modules hold its
    classes."""
    return [n for n in names if n not in _BOOT]


def release(roots):
    """Drop every droppable module that roots do not need (roots empty: all). Nothing before
    boot()."""
    if not _BOOT:
        return []
    keep = needed(roots)
    drop = [n for n in sys.modules if n not in keep and n not in _BOOT and _managed(n)]
    for n in drop:
        unload(n)
    return drop
