"""make typecheck: firmware/ and boards/ against micropython-rp2-stubs
(tools/install/typecheck.py)."""


def test_typecheck_firmware_and_boards_against_rp2_stubs():
    from tools.install import typecheck

    status, errors = typecheck.run(quiet=True)
    assert errors == [], "\n".join(errors)
