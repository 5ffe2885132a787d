#!/usr/bin/python3
"""The constant-time gate (tests/ct/README.md): runs sigspace-ct-run under valgrind memcheck
once per variant and ablation, with every secret input marked undefined, and fails on any
branch or address that depends on them and was not declassified where the standard makes it
public. Reports name every finding by operation, function and file:line.

  ct_check.py --runner BIN [--sets ci|all] [--only GLOB]... [--origins yes|no] [--jobs N] [--out DIR]
  ct_check.py --runner BIN --planted-selftest

Exit 0: every gated variant clean; 1: a finding (or a run that failed); 2: bad usage.
"""
import argparse
import concurrent.futures
import fnmatch
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The parameter set per scheme that CI checks, chosen by cost (the cheapest of each scheme under
# memcheck); a scheme not named here is checked at its first parameter set, so a new scheme
# is covered without an edit. `--sets all` checks every set.
CI_SETS = {"ML-DSA": "ML-DSA-44", "LESS": "LESS-1s"}

# Signatures per run: enough for rejected attempts where the scheme has a rejection loop
# (ML-DSA-44 averages 4.25 attempts per signature, FIPS 204 Table 1); one elsewhere.
MESSAGES = {"ML-DSA": 4}

# Points whose report is shown for information and does not fail the gate, with the reason.
INFORMATIONAL = [
    ("LESS-*/reference*",
     "mirrors the official LESS reference, which is not constant-time (ARCHITECTURE.md)"),
    ("*~constant-time",
     "the price-of-constant-time contrast: its point with the reference's data-dependent "
     "kernels, measured and never an operating point (sigspace/point.hpp, contrasts)"),
]

# memcheck's kinds for a secret-dependent branch or address: the gate's findings.
SECRET_KINDS = {"UninitCondition": "branch", "UninitValue": "address"}
OPS = {"ct_keygen": "keygen", "ct_load_key": "load_signing_key", "ct_sign": "sign"}


def fail_usage(msg):
    print(f"ct_check: {msg}", file=sys.stderr)
    sys.exit(2)


def frame_of(fr):
    get = lambda tag: (fr.findtext(tag) or "")
    path = os.path.join(get("dir"), get("file")) if get("file") else ""
    if path.startswith(ROOT + os.sep):
        path = os.path.relpath(path, ROOT)
    return {"fn": get("fn") or get("obj") or get("ip"), "file": path, "line": get("line")}


def in_product(frame):
    return frame["file"].startswith(("core/", "variants/"))


def parse_xml(path):
    """memcheck's XML -> (findings, other errors)."""
    findings, others = [], []
    root = ET.parse(path).getroot()
    counts = {e.findtext("unique"): int(e.findtext("count") or 0)
              for e in root.iter("pair")}
    for err in root.findall("error"):
        kind = err.findtext("kind")
        stacks = err.findall("stack")
        frames = [frame_of(f) for f in stacks[0].findall("frame")] if stacks else []
        origin = [frame_of(f) for f in stacks[1].findall("frame")] if len(stacks) > 1 else []
        what = err.findtext("what") or (err.find("xwhat").findtext("text")
                                        if err.find("xwhat") is not None else kind)
        where = next((f for f in frames if in_product(f)), frames[0] if frames else None)
        op = next((OPS[k] for f in frames for k in OPS if k in f["fn"]), "?")
        item = {
            "kind": SECRET_KINDS.get(kind, kind), "what": what, "op": op,
            "function": where["fn"] if where else "?",
            "location": f"{where['file']}:{where['line']}" if where else "?",
            "count": counts.get(err.findtext("unique"), 1),
            "stack": [f"{f['fn']} ({f['file']}:{f['line']})" for f in frames[:10]],
            "origin": [f"{f['fn']} ({f['file']}:{f['line']})" for f in origin[:4]],
        }
        (findings if kind in SECRET_KINDS else others).append(item)
    return findings, others


def memcheck(args, runner_args, origins=True):
    with tempfile.TemporaryDirectory() as tmp:
        xml = os.path.join(tmp, "memcheck.xml")
        cmd = [args.valgrind, "--tool=memcheck", f"--track-origins={'yes' if origins else 'no'}",
               "--error-limit=no",
               "--xml=yes", f"--xml-file={xml}", args.runner] + runner_args
        t0 = time.time()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        seconds = round(time.time() - t0, 1)
        if not os.path.exists(xml):
            return None, None, proc, seconds
        findings, others = parse_xml(xml)
        return findings, others, proc, seconds


def informational(vid):
    return next((why for pat, why in INFORMATIONAL if fnmatch.fnmatch(vid, pat)), None)


def check_variant(args, v):
    messages = MESSAGES.get(v["scheme"], 1)
    runner_args = ["--variant", v["id"], "--messages", str(messages)]
    # Without origin tracking memcheck runs about 30 % faster and finds the same uses (a
    # finding is reported where the secret is used); a gated variant with findings is run again
    # with origins, so that each of its findings names its origin (an informational one is not:
    # its findings are expected).
    findings, others, proc, seconds = memcheck(args, runner_args, args.origins == "yes")
    rerun = args.origins == "no" and bool(findings or others) and not informational(v["id"])
    if rerun:
        findings, others, proc, more = memcheck(args, runner_args, True)
        seconds = round(seconds + more, 1)
    ran = proc.returncode == 0 and "ct-run: done" in proc.stdout
    rec = dict(v, seconds=seconds, messages=messages, informational=informational(v["id"]),
               findings=findings or [], other_errors=others or [], rerun_with_origins=rerun)
    if findings is None or not ran:
        rec["status"] = "run failed"
        rec["detail"] = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
    elif findings or others:
        rec["status"] = "findings"
    else:
        rec["status"] = "clean"
    return rec


def list_variants(runner):
    proc = subprocess.run([runner, "--list"], capture_output=True, text=True)
    if proc.returncode != 0:
        fail_usage(f"{runner} --list failed: {proc.stderr.strip()}")
    out = []
    for line in proc.stdout.splitlines():
        vid, scheme, pset, point, kind = line.split("\t")
        out.append({"id": vid, "scheme": scheme, "param_set": pset, "op_point": point,
                    "kind": kind})
    return out


def select(variants, sets, only):
    if sets == "ci":
        first = {}
        for v in variants:
            first.setdefault(v["scheme"], v["param_set"])
        chosen = {s: CI_SETS.get(s, first[s]) for s in first}
        variants = [v for v in variants if chosen[v["scheme"]] == v["param_set"]]
    if only:  # any of the globs
        variants = [v for v in variants if any(fnmatch.fnmatch(v["id"], g) for g in only)]
    return variants


def git_commit():
    def git(*a):
        return subprocess.run(["git", "-C", ROOT] + list(a), capture_output=True,
                              text=True).stdout.strip()
    return {"commit": git("rev-parse", "HEAD"), "dirty": bool(git("status", "--porcelain",
                                                                  "--", "core", "variants",
                                                                  "tests/ct"))}


def short_name(fn):
    """sigspace::mldsa::f<P, 3u>(int) [clone .isra.0] -> sigspace::mldsa::f"""
    out, depth = [], 0
    for ch in fn.split(" [clone")[0]:
        if ch in "<(":
            depth += 1
        elif ch in ">)":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out).split(" ")[-1] or fn


def grouped(items):
    """One line per (operation, kind, function, location), their counts summed."""
    groups = {}
    for f in items:
        key = (f["op"], f["kind"], short_name(f["function"]), f["location"], f["what"])
        groups[key] = groups.get(key, 0) + f["count"]
    return sorted(groups.items())


def text_report(report):
    lines = [f"constant-time gate: {report['sets']} sets ({', '.join(report['param_sets'])}), "
             f"commit {report['commit']}{' (dirty)' if report['dirty'] else ''}, "
             f"{len(report['variants'])} of {report['selected']} variants and ablations checked"]
    for rec in report["variants"]:
        tag = f" [informational: {rec['informational']}]" if rec["informational"] else ""
        n = len(rec["findings"]) + len(rec["other_errors"])
        lines.append(f"{rec['id']}: {rec['status']}"
                     f"{f' ({n} distinct)' if n else ''}{tag} ({rec['seconds']} s)")
        for (op, kind, fn, loc, what), count in grouped(rec["findings"] + rec["other_errors"]):
            lines.append(f"  {op}: {kind} in {fn} at {loc} (x{count}): {what}")
        for d in rec.get("detail", []):
            lines.append(f"  | {d}")
    lines.append(f"verdict: {report['verdict']}")
    return "\n".join(lines) + "\n"


def planted_selftest(args):
    """The gate reports a planted secret branch and a planted secret index, by function, and
    passes the constant-time version of the same work."""
    expect = {"branch": ("branch", "planted_secret_branch"),
              "index": ("address", "planted_secret_index"), "clean": None}
    ok = True
    # Both memcheck modes: with origins (CI) and without (--origins no, the faster sweep).
    for (name, want), origins in itertools.product(expect.items(), (True, False)):
        findings, others, proc, _ = memcheck(args, ["--planted", name], origins)
        name = f"{name} (origins {'yes' if origins else 'no'})"
        if findings is None or proc.returncode != 0:
            print(f"planted {name}: the run failed: {proc.stderr.strip()[-300:]}")
            ok = False
            continue
        got = {(f["kind"], f["function"]) for f in findings}
        if want is None:
            good = not findings and not others
        else:
            good = any(k == want[0] and want[1] in fn for k, fn in got)
        print(f"planted {name}: {'as expected' if good else 'WRONG'}: "
              f"{sorted(got) if got else 'no finding'}")
        ok &= good
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runner", required=True)
    ap.add_argument("--valgrind", default="valgrind")
    ap.add_argument("--sets", choices=["ci", "all"], default="ci")
    ap.add_argument("--only", action="append",
                    help="id glob (e.g. 'ML-DSA-65/balanced*'); repeat it for several")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--origins", choices=["yes", "no"], default="yes",
                    help="memcheck --track-origins (no: about 30 %% faster; a gated variant with "
                    "findings is run again with origins)")
    ap.add_argument("--out", help="directory for report.json and report.txt")
    ap.add_argument("--planted-selftest", action="store_true")
    args = ap.parse_args()
    if not os.access(args.runner, os.X_OK):
        fail_usage(f"runner '{args.runner}' is not an executable")
    if subprocess.run([args.valgrind, "--version"], capture_output=True).returncode != 0:
        fail_usage(f"valgrind ('{args.valgrind}') does not run: install Debian's valgrind")
    if args.jobs < 1:
        fail_usage("--jobs must be at least 1")
    if args.planted_selftest:
        return planted_selftest(args)

    variants = select(list_variants(args.runner), args.sets, args.only)
    if not variants:
        fail_usage("no variant selected")
    # Gated variants first, then the informational ones, each group largest set first: the
    # report is rewritten after every variant, so an interrupted sweep keeps what it checked.
    variants = ([v for v in variants if not informational(v["id"])] +
                sorted((v for v in variants if informational(v["id"])),
                       key=lambda v: v["param_set"], reverse=True))
    commit = git_commit()
    records = []

    def report_of(done):
        gated_bad = [r for r in done if r["status"] != "clean" and
                     not (r["informational"] and r["status"] == "findings")]
        missing = [v["id"] for v in variants if v["id"] not in {r["id"] for r in done}]
        verdict = ("FAIL: " + ", ".join(r["id"] for r in gated_bad) if gated_bad else
                   f"incomplete: {len(missing)} not yet checked ({', '.join(missing)})"
                   if missing else "pass")
        return dict(commit, sets=args.sets, selected=len(variants),
                    param_sets=sorted({v["param_set"] for v in variants}),
                    method=f"valgrind memcheck --track-origins={args.origins}"
                    + (" (gated variants with findings run again with yes)"
                       if args.origins == "no" else "")
                    + ", secret inputs undefined",
                    variants=done, verdict=verdict), not gated_bad and not missing

    def write(report):
        if not args.out:
            return
        os.makedirs(args.out, exist_ok=True)
        for name, text in (("report.json", json.dumps(report, indent=1)),
                           ("report.txt", text_report(report))):
            tmp = os.path.join(args.out, name + ".part")
            with open(tmp, "w") as f:
                f.write(text)
            os.replace(tmp, os.path.join(args.out, name))

    order = {v["id"]: i for i, v in enumerate(variants)}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(check_variant, args, v) for v in variants]
        for fut in concurrent.futures.as_completed(futures):
            records.append(fut.result())
            records.sort(key=lambda r: order[r["id"]])
            write(report_of(records)[0])
    report, ok = report_of(records)
    sys.stdout.write(text_report(report))
    write(report)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
