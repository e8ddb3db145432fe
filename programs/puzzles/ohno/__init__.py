"""0h n0: the seed's text format, an independent rules checker, logic + search solver."""
