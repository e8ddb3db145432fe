"""Widgets of the workbench screens."""
