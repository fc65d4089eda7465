"""The README and docs/ name only files that exist, and link only inside the repository."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = sorted(ROOT.glob("docs/**/*.md")) + [ROOT / "README.md"]
# build/ is made by the Makefile, so a clean clone has none of the paths docs name under it.
SOURCE_DIRS = ("engine", "firmware", "boards", "sim", "tools", "tests", "docs")
PATH_IN_CODE = re.compile(r"`((?:%s)/[A-Za-z0-9_./-]*)`" % "|".join(SOURCE_DIRS))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _name(doc):
    return str(doc.relative_to(ROOT))


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_repository_path_a_doc_names_exists(doc):
    missing = [
        p for p in PATH_IN_CODE.findall(doc.read_text()) if not (ROOT / p.rstrip(".")).exists()
    ]
    assert missing == [], "%s names files that are not in the repository: %s" % (
        _name(doc),
        missing,
    )


@pytest.mark.parametrize("doc", DOCS, ids=_name)
def test_every_link_in_a_doc_is_relative_and_exists(doc):
    bad = []
    for target in LINK.findall(doc.read_text()):
        path = target.split("#")[0]
        if "://" in target or target.startswith("mailto:"):
            bad.append(target)
        elif path and not (doc.parent / path).exists():
            bad.append(target)
        elif path and ROOT not in (doc.parent / path).resolve().parents:
            bad.append(target)
    assert bad == [], "%s links outside the repository or to nothing: %s" % (_name(doc), bad)


def test_the_path_check_sees_a_missing_file(tmp_path):
    text = "see `firmware/no_such_module.py` and `engine/game.py`"
    found = [p for p in PATH_IN_CODE.findall(text) if not (ROOT / p).exists()]
    assert found == ["firmware/no_such_module.py"]
