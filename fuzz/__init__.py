"""Fuzzing harness for pyengine: seeded PDF mutators (mutate.py) and a runner
(run.py) that extracts each mutated file in a watched child process (worker.py).

    python -m fuzz.run --count 5000 --seed 1 --jobs 2
"""
