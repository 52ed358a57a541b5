"""examples/bp3_cg.py: CG on BP3 converges to the manufactured solution and writes its plot."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
import bp3_cg  # noqa: E402


def test_cg_converges_to_the_exact_solution(ceed_resource):
    result = bp3_cg.solve(ceed_resource, nelem=3, degree=2, tol=1e-10)
    history = result["history"]
    assert result["unknowns"] == 5 ** 3
    assert history[-1] <= 1e-10 * history[0]
    assert len(history) - 1 <= 125  # CG's bound in exact arithmetic: the number of unknowns
    assert result["max_error"] < 2e-4  # degree-2 discretization error of the smooth solution


def test_main_writes_the_convergence_plot(tmp_path):
    pytest.importorskip("matplotlib", reason="python3-matplotlib is not installed")
    output = tmp_path / "bp3.png"
    assert bp3_cg.main(["--resource", "/cpu/self/ref/serial", "--nelem", "2", "--degree", "2",
                        "--output", str(output)]) == 0
    assert output.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
