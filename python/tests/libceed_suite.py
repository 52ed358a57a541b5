"""Run libCEED's own Python tests (python/tests of a libCEED source tree) unchanged against this package.

    python3 libceed_suite.py --libceed /path/to/libCEED --work DIR [--resources /cpu/self/ref/serial,...]

Their files are copied to DIR (never into this tree), their QFunction library is compiled there with the
system cc against ceedrt's headers, and pytest runs once per resource in a process of its own. Exit 77
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
    source = os.path.join(args.libceed, "python", "tests")
    work = os.path.join(args.work, "libceed-python-tests")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(source, work)
    library = os.path.join(work, "libceed_qfunctions" + sysconfig.get_config_var("EXT_SUFFIX"))
    subprocess.run([shutil.which("cc") or "gcc", "-O2", "-shared", "-fPIC", "-I" + INCLUDE_DIR, "-o", library,
                    os.path.join(work, "libceed-qfunctions.c")], check=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [PACKAGE_DIR, os.environ.get("PYTHONPATH")])))
    failed = []
    for resource in filter(None, args.resources.split(",")):
        tests = sorted(name for name in os.listdir(work) if name.startswith("test-") and name.endswith(".py"))
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--ceed", resource]
                                + tests, cwd=work, env=env)
        if result.returncode != 0:
            failed.append(resource)
    if failed:
        print("libCEED's Python tests failed on: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
