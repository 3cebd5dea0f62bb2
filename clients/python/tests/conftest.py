# The plugin is loaded from the source tree, so the tests run without installing the package.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
pytest_plugins = ["segued_client.pytest_plugin"]
