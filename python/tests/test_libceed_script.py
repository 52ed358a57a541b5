"""A script written for libCEED's Python interface runs unchanged with `import libceed`, in a process of its own
that has never imported ceedrt by that name."""

import os
import subprocess
import sys

import pytest

from conftest import TESTS_DIR


def test_libceed_script_runs_unchanged(ceed_resource, qfunctions_library):
    env = dict(os.environ)
    package_dir = os.path.dirname(TESTS_DIR)
    env["PYTHONPATH"] = os.pathsep.join([package_dir] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    script = os.path.join(TESTS_DIR, "scripts", "libceed_mass_1d.py")
    result = subprocess.run([sys.executable, script, ceed_resource, qfunctions_library], env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    length = float(result.stdout.strip().rsplit("=", 1)[1])
    assert length == pytest.approx(2.5, rel=1e-13)
