"""The suite compiles PC-1 code afresh: the disk cache of compiled code is off unless a test
turns it on (tests/pc1/machine/test_code_cache.py), so no run reads or fills the user's."""

import os

os.environ.setdefault("PC1_CODE_CACHE", "off")
