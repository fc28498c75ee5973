#!/usr/bin/env python3
"""Pacing, input-to-present latency and CPU use of the live app under Xvfb, per scene, paced
(default flags) and unpaced (--no-vsync), dragged with real X11 input (xdotool).

    scripts/latency-xvfb.py [--binary .build/release/elastic] [--seconds 6] [--scenes a,b] [--out DIR]

Each run gets its own Xvfb from scripts/lib/displays.sh (-displayfd: no display number is guessed,
parallel runs never collide).
The app's CPU time comes from its rusage at exit, Xvfb's from /proc/PID/stat over the same span;
both are shown as a share of one core over the run's wall time (idle included: a scene at rest
draws nothing), and the app's also over its active time (the frames in the stats). FPS is the stats summary's frames
over active time (idle and hidden time are paused out of the file); latency is its
input_latency_p50_ms / p99 (oldest input event applied → return of the present that shows it).
Needs Xvfb and xdotool: scripts/install-deps.sh --xvfb.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ left in scripts/
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from peers.scenes import SCENES  # noqa: E402

DISPLAYS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "displays.sh")
TICKS = os.sysconf("SC_CLK_TCK")


def proc_cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS   # utime + stime


def drag_script(moves=100):
    """Down the middle of the window, 20 ms apart, in one xdotool process."""
    script = ["mousemove", "--sync", "640", "40", "mousedown", "1"]
    for i in range(1, moves + 1):
        script += ["sleep", "0.02", "mousemove", "640", str(40 + i * 4)]
    return script + ["mouseup", "1"]


def run(binary, scene, extra, seconds, out):
    """One run on an Xvfb of its own, started by scripts/lib/displays.sh, which runs this script
    again with --one inside it (DISPLAY and XVFB_PID set) and stops the server after."""
    cmd = [DISPLAYS, "x11", "1280x720", "--", sys.executable, os.path.abspath(__file__), "--one",
           "--binary", binary, "--seconds", str(seconds), "--out", out, "--scenes", scene] + extra
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{scene}: the run on its own Xvfb failed ({proc.returncode})")
    return json.loads(proc.stdout)


def measure(binary, scene, extra, seconds, out):
    """The run itself, on the display in DISPLAY, whose X server is XVFB_PID."""
    xvfb_pid = int(os.environ["XVFB_PID"])
    csv = os.path.join(out, f"{scene}{'-unpaced' if extra else ''}.csv")
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    x0 = proc_cpu_seconds(xvfb_pid)
    t0 = time.monotonic()
    app = subprocess.Popen([binary, "play", "--scene", scene, "--window", "1280x720", "--no-hint",
                            "--seconds", str(seconds), "--stats", csv] + extra,
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    subprocess.run(["xdotool"] + drag_script(), env=env, check=True)
    _, status, usage = os.wait4(app.pid, 0)
    wall = time.monotonic() - t0
    x1 = proc_cpu_seconds(xvfb_pid)
    stderr = app.stderr.read()
    returncode = os.waitstatus_to_exitcode(status)
    if returncode != 0:
        raise SystemExit(f"{scene}: elastic exited {returncode}: {stderr[-500:]}")
    with open(csv[:-4] + ".summary.json") as f:
        summary = json.load(f)
    start = next((l for l in stderr.splitlines() if "pacing:" in l), "")
    pacing = start.split("pacing: ", 1)[1].split(", window")[0] if "pacing: " in start else "?"
    return {
        "scene": scene, "pacing": pacing,
        "fps": summary["average_fps_frames_over_time"],
        "p50": summary.get("input_latency_p50_ms"), "p99": summary.get("input_latency_p99_ms"),
        "active": summary["duration_s"],
        "app_core": (usage.ru_utime + usage.ru_stime) / wall, "x_core": (x1 - x0) / wall,
        "app_active": (usage.ru_utime + usage.ru_stime) / max(summary["duration_s"], 1e-9),
    }


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--binary", default=".build/release/elastic")
    p.add_argument("--seconds", type=float, default=6)
    p.add_argument("--scenes", default=",".join(SCENES))
    p.add_argument("--out", default="out/latency-xvfb")
    p.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one run, inside its display
    a, extra = p.parse_known_args()
    if a.one:
        print(json.dumps(measure(a.binary, a.scenes, extra, a.seconds, a.out)))
        return
    if extra:
        p.error(f"unrecognized arguments: {' '.join(extra)}")
    for tool in ["Xvfb", "xdotool"]:
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} is missing: scripts/install-deps.sh --xvfb")
    os.makedirs(a.out, exist_ok=True)
    fmt = lambda v, d=1: "–" if v is None else f"{v:.{d}f}"
    print("| scene | pacing | FPS (active) | latency p50 ms | p99 ms | active s | app % of a core | Xvfb % of a core | app CPU ÷ active time |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for scene in a.scenes.split(","):
        for extra in ([], ["--no-vsync"]):
            r = run(a.binary, scene, extra, a.seconds, a.out)
            print(f"| {r['scene']} | {r['pacing']} | {fmt(r['fps'])} | {fmt(r['p50'])} | {fmt(r['p99'])} | {fmt(r['active'])} "
                  f"| {fmt(100 * r['app_core'], 0)} | {fmt(100 * r['x_core'], 0)} | {fmt(100 * r['app_active'], 0)} % |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
