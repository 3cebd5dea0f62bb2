"""A client of the segued daemon: typed calls for its API, a daemon runner, and a pytest plugin.

Standard library only (urllib), so it installs anywhere Python 3.9+ runs.
"""

from .client import Client, Event, Problem, Session, Stack, Transcript
from .daemon import Daemon

__all__ = ["Client", "Daemon", "Event", "Problem", "Session", "Stack", "Transcript"]
