"""Run libCEED's own Python tests (python/tests of a libCEED source tree) and its Python examples
(examples/python, in their test mode, dimensions 1 to 3) unchanged against this package.

    python3 libceed_suite.py --libceed /path/to/libCEED --work DIR [--resources /cpu/self/ref/serial,...]

Their files are copied to DIR (never into this tree), their QFunction libraries are compiled there with the
system cc against ceedrt's headers, and each run is a process of its own. Exit 77
(skipped) when the interpreter lacks numpy, cffi or pytest."""

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig

from ctest_entry import missing_packages

PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE_DIR = os.path.join(os.path.dirname(PACKAGE_DIR), "include")


def copy_and_compile(source, work, c_file, library):
    """Copy a libCEED folder to work and build its QFunction library; returns work."""
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(source, work)
    os.makedirs(os.path.dirname(os.path.join(work, library)), exist_ok=True)
    c_path = os.path.join(work, c_file)
    subprocess.run([shutil.which("cc") or "gcc", "-O2", "-shared", "-fPIC", "-I" + INCLUDE_DIR,
                    "-I" + os.path.dirname(c_path), "-o", os.path.join(work, library), c_path], check=True)
    return work


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--libceed", required=True, help="libCEED source tree")
    parser.add_argument("--work", required=True, help="folder to copy the tests to")
    parser.add_argument("--resources", default="/cpu/self/ref/serial,/cpu/self/gen", help="comma-separated")
    args = parser.parse_args()
    missing = missing_packages()
    if missing:
        print("CEEDRT-SKIPPED: %s lacks Python modules; apt-get install -y %s" % (sys.executable, " ".join(missing)))
        return 77
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [PACKAGE_DIR, os.environ.get("PYTHONPATH")])))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    tests = copy_and_compile(os.path.join(args.libceed, "python", "tests"), os.path.join(args.work, "tests"),
                             "libceed-qfunctions.c", "libceed_qfunctions" + suffix)
    examples = None
    if os.path.isdir(os.path.join(args.libceed, "examples", "python")):  # older trees have no Python examples
        examples = copy_and_compile(os.path.join(args.libceed, "examples", "python"),
                                    os.path.join(args.work, "examples"), os.path.join("qfunctions", "qfunctions.c"),
                                    os.path.join("build", "libceed_c_qfunctions" + suffix))
    failed = []
    for resource in filter(None, args.resources.split(",")):
        test_files = sorted(name for name in os.listdir(tests) if name.startswith("test-") and name.endswith(".py"))
        runs = [("tests", tests, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--ceed", resource] + test_files)]
        for example in sorted(name for name in os.listdir(examples or ".") if examples and name.startswith("ex")
                              and name[2].isdigit() and name.endswith(".py")):
            runs += [("%s -d %d" % (example, dim), examples, [example, "-c", resource, "-d", str(dim), "-t"])
                     for dim in (1, 2, 3)]
        for name, folder, command in runs:
            if subprocess.run([sys.executable] + command, cwd=folder, env=env).returncode != 0:
                failed.append("%s on %s" % (name, resource))
    if failed:
        print("failed: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
