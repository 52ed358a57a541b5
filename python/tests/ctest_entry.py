"""CTest's entry to the Python tests: skips (exit 77) with the packages to install when a module is missing,
otherwise runs pytest on this folder and exits with its status."""

import importlib
import os
import sys

DEBIAN_PACKAGES = {"numpy": "python3-numpy", "cffi": "python3-cffi", "pytest": "python3-pytest"}


def missing_packages():
    """The Debian packages of the modules this interpreter cannot import."""
    missing = []
    for module, package in DEBIAN_PACKAGES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    return missing


def main():
    missing = missing_packages()
    if missing:
        print("CEEDRT-SKIPPED: %s lacks Python modules; apt-get install -y %s" % (sys.executable, " ".join(missing)))
        return 77
    import pytest
    here = os.path.dirname(os.path.abspath(__file__))
    return pytest.main([here, "-q", "-p", "no:cacheprovider"] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
