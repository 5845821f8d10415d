#!/usr/bin/env python3
"""Connect Four test sets in the public benchmark's shape, scored by an independent solver.

Each line of a set is ``MOVES SCORE``: the columns played from the empty 7x6 board (digits,
from 1 at the left) and the score for the player to move, in the public tutorial's convention:
a win with the stone that is move ``m`` of the game (from 1) scores ``(42 + 2 - m) // 2`` (the
winner's stones left unplayed, plus one), a loss minus that, a draw 0.

The sets are named by the moves played (L3: 29-42, L2: 15-28, L1: 0-14) and the moves left
under perfect play (R1: 0-13, R2: 14-27, R3: 28-42), as in the public benchmark:

    L3_R1  L2_R1  L2_R2  L1_R1  L1_R2  L1_R3

Positions come from random games with a fixed seed: each game plays uniformly random columns
that do not make four in a line (a random game would otherwise end early), up to a number of
moves drawn from the set's range; a position already over, or where the player to move wins
at once, is never kept, nor one kept twice.

The scorer is this file's own: a plain negamax over lists of columns (no bitboard), checking
the four lines through the stone just dropped, with alpha-beta, a transposition table of
lower and upper bounds keyed by the board's columns, and the score's natural bounds (a player
who cannot win with its next stone scores at most ``(42 - 1 - n) // 2``). It shares no code
with gamesolve.

What it can score in reasonable time (pure CPython): every position of ``L3_R1`` (13 empty
cells at most) and the positions of the ``R1`` sets (``L2_R1``, ``L1_R1``): a position ends
within 13 moves exactly when its score is at least the score of a win 13 moves away, and two
null-window tests against that bound, then a search inside it, never look deeper than 13
moves. The ``R2`` and ``R3`` sets (``L2_R2``, ``L1_R2``, ``L1_R3``) need a full search of 14 to
42 moves, beyond plain Python: they are scored by a second solver that is not gamesolve, Pascal
Pons' C++ solver built by ``scripts/connect4_peer.sh`` (``--peer target/connect4-peer/c4peer``,
one process fed a position a line), or written as candidates without a score with
``--unscored`` (``MOVES`` alone, classified by moves played only). A position the peer takes
longer than ``--peer-limit`` seconds on is dropped (killed, counted on standard error: the set
is then biased towards easier positions, and says so), and ``--budget`` stops the run after so
many seconds with the positions kept so far.

The committed sets (tests/data/connect_four/), made with the commands below on a shared
2-core machine: ``L3_R1``, ``L2_R1`` (its first 200 lines the earlier file's) and ``L2_R2``
1,000 positions each (``L2_R1`` in 442 s, ``L2_R2`` in 71 s: 2,797 candidates scored by the
peer); ``L1_R1`` only the positions the Python scorer found in the time given, about four a
minute (most candidates of 0 to 14 stones do not end within 13 moves); ``L1_R2`` 15 and ``L1_R3``
10, each in a 1,200 s budget with ``--peer-limit 20``: the peer (table of 2^24 entries)
takes seconds to minutes on a position of few stones, and dropped 48 of ``L1_R2``'s 100
candidates and 50 of ``L1_R3``'s 85 past 20 s, so those two sets lean towards the easier
positions of their class, and another machine may drop others (the limit is on time). The
peer that scored ``L2_R2``, ``L1_R2`` and ``L1_R3`` is also the one gamesolve is compared with
(``connect4_peer``): on those sets the check is gamesolve against it alone.

Usage:

    scripts/connect4_testsets.py L3_R1 --count 1000 --seed 1 > tests/data/connect_four/L3_R1.txt
    scripts/connect4_testsets.py L2_R1 --count 1000 --seed 2 > tests/data/connect_four/L2_R1.txt
    scripts/connect4_testsets.py L1_R1 --count 1000 --seed 3 > tests/data/connect_four/L1_R1.txt
    scripts/connect4_peer.sh --table-log 24 --out target/connect4-scorer
    scripts/connect4_testsets.py L2_R2 --count 1000 --seed 4 --peer target/connect4-scorer/c4peer \
        --peer-limit 30
    scripts/connect4_testsets.py L1_R2 --count 1000 --seed 5 --peer target/connect4-scorer/c4peer \
        --peer-limit 20 --budget 1200
    scripts/connect4_testsets.py L1_R3 --count 1000 --seed 6 --peer target/connect4-scorer/c4peer \
        --peer-limit 20 --budget 1200
"""

from __future__ import annotations

import argparse
import random
import select
import subprocess
import sys
import time

WIDTH, HEIGHT = 7, 6
CELLS = WIDTH * HEIGHT
ORDER = sorted(range(WIDTH), key=lambda c: (abs(2 * c - (WIDTH - 1)), c))


def set_size(width: int, height: int) -> None:
    """Another board (for ``--score``; the sets are 7x6)."""
    global WIDTH, HEIGHT, CELLS, ORDER
    WIDTH, HEIGHT, CELLS = width, height, width * height
    ORDER = sorted(range(WIDTH), key=lambda c: (abs(2 * c - (WIDTH - 1)), c))

PLAYED = {"L3": (29, 42), "L2": (15, 28), "L1": (0, 14)}
LEFT = {"R1": (0, 13), "R2": (14, 27), "R3": (28, 42)}


class Board:
    """Columns of stones, bottom first: 0 for the first player's, 1 for the second's."""

    def __init__(self) -> None:
        self.cols = [[] for _ in range(WIDTH)]
        self.n = 0

    def can_play(self, c: int) -> bool:
        return len(self.cols[c]) < HEIGHT

    def wins_at(self, c: int) -> bool:
        """Whether the player to move makes four by dropping a stone in column ``c``."""
        r = len(self.cols[c])
        me = self.n % 2
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            count = 1
            for s in (1, -1):
                cc, rr = c + s * dc, r + s * dr
                while 0 <= cc < WIDTH and 0 <= rr < len(self.cols[cc]) and self.cols[cc][rr] == me:
                    count += 1
                    cc += s * dc
                    rr += s * dr
            if count >= 4:
                return True
        return False

    def play(self, c: int) -> None:
        self.cols[c].append(self.n % 2)
        self.n += 1

    def undo(self, c: int) -> None:
        self.cols[c].pop()
        self.n -= 1

    def key(self) -> tuple:
        return tuple(tuple(col) for col in self.cols)


class Solver:
    """Negamax with alpha-beta over a table of bounds; see the module docs."""

    def __init__(self) -> None:
        self.table: dict = {}
        self.nodes = 0

    def negamax(self, b: Board, alpha: int, beta: int) -> int:
        self.nodes += 1
        if b.n == CELLS:
            return 0
        for c in range(WIDTH):
            if b.can_play(c) and b.wins_at(c):
                return (CELLS + 1 - b.n) // 2
        # No win now: at best a win with one's next stone but one.
        most = (CELLS - 1 - b.n) // 2
        key = b.key()
        lower, upper = self.table.get(key, (-CELLS, most))
        upper = min(upper, most)
        if lower >= beta or lower >= upper:
            return lower
        if upper <= alpha:
            return upper
        alpha0, beta0 = max(alpha, lower), min(beta, upper)
        a = alpha0
        best = -CELLS
        for c in ORDER:
            if not b.can_play(c):
                continue
            b.play(c)
            v = -self.negamax(b, -beta0, -a)
            b.undo(c)
            if v > best:
                best = v
            if v > a:
                a = v
            if a >= beta0:
                break
        if best <= alpha0:
            upper = min(upper, best)
        elif best >= beta0:
            lower = max(lower, best)
        else:
            lower = upper = best
        self.table[key] = (lower, upper)
        return best

    def score(self, b: Board, alpha: int = -CELLS, beta: int = CELLS) -> int:
        return self.negamax(b, alpha, beta)


def win_score(m: int) -> int:
    """The score of a win by the stone that is move ``m`` of the game."""
    return (CELLS + 2 - m) // 2


def moves_left(n: int, score: int) -> int:
    """Moves from a position with ``n`` stones to the end under perfect play, from its score."""
    if score == 0:
        return CELLS - n
    # The winner's last stone is move m: the largest m with win_score(m) == |score| and the
    # right parity (the player to move wins on moves n+1, n+3, ...; the other on n+2, ...).
    parity = (n + 1) % 2 if score > 0 else n % 2
    m = max(m for m in range(n + 1, CELLS + 1) if m % 2 == parity and win_score(m) == abs(score))
    return m - n


def score_within(solver: Solver, b: Board, left_max: int):
    """The score when the game ends within ``left_max`` moves under perfect play, else None,
    by searches that never look further (see the module docs)."""
    n = b.n
    # The smallest |score| of a game over within left_max moves: a win by move n + left_max
    # (or the move before, for the other player's parity).
    near = min(win_score(n + k) for k in range(1, left_max + 1))
    if n + left_max >= CELLS:
        return solver.score(b)  # even a draw is within reach: the whole game is
    if solver.score(b, near - 1, near) >= near:
        return solver.score(b, near - 1, CELLS)
    if solver.score(b, -near, -near + 1) <= -near:
        return solver.score(b, -CELLS, -near + 1)
    return None


def random_position(rng: random.Random, played: int):
    """A position of ``played`` stones from random moves that never make four, or None."""
    b = Board()
    moves = []
    while b.n < played:
        options = [c for c in range(WIDTH) if b.can_play(c) and not b.wins_at(c)]
        if not options:
            return None
        c = rng.choice(options)
        b.play(c)
        moves.append(c)
    if any(b.can_play(c) and b.wins_at(c) for c in range(WIDTH)):
        return None  # a win at once: too easy a position to keep
    return b, "".join(str(c + 1) for c in moves)


class Peer:
    """The C++ peer (``scripts/connect4_peer.sh``'s ``c4peer``): one process, a position a line
    in, ``SCORE NODES NANOSECONDS`` a line out; restarted after a position it took too long on."""

    def __init__(self, path: str, limit: float | None) -> None:
        self.path, self.limit, self.proc = path, limit, None
        self.dropped = 0

    def _start(self) -> None:
        self.proc = subprocess.Popen([self.path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def score(self, moves: str):
        """The peer's score of ``moves``, or None when it took longer than the limit."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        self.proc.stdin.write(moves + "\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], self.limit)
        if not ready:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
            self.dropped += 1
            return None
        words = self.proc.stdout.readline().split()
        if len(words) != 3:
            raise SystemExit(f"the peer answered `{' '.join(words)}` for `{moves}`")
        return int(words[0])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--score", metavar="MOVES", action="append",
                        help="score these positions instead (any board: --width, --height); "
                             "prints MOVES SCORE, `-` for the empty board")
    parser.add_argument("--width", type=int, default=7)
    parser.add_argument("--height", type=int, default=6)
    parser.add_argument("set", nargs="?", choices=[f"{l}_{r}" for l in PLAYED for r in LEFT if (l, r) in
                                        {("L3", "R1"), ("L2", "R1"), ("L2", "R2"), ("L1", "R1"),
                                         ("L1", "R2"), ("L1", "R3")}])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unscored", action="store_true",
                        help="for R2/R3 sets: write candidates (moves only), not scored")
    parser.add_argument("--max-tries", type=int, default=200_000)
    parser.add_argument("--peer", metavar="C4PEER",
                        help="score with this build of the C++ peer (scripts/connect4_peer.sh)")
    parser.add_argument("--peer-limit", type=float, metavar="SECONDS",
                        help="drop a position the peer takes longer than this on")
    parser.add_argument("--budget", type=float, metavar="SECONDS",
                        help="stop after this long, keeping the positions scored so far")
    args = parser.parse_args()
    if args.score:
        set_size(args.width, args.height)
        for moves in args.score:
            moves = "" if moves == "-" else moves
            b = Board()
            for k, ch in enumerate(moves):
                c = int(ch) - 1
                if not (0 <= c < WIDTH and b.can_play(c)) or b.wins_at(c):
                    print(f"{moves}: move #{k + 1} cannot be played, or ends the game", file=sys.stderr)
                    return 2
                b.play(c)
            print(f"{moves or '-'} {Solver().score(b)}", flush=True)
        return 0
    if args.set is None:
        parser.error("name a set, or --score MOVES")
    level, left = args.set.split("_")
    lo, hi = PLAYED[level]
    left_lo, left_hi = LEFT[left]
    if left != "R1" and not args.unscored and not args.peer:
        print(f"{args.set}: positions with {left_lo} or more moves left need a full search, "
              "beyond this plain Python scorer; pass --peer C4PEER to score them with the C++ "
              "peer, or --unscored for candidates without scores", file=sys.stderr)
        return 2
    peer = Peer(args.peer, args.peer_limit) if args.peer else None
    tried = 0
    rng = random.Random(args.seed)
    seen = set()
    kept = 0
    started = time.time()
    for _ in range(args.max_tries):
        if kept >= args.count or (args.budget and time.time() - started > args.budget):
            break
        made = random_position(rng, rng.randint(lo, hi))
        if made is None:
            continue
        b, moves = made
        if moves in seen or b.n == CELLS:
            continue
        seen.add(moves)
        if args.unscored:
            print(moves)
            kept += 1
            continue
        tried += 1
        if peer is not None:
            score = peer.score(moves)
        else:
            score = score_within(Solver(), b, left_hi)
        if score is None or not left_lo <= moves_left(b.n, score) <= left_hi:
            continue
        print(f"{moves} {score}", flush=True)
        kept += 1
    dropped = ""
    if peer is not None:
        peer.close()
        dropped = f", {peer.dropped} dropped past --peer-limit {args.peer_limit} s"
    print(f"{args.set}: {kept} positions in {time.time() - started:.1f} s ({tried} scored"
          f"{dropped})", file=sys.stderr)
    return 0 if kept >= args.count else 1


if __name__ == "__main__":
    sys.exit(main())
