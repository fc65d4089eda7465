"""The desktop simulator (python -m sim) and its headless helpers."""
