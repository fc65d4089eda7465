"""No import cycles in engine/ or firmware/ (issue 35), function-level imports included: the
constants live in leaves (firmware.choices, firmware.legend, engine.errors, engine.codec), a
game's worlds import its bots and never the other way, the table's hand page (firmware.tableview)
chooses which of the other pages (firmware.tablepages) to draw, and cards in words are
firmware.cardtext's."""

import ast
import os

from conftest import ROOT


def modules():
    out = {}
    for pkg in ("engine", "firmware"):
        for d, _dirs, files in os.walk(os.path.join(ROOT, pkg)):
            for f in files:
                if f.endswith(".py"):
                    p = os.path.join(d, f)
                    m = os.path.relpath(p, ROOT)[:-3].replace(os.sep, ".")
                    out[m[:-9] if m.endswith(".__init__") else m] = p
    return out


def edges(mods):
    out = {}
    for m, p in mods.items():
        with open(p) as f:
            tree = ast.parse(f.read())
        e = set()
        for n in ast.walk(tree):
            if isinstance(n, ast.Import):
                e.update(a.name for a in n.names if a.name in mods)
            elif isinstance(n, ast.ImportFrom) and n.module:
                if n.module in mods:
                    e.add(n.module)
                for a in n.names:
                    if n.module + "." + a.name in mods:  # from engine import games
                        e.add(n.module + "." + a.name)
            elif isinstance(n, ast.Call) and getattr(n.func, "id", None) == "__import__":
                e.update(dynamic(n.args[0], mods) if n.args else ())
                if n.args and not isinstance(n.args[0], ast.Constant):
                    # a name built elsewhere in the module: every package prefix it builds from
                    for b in ast.walk(tree):
                        if isinstance(b, ast.BinOp):
                            e.update(dynamic(b, mods))
        e.discard(m)
        out[m] = e
    return out


def dynamic(arg, mods):
    """The modules an __import__(arg) may load: a constant name, or every module under a
    constant prefix a name is built from ("firmware.tables." + family)."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [arg.value] if arg.value in mods else []
    if isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
        prefix = arg.left.value
        if isinstance(prefix, str) and prefix.endswith("."):
            return [m for m in mods if m.startswith(prefix)]
    return []


def cycles(g):
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_engine_and_firmware_import_one_way():
    found = cycles(edges(modules()))
    assert found == [], found
