"""Python-defined games solved by gamesolve's variants and by the peers, in one run
(BENCHMARKS.md, "Python games against the peers"; issue 28).

The same class is solved by each: gamesolve (`gamesolve.solve(game, backend=...)`, every
variant that applies), a `functools.cache` negamax over the class (the lines a user would
write), easyAI's `df_solve` with a transposition table, and OpenSpiel's value iteration over
the class wrapped as an OpenSpiel Python game. easyAI and OpenSpiel are optional: installed
only for this script (`pip install easyAI open_spiel`), never by the tests; a peer that is not
installed is reported as such.

Every answer is checked equal to the `functools.cache` one before anything is timed. The
contenders of a game run in turn, round after round (interleaved, so that the machine's load
falls on each alike); each line gives the minimum and the median of the rounds, and the
ratio of the minimums to `functools.cache`'s. The load (`os.getloadavg`) is printed before and
after. For gamesolve's fastest variant of each game, the calls each method received per
distinct position are printed (the counting rule: calls of the method / distinct positions
the method was asked about; 1.00 means once per position, `play` counted per position and
move).

Run after `maturin develop --release` (crates/python):
`python crates/python/benches/peers.py [--rounds N] [--quick]`.
"""

import argparse
import collections
import functools
import os
import statistics
import sys
import time

import gamesolve


class TicTacToe:
    """Positions are 9-character strings of "x", "o", "."; x moves first."""

    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def start(self):
        return "........."

    def moves(self, board):
        return [i for i, c in enumerate(board) if c == "."]

    def play(self, board, i):
        mover = "x" if board.count("x") == board.count("o") else "o"
        return board[:i] + mover + board[i + 1:]

    def terminal_value(self, board):
        for a, b, c in self.LINES:
            if board[a] != "." and board[a] == board[b] == board[c]:
                return "lose"  # the previous player made the line
        return "draw" if "." not in board else None

    def index(self, board):
        n = 0
        for c in board:
            n = n * 3 + ".xo".index(c)
        return n

    def count(self):
        return 3**9


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

    def index(self, pile):
        return pile

    def count(self):
        return self.pile + 1


class Domineering:
    """Domineering on a rows x cols board: the first player places vertical dominoes, the
    second horizontal ones; who cannot place one loses. A position is an integer: the
    occupied cells as bits, times 2, plus the player to move (0: vertical). A move is the
    domino's two cells as bits."""

    def __init__(self, rows=5, cols=5):
        self.rows, self.cols = rows, cols
        cells = rows * cols
        self.dominoes = (
            [(1 << c) | (1 << (c + cols)) for c in range(cells - cols)],
            [(1 << c) | (1 << (c + 1)) for c in range(cells) if c % cols != cols - 1],
        )

    def start(self):
        return 0

    def moves(self, position):
        board = position >> 1
        return [d for d in self.dominoes[position & 1] if not board & d]

    def play(self, position, domino):
        return (((position >> 1) | domino) << 1) | (1 - (position & 1))

    def terminal_value(self, position):
        board = position >> 1
        for d in self.dominoes[position & 1]:
            if not board & d:
                return None
        return "lose"


def cached_negamax(game):
    """The `functools.cache` negamax a user writes: the value for the player to move."""
    words = {"win": 1, "draw": 0, "lose": -1}

    @functools.cache
    def value(position):
        over = game.terminal_value(position)
        if over is not None:
            return words.get(over, over)
        best = -2
        for m in game.moves(position):
            v = -value(game.play(position, m))
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    return value(game.start())


def easyai_solve(game):
    """easyAI's depth-first solver (`solve_with_depth_first_search`, formerly `df_solve`)
    over the same class, with its transposition table: the value for the first player, or
    `None` when easyAI is not installed."""
    try:
        from easyAI import TranspositionTable, solve_with_depth_first_search
    except ImportError:
        return None

    class Adapter:
        def __init__(self, position):
            self.position, self.current_player, self.history = position, 1, []

        def possible_moves(self):
            return game.moves(self.position)

        def make_move(self, m):
            self.history.append(self.position)
            self.position = game.play(self.position, m)

        def unmake_move(self, m):
            self.position = self.history.pop()

        def is_over(self):
            self.over = game.terminal_value(self.position)
            return self.over is not None

        def scoring(self):
            return {"win": 100, "draw": 0, "lose": -100}.get(self.over, self.over)

        def ttentry(self):
            return self.position

        def switch_player(self):
            self.current_player = 3 - self.current_player

        def copy(self):
            other = Adapter(self.position)
            other.current_player, other.history = self.current_player, list(self.history)
            return other

    result = solve_with_depth_first_search(
        Adapter(game.start()), win_score=100, maxdepth=10**6, tt=TranspositionTable()
    )
    return {100: 1, 0: 0, -100: -1}.get(result, result)


_OPENSPIEL_GAMES = {}


def openspiel_solve(game, actions):
    """OpenSpiel's value iteration over the class wrapped as an OpenSpiel Python game (an
    action is a move's place in `moves()`, at most `actions` of them): the value for the first
    player, or `None` when OpenSpiel is not installed. Called with the library's defaults
    (`depth_limit=-1`, `threshold=0`), with `cyclic_game=True`: its walk of the states then
    stops at a state seen before (without it, it walks every path of the game tree)."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import value_iteration
    except ImportError:
        return None
    words = {"win": 1, "draw": 0, "lose": -1}

    class State(pyspiel.State):
        def __init__(self, spiel_game, position, player):
            super().__init__(spiel_game)
            self.position, self.player = position, player
            self.over = game.terminal_value(position)
            self.listed = None if self.over is not None else game.moves(position)

        def current_player(self):
            return pyspiel.PlayerId.TERMINAL if self.over is not None else self.player

        def _legal_actions(self, player):
            return list(range(len(self.listed)))

        def _apply_action(self, action):
            self.position = game.play(self.position, self.listed[action])
            self.player = 1 - self.player
            self.over = game.terminal_value(self.position)
            self.listed = None if self.over is not None else game.moves(self.position)

        def is_terminal(self):
            return self.over is not None

        def returns(self):
            if self.over is None:
                return [0.0, 0.0]
            v = float(words.get(self.over, self.over))  # for the player to move
            v = v if self.player == 0 else -v
            return [v, -v]

        def __str__(self):
            return f"{self.position!r}/{self.player}"

    name = f"gamesolve_peer_{type(game).__name__.lower()}_{actions}"
    if name not in _OPENSPIEL_GAMES:
        game_type = pyspiel.GameType(
            short_name=name,
            long_name=name,
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=False,
            provides_information_state_tensor=False,
            provides_observation_string=False,
            provides_observation_tensor=False,
            parameter_specification={},
        )
        _OPENSPIEL_GAMES[name] = game_type
    game_type = _OPENSPIEL_GAMES[name]
    info = pyspiel.GameInfo(
        num_distinct_actions=actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=100_000,
    )

    class SpielGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return State(self, game.start(), 0)

    spiel_game = SpielGame()
    values = value_iteration.value_iteration(spiel_game, depth_limit=-1, threshold=0, cyclic_game=True)
    return round(values[str(spiel_game.new_initial_state())])


def counted(game):
    """`game` with each method's calls counted per position (per position and move for
    `play`): the wrapper and its counter."""
    calls = collections.Counter()

    class Counting:
        def start(self):
            calls[("start", None)] += 1
            return game.start()

        def moves(self, p):
            calls[("moves", p)] += 1
            return game.moves(p)

        def play(self, p, m):
            calls[("play", (p, m))] += 1
            return game.play(p, m)

        def terminal_value(self, p):
            calls[("terminal_value", p)] += 1
            return game.terminal_value(p)

    if hasattr(game, "index"):

        class CountingIndexed(Counting):
            def index(self, p):
                calls[("index", p)] += 1
                return game.index(p)

            def count(self):
                return game.count()

        return CountingIndexed(), calls
    return Counting(), calls


def calls_per_position(game, backend):
    """Each method's calls per distinct position (per position and move for `play`) when
    `backend` solves `game`."""
    wrapper, calls = counted(game)
    gamesolve.solve(wrapper, backend=backend)
    per = collections.defaultdict(lambda: [0, 0])
    for (method, _), n in calls.items():
        per[method][0] += n
        per[method][1] += 1
    return {m: (n, distinct) for m, (n, distinct) in per.items()}


SLOW = 2.0


def race(contenders, rounds):
    """Runs each contender once per round, in turn: the times of each. A contender whose
    first run took more than `SLOW` seconds runs only once (its line says so)."""
    times = collections.defaultdict(list)
    for _ in range(rounds):
        for who, run in contenders.items():
            if times[who] and times[who][0] > SLOW:
                continue
            start = time.perf_counter()
            run()
            times[who].append(time.perf_counter() - start)
    return times


def report(title, times, baseline="functools.cache"):
    base = min(times[baseline])
    print(f"\n{title}")
    print(f"  {'contender':24} {'min':>11} {'median':>11}  min / functools.cache's, runs")
    for who, ts in sorted(times.items(), key=lambda kv: min(kv[1])):
        best, median = min(ts), statistics.median(ts)
        print(f"  {who:24} {best * 1e3:9.2f} ms {median * 1e3:9.2f} ms  {best / base:6.2f}x  {len(ts)}")
    fastest = min((who for who in times if who.count("/") == 1), key=lambda w: min(times[w]))
    return fastest


def print_calls(game, backend):
    per = calls_per_position(game, backend)
    words = ", ".join(
        f"{m} {n / distinct:.2f} ({n} calls, {distinct} {'pairs' if m == 'play' else 'positions'})"
        for m, (n, distinct) in sorted(per.items())
    )
    print(f"  calls per position, {backend}: {words}")


def solo_case(name, game, variants, peers, rounds, actions):
    """One game, solved once per contender and round."""
    expected = cached_negamax(game)
    contenders = {"functools.cache": lambda: cached_negamax(game)}
    for backend in variants:
        answer = gamesolve.solve(game, backend=backend)
        assert answer["value"] == expected, (name, backend, answer, expected)
        contenders[backend] = functools.partial(gamesolve.solve, game, backend=backend)
    if "easyAI" in peers:
        easy = easyai_solve(game)
        if easy is None:
            print("easyAI is not installed: left out")
        else:
            assert easy == expected, ("easyAI", easy, expected)
            contenders["easyAI depth-first"] = lambda: easyai_solve(game)
    if "OpenSpiel" in peers:
        spiel = openspiel_solve(game, actions)
        if spiel is None:
            print("OpenSpiel is not installed: left out")
        else:
            assert spiel == expected, ("OpenSpiel", spiel, expected)
            contenders["OpenSpiel value iter."] = lambda: openspiel_solve(game, actions)
    times = race(contenders, rounds)
    fastest = report(f"{name} (value {expected} for the first player)", times)
    print_calls(game, fastest)


def loop_case(variants, peers, rounds):
    """Subtraction piles 0..200, each solved by its own call."""
    piles = range(0, 201)
    expected = [cached_negamax(Subtraction(p)) for p in piles]

    def loop_solve(backend):
        return [gamesolve.solve(Subtraction(p), backend=backend)["value"] for p in piles]

    contenders = {"functools.cache": lambda: [cached_negamax(Subtraction(p)) for p in piles]}
    for backend in variants:
        assert loop_solve(backend) == expected, backend
        contenders[backend] = functools.partial(loop_solve, backend)
    if "easyAI" in peers and easyai_solve(Subtraction(1)) is not None:
        assert [easyai_solve(Subtraction(p)) for p in piles] == expected
        contenders["easyAI depth-first"] = lambda: [easyai_solve(Subtraction(p)) for p in piles]
    if "OpenSpiel" in peers and openspiel_solve(Subtraction(1), 3) is not None:
        # Value iteration sweeps every state until none changes: about p sweeps of 2p states
        # for pile p, minutes for the whole loop. One pile is timed, not the loop.
        start = time.perf_counter()
        assert openspiel_solve(Subtraction(200), 3) == expected[200]
        print(f"OpenSpiel value iteration, pile 200 alone: {time.perf_counter() - start:.2f} s")
    times = race(contenders, rounds)
    fastest = report("subtraction {1,3,4}, piles 0..200 one by one (201 solves)", times)
    print_calls(Subtraction(200), fastest)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the small games")
    parser.add_argument("--big-rounds", type=int, default=3, help="rounds of Domineering 5x5")
    parser.add_argument("--quick", action="store_true", help="Domineering 4x4 instead of 5x5")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}")
    print(f"load before: {os.getloadavg()}")
    sys.setrecursionlimit(100_000)
    memo = ["memo/hash-map", "memo/alpha-beta", "memo/textbook"]
    indexed = memo + ["memo/indexed", "tabular/retrograde"]
    solo_case("tic-tac-toe", TicTacToe(), indexed + ["recursive/negamax"], {"easyAI", "OpenSpiel"}, args.rounds, 9)
    solo_case("subtraction {1,3,4}, pile 10,000", Subtraction(10_000), indexed, {"easyAI"}, args.rounds, 3)
    loop_case(indexed, {"easyAI", "OpenSpiel"}, args.rounds)
    size = 4 if args.quick else 5
    # OpenSpiel's value iteration walks every path of the game tree (minutes at 5x5): 4x4 only.
    peers = {"easyAI", "OpenSpiel"} if size == 4 else {"easyAI"}
    solo_case(f"Domineering {size}x{size}", Domineering(size, size), memo, peers, args.big_rounds, 2 * size * size)
    print(f"\nload after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
