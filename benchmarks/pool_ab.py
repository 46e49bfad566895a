"""Issue 13's load ratio, two checkouts against each other: `ptcg-asp resolve FILE` of checkout
BEFORE and of checkout AFTER, interleaved with bare clingo on the same facts (each round: bare,
before, after), wall and CPU medians per scenario (bytecode kept in a temporary pycache prefix,
warm start-up caches, as `run.py --part pool` runs them).

Usage: python benchmarks/pool_ab.py BEFORE_DIR AFTER_DIR [ROUNDS]
(e.g. BEFORE_DIR from `git archive COMMIT | tar -x -C DIR`).
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

SCENARIOS = ("scenarios/quick-ball-resolution-count.yaml", "docs/examples/boss-orders-against-princess-curtain.yaml",
             "scenarios/welder-1-fire-energy-deck-1.yaml")


def _env(root: str, cache: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"], env["PTCG_ASP_CACHE"] = root, cache
    return env


def _run(cmd: list, env: dict, cwd: str) -> tuple:
    """(wall seconds, CPU seconds) of one command."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main(before: str, after: str, rounds: int) -> None:
    tmp = tempfile.mkdtemp()
    py = {tag: [sys.executable, "-X", f"pycache_prefix={tmp}/pyc-{tag}"] for tag in ("before", "after")}
    env = {tag: _env(root, os.path.join(tmp, f"cache-{tag}")) for tag, root in (("before", before), ("after", after))}
    ratios: dict = {"before": [], "after": []}
    cpu_ratios: dict = {"before": [], "after": []}
    loads = [os.getloadavg()[0]]
    for name in SCENARIOS:
        facts = os.path.join(tmp, os.path.basename(name) + ".lp")
        with open(facts, "w", encoding="utf-8") as fh:
            subprocess.run(py["after"] + ["-m", "ptcg_asp", "facts", name], env=env["after"], stdout=fh, cwd=after,
                           check=True)
        cmds = {"bare": (py["after"] + ["-m", "clingo", os.path.join(after, "encodings", "ptcg.lp"), facts, "0",
                                        "--project=show"], env["after"], after),
                "before": (py["before"] + ["-m", "ptcg_asp", "resolve", name], env["before"], before),
                "after": (py["after"] + ["-m", "ptcg_asp", "resolve", name], env["after"], after)}
        for cmd in cmds.values():
            _run(*cmd)                                      # bytecode and start-up caches written
        times: dict = {k: [] for k in cmds}
        for _ in range(rounds):
            for k, cmd in cmds.items():
                times[k].append(_run(*cmd))
        wall = {k: statistics.median(t[0] for t in v) for k, v in times.items()}
        cpu = {k: statistics.median(t[1] for t in v) for k, v in times.items()}
        for k in ("before", "after"):
            ratios[k].append(wall[k] / wall["bare"])
            cpu_ratios[k].append(cpu[k] / cpu["bare"])
        print(f"{os.path.basename(name):<45} bare {wall['bare'] * 1000:.0f} ms  "
              f"before {wall['before'] * 1000:.0f} ms ({wall['before'] / wall['bare']:.2f}x)  "
              f"after {wall['after'] * 1000:.0f} ms ({wall['after'] / wall['bare']:.2f}x)   CPU "
              f"{cpu['before'] / cpu['bare']:.2f}x -> {cpu['after'] / cpu['bare']:.2f}x")
        loads.append(os.getloadavg()[0])
    print(f"median ratio: before {statistics.median(ratios['before']):.2f}x, after {statistics.median(ratios['after']):.2f}x; "
          f"CPU {statistics.median(cpu_ratios['before']):.2f}x -> {statistics.median(cpu_ratios['after']):.2f}x; "
          f"load average {min(loads):.1f}-{max(loads):.1f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 9)
