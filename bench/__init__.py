"""Benchmarks (not tests): ``python -m bench.cpython`` and ``python -m bench.browser``."""
