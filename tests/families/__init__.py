"""High Card, a game family only the tests hold (docs/CONTRIBUTING.md, "Adding a game")."""
