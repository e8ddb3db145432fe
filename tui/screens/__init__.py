"""The workbench screens of the console, one module per screen (see tui/workbenches.py)."""
