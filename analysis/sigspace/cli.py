"""The `sigspace` command (ARCHITECTURE.md, command line). Hex in, JSON out on stdout, errors on
stderr with a nonzero exit: 2 for bad usage or input, 1 for an invalid signature."""
from __future__ import annotations

import argparse
import os
import sys

from . import commands


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse exits 2 too; keep our prefix and message style
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="sigspace", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, fn in commands.COMMANDS.items():
        sp = sub.add_parser(name, help=fn.__doc__.splitlines()[0] if fn.__doc__ else None)
        commands.ARGUMENTS[name](sp)
        sp.set_defaults(func=fn)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.func(args)
    except UsageError as e:
        print(f"sigspace: {e}", file=sys.stderr)
        return 2
    except commands.CommandError as e:
        print(f"sigspace: {e}", file=sys.stderr)
        return e.code
    except KeyboardInterrupt:
        print("sigspace: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # e.g. `sigspace list | head`: the reader left, nothing to say
        # Python flushes stdout again at exit; point it at /dev/null so that flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
