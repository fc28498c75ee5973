"""The peers' own virtual environment (.build/peers-venv), set up from PyPI on first use:
pycairo (built against Debian's libcairo2-dev, installed with apt-get when missing), skia-python,
blend2d-python, thorvg-python (optional: left out if it does not install) and numpy."""

import os
import shutil
import subprocess
import sys

REQUIRED = ["pycairo", "skia-python", "blend2d-python", "numpy"]
OPTIONAL = ["thorvg-python"]


def _apt(packages):
    missing = [p for p in packages if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True,
                                                      text=True).stdout.find("install ok installed") < 0]
    if not missing or not shutil.which("apt-get"):
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    print(f"compare-peers: installing {' '.join(missing)} (apt-get)…", file=sys.stderr)
    # Setting up talks on stderr: stdout is the table (--markdown output is redirected to files).
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, stdout=sys.stderr)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing, check=True,
                   env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"), stdout=sys.stderr)


def ensure(root, script, argv):
    """Re-runs `script` inside the venv unless this already is it."""
    venv = os.path.join(root, ".build", "peers-venv")
    python = os.path.join(venv, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(venv):
        return
    stamp = os.path.join(venv, ".installed")
    if not os.path.exists(stamp):
        _apt(["python3-venv", "libcairo2-dev", "pkg-config", "fonts-dejavu-core"])
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, stdout=sys.stderr)
        pip = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        subprocess.run(pip + REQUIRED, check=True, stdout=sys.stderr)
        for package in OPTIONAL:
            if subprocess.run(pip + [package], stdout=sys.stderr).returncode != 0:
                print(f"compare-peers: {package} did not install; going on without it", file=sys.stderr)
        open(stamp, "w").close()
    os.execv(python, [python, script] + argv)
