"""Benchmarks of the companion: bytes and time on the display bus, key → frame
latency, idle CPU, cold start and memory. Run ``python -m benchmarks --json PATH``
(``make bench``); the figures and what they mean are in ``docs/performance.md``.

Not part of the tests' pass/fail: ``tests/project/test_benchmarks.py`` only checks that the
functions still run on a tiny script.
"""
