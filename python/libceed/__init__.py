"""libceed: the name scripts written for libCEED's Python interface import; everything is ceedrt's."""

from ceedrt import *  # noqa: F401,F403
from ceedrt import __all__, __version__  # noqa: F401
