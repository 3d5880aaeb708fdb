"""The installed distribution's version, recorded in every manifest."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("ragstress")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0+unknown"
