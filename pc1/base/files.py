"""Opening the files a user names, safely: reading only regular files, writing so that no
good file is ever left cut short.

Reading: a fifo, a socket or a device is refused at once (opening a fifo would wait for a
writer for ever; /dev/zero never ends), before a byte is read. Standard input ("-") is read
where a command says it reads it.

Writing: the output goes to a temporary file beside the target, renamed over it when it is
complete, so an interrupted or failed write leaves the old file (or none) where it stood,
never a truncated one. A character device (/dev/null, /dev/full) is written directly, since
it cannot be replaced by a rename; a fifo, a socket or a folder is refused at once.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO

from pc1.base.errors import InputError

STDIN = "-"  # a path of "-" reads standard input

BAD_NAME = "not a file name (a NUL byte, or a character no file name can hold)"
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a fifo"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


def kind_of(mode: int) -> str | None:
    """What a file of this mode is when it is not a regular file ('a fifo', ...), else None."""
    for test, name in _KINDS:
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def open_regular(path: str | os.PathLike[str], what: str = "a file") -> IO[bytes]:
    """`path` opened for reading in binary, refused at once (InputError) unless it is a
    regular file: a fifo is not waited on, a device is not read."""
    name = str(path)
    try:
        # O_NONBLOCK: opening a fifo with no writer returns at once instead of waiting
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError("no such file", source=name) from None
    except IsADirectoryError:
        raise InputError(f"a folder, not {what}", source=name) from None
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=name) from None
    except ValueError:  # a NUL byte, or a character no file name can hold
        raise InputError(BAD_NAME, source=name) from None
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            advice = "" if kind == "a folder" else " (give a regular file)"
            raise InputError(f"{kind}, not {what}{advice}", source=name)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def check_input(path: str | os.PathLike[str], what: str = "a file") -> None:
    """InputError at once unless `path` can be opened and is a regular file (a file read only
    later, after a run, is checked before the run); "-", standard input, passes."""
    if str(path) == STDIN:
        return
    open_regular(path, what).close()


def check_output(path: str | os.PathLike[str]) -> bool:
    """Whether `path` can take an output; True if it is a device written directly.

    InputError at once for a fifo, a socket or a folder (a fifo would wait for a reader)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise InputError(exc.strerror or str(exc), source=str(path)) from None
    except ValueError:  # a NUL byte, or a character no file name can hold
        raise InputError(BAD_NAME, source=str(path)) from None
    if stat.S_ISCHR(mode):
        return True
    kind = kind_of(mode)
    if kind is not None:
        raise InputError(f"{kind}: cannot write the output there (give a file name)",
                         source=str(path))
    return False


class Output:
    """An output file written whole or not at all: `stream` while it is written, `commit()`
    to put it in place, `abort()` to drop it (the target's old content is kept).

    The temporary file lies beside the target (the same folder, so the rename is atomic).
    Errors are InputError naming the target."""

    def __init__(self, path: str | os.PathLike[str], mode: str = "wb",
                 encoding: str | None = None) -> None:
        self.path = Path(path)
        self.name = str(path)
        kwargs = {} if "b" in mode else {"encoding": encoding or "utf-8", "newline": ""}
        self._temp: str | None = None
        try:
            if check_output(self.path):  # a device: written directly, no rename
                self.stream: IO = open(self.path, mode, **kwargs)  # noqa: SIM115 - see close
                return
            import tempfile  # here, not at the top: it costs every command's start

            fd, self._temp = tempfile.mkstemp(prefix=f".{self.path.name[:40]}.",
                                              suffix=".part", dir=self.path.parent)
            self.stream = os.fdopen(fd, mode, **kwargs)
        except OSError as exc:
            raise self.error(exc) from None

    def error(self, exc: OSError) -> InputError:
        """An OS error while writing, as a one-line InputError naming the file."""
        return InputError(exc.strerror or str(exc), source=self.name)

    def commit(self) -> None:
        """Close the stream and put the file in place."""
        try:
            self.stream.close()
            if self._temp is not None:
                _keep_mode(self.path, self._temp)
                os.replace(self._temp, self.path)
                self._temp = None
        except OSError as exc:
            self.abort()
            raise self.error(exc) from None

    def abort(self) -> None:
        """Drop what was written; the target stays as it was."""
        with suppress(OSError):
            self.stream.close()
        if self._temp is not None:
            _remove(self._temp)
            self._temp = None


@contextmanager
def atomic_output(path: str | os.PathLike[str], mode: str = "wb",
                  encoding: str | None = None) -> Iterator[IO]:
    """A stream whose text becomes `path` only when the block ends without an exception
    (see Output); errors are InputError naming `path`."""
    out = Output(path, mode, encoding)
    try:
        yield out.stream
    except OSError as exc:
        out.abort()
        raise out.error(exc) from None
    except BaseException:
        out.abort()
        raise
    out.commit()


def write_atomically(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write `data` to `path` whole or not at all (see atomic_output)."""
    with atomic_output(path, "wb" if isinstance(data, bytes) else "w") as stream:
        stream.write(data)


def _keep_mode(target: Path, temp: str) -> None:
    """The new file gets the old one's permissions, or those a new file would get."""
    try:
        os.chmod(temp, stat.S_IMODE(os.stat(target).st_mode))
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)


def _remove(temp: str) -> None:
    with suppress(OSError):
        os.unlink(temp)


def expand_user(name: str | os.PathLike[str]) -> Path:
    """`~` and `~user` expanded; a name whose user does not exist (`~nobody-here/x`) as given,
    so its reader says it is missing instead of the program failing."""
    path = Path(name)
    try:
        return path.expanduser()
    except RuntimeError:  # no such user, or no home directory to expand into
        return path
