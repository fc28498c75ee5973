"""scripts/lib/scenes.tsv, the one list of scenes and their replays, for the Python scripts."""

import csv
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TSV = os.path.join(ROOT, "scripts", "lib", "scenes.tsv")


def rows():
    """One dict a scene (scene, replay, moving, tour), in the app's order."""
    with open(TSV, newline="") as f:
        return list(csv.DictReader((line for line in f if not line.startswith("#")), delimiter="\t"))


SCENES = [r["scene"] for r in rows()]


def _column(scene, column, folder):
    for r in rows():
        if r["scene"] == scene:
            return os.path.join(ROOT, "assets", folder, r[column] + ".jsonl")
    raise KeyError(f"unknown scene {scene!r} (one of: {', '.join(SCENES)})")


def replay(scene):
    return _column(scene, "replay", "replays")


def moving(scene):
    return _column(scene, "moving", "replays")
