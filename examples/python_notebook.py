"""A notebook in a script: compare gamesolve's backends with pandas and plot how the work grows
with matplotlib (run it cell by cell in Jupyter, or as a whole: `python
examples/python_notebook.py`; it writes `python_growth.png`).

Needs the package (`pip install ./crates/python`) and `pip install pandas matplotlib`.
"""

# %% Setup
import gamesolve
import matplotlib

matplotlib.use("Agg")  # a file, not a window; drop this line in a notebook
import matplotlib.pyplot as plt
import pandas as pd

# %% One game, every variant of every backend, as a table
rows = gamesolve.compare("can-i-win", max_choosable=16, desired_total=60, variants=True)
table = pd.DataFrame(rows)
table["label"] = table["backend"] + "/" + table["variant"]
answered = table[table["outcome"].notna()] if "outcome" in table else table
stats = pd.json_normalize(answered["stats"].tolist())
stats.index = answered["label"].values
stats["time_ms"] = answered["time_ns"].values / 1e6
print(stats[["time_ms", "positions", "memo_hits", "states", "table_bytes"]].sort_values("time_ms"))

# %% Growth: positions expanded and time against N, per variant
growth = []
for n in range(4, 19, 2):
    total = n * (n + 1) // 4
    for row in gamesolve.compare("can-i-win", max_choosable=n, desired_total=total, variants=True, node_budget=10**7):
        if "stats" in row:
            growth.append(
                {
                    "n": n,
                    "variant": f"{row['backend']}/{row['variant']}",
                    "positions": row["stats"]["positions"],
                    "time_ms": row["time_ns"] / 1e6,
                }
            )
growth = pd.DataFrame(growth)

fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
for variant, points in growth.groupby("variant"):
    left.plot(points["n"], points["positions"].clip(lower=1), marker="o", label=variant)
    right.plot(points["n"], points["time_ms"], marker="o", label=variant)
left.set(yscale="log", xlabel="N (T = N(N+1)/4)", ylabel="positions expanded", title="Work")
right.set(yscale="log", xlabel="N (T = N(N+1)/4)", ylabel="ms", title="Time")
right.legend(fontsize="small", ncol=2)
fig.tight_layout()
fig.savefig("python_growth.png", dpi=120)
print("wrote python_growth.png")

# %% A game written in Python, solved by the generic variants
class Subtraction:
    """Take 1, 3 or 4 from a pile; who cannot move loses."""

    def __init__(self, pile):
        self.pile = pile

    def start(self):
        return self.pile

    def moves(self, pile):
        return [t for t in (1, 3, 4) if t <= pile]

    def play(self, pile, take):
        return pile - take

    def terminal_value(self, pile):
        return "lose" if pile == 0 else None


print(pd.DataFrame([{"pile": n, **gamesolve.solve(Subtraction(n), backend="memo/hash-map")} for n in range(10)]))

# %% The step-through page (in a notebook, the Explanation object shows itself)
explanation = gamesolve.explain("can-i-win", max_choosable=4, desired_total=6, backend="memo")
print(explanation.text())

# %% Your own game is a game like the others: analysis, comparison and the step-through
print(gamesolve.analyze(Subtraction(9), moves=[1])["moves"])
print(pd.DataFrame(gamesolve.compare(Subtraction(14), variants=True))[["backend", "variant", "outcome"]])
own = gamesolve.explain(Subtraction(7), backend="memo")  # a notebook cell shows its page
print(own.text())
