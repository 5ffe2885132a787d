"""Writes a Table as Markdown, CSV and LaTeX; each carries the run id and the methods."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from . import MISSING, Table
from .common import ACCOUNTING


def cell(value) -> str:
    if value is None:
        return MISSING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}" if abs(value) < 100 else f"{value:,.0f}"
    return str(value)


def caption(t: Table) -> str:
    text = f"Run `{t.run}`; methods: {', '.join(t.methods) or 'none'}."
    return text + (" " + ACCOUNTING if t.accounting else "")


def markdown(t: Table) -> str:
    lines = [f"**{t.title}**", "", caption(t), "",
             "| " + " | ".join(t.columns) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(t.columns))) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in t.rows]
    lines += [""] + [f"- {n}" for n in t.notes]
    return "\n".join(lines).rstrip() + "\n"


def csv_text(t: Table) -> str:
    """Raw values (no thousands separators), with the run and methods as leading comment rows."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([f"# {t.title}"])
    w.writerow([f"# run {t.run}; methods {' '.join(t.methods)}"])
    if t.accounting:
        w.writerow([f"# {ACCOUNTING}"])
    w.writerow(t.columns)
    for row in t.rows:
        w.writerow(["" if c is None else c for c in row])
    return out.getvalue()


_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                  "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                  "^": r"\textasciicircum{}", "—": "---", "×": r"$\times$", "≤": r"$\le$"}


def tex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def latex(t: Table) -> str:
    spec = "l" + "r" * (len(t.columns) - 1)
    lines = [r"\begin{table}", r"\centering",
             rf"\caption{{{tex_escape(t.title)}. {tex_escape(caption(t).replace('`', ''))}}}",
             rf"\begin{{tabular}}{{{spec}}}", r"\toprule",
             " & ".join(tex_escape(c) for c in t.columns) + r" \\", r"\midrule"]
    lines += [" & ".join(tex_escape(cell(c)) for c in row) + r" \\" for row in t.rows]
    lines += [r"\bottomrule", r"\end{tabular}"]
    lines += [rf"\par\footnotesize {tex_escape(n)}" for n in t.notes]
    lines += [r"\end{table}"]
    return "\n".join(lines) + "\n"


def write(t: Table, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for ext, fn in (("md", markdown), ("csv", csv_text), ("tex", latex)):
        path = folder / f"{t.name}.{ext}"
        path.write_text(fn(t))
        paths.append(path)
    return paths
