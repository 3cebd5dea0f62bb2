"""A client of the segued daemon: typed calls for its API, a daemon runner, and a pytest plugin.

Standard library only (urllib), so it installs anywhere Python 3.9+ runs.
"""

from .client import (ActionUnread, AmbiguousControl, ChoiceRequired, Client, Event, NotInWindowHierarchy, NotTappable,
                     Problem, Session, Stack, Tap, Transcript, UnknownChoice, UnknownControl)
from .daemon import Daemon

__all__ = ["ActionUnread", "AmbiguousControl", "ChoiceRequired", "Client", "Daemon", "Event", "NotInWindowHierarchy",
           "NotTappable", "Problem", "Session", "Stack", "Tap", "Transcript", "UnknownChoice", "UnknownControl"]
