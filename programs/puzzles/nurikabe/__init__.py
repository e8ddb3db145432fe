"""Nurikabe: model, file formats, an independent checker, a human-style solver with hints."""
