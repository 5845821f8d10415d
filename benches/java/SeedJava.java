// The textbook LeetCode Java solutions of the two built-in games, timed on the inputs of the
// Rust benches, for BENCHMARKS.md's `java` column. The seed's own Java solver is not in this
// repository; these are the solutions LeetCode's discussions teach and that the seed's
// figures describe (issue 5: "the seed's Java memo takes 50-110 ms" at n = 20, T = 158):
//
// - Can I Win (LeetCode 464): a top-down memo over the bitmask of the integers used, in a
//   HashMap<Integer, Boolean>, trying the integers in ascending order and stopping at the
//   first winning one. An int mask: n <= 20, LeetCode's range.
// - Predict the Winner (LeetCode 486): the O(n^2) bottom-up DP over intervals in one row of n
//   ints (dp[j] = best margin of the player to move on values i..=j), in long arithmetic so
//   that rows beyond LeetCode's 20 values do not overflow.
//
// Each case is warmed up (the JIT compiles the hot loops) for WARM_UP_NS, then timed in samples
// of as many solves as take about a millisecond, until the samples take MIN_TOTAL_NS and number
// MIN_SAMPLES (one solve longer than that is timed once); its answer, and the median, first
// and third quartile of the per-solve times, are printed as one line of JSON. Run by
// scripts/java_seed_bench.py, which checks each answer against gamesolve's and times gamesolve
// on the same case in the same run (benches/results/java_seed.csv, BENCHMARKS.md's headline).

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public final class SeedJava {
    static final long WARM_UP_NS = 2_000_000_000L;
    static final long MIN_TOTAL_NS = 1_000_000_000L;
    static final int MIN_SAMPLES = 10;
    static final long SAMPLE_NS = 1_000_000L;

    // ---- Can I Win: the textbook memo ------------------------------------------------------

    static int statesStored;

    static boolean canIWin(int maxChoosableInteger, int desiredTotal) {
        if (desiredTotal <= 0) return true;
        if (maxChoosableInteger * (maxChoosableInteger + 1) / 2 < desiredTotal) return false;
        Map<Integer, Boolean> memo = new HashMap<>();
        boolean won = wins(maxChoosableInteger, desiredTotal, 0, memo);
        statesStored = memo.size();
        return won;
    }

    static boolean wins(int n, int total, int used, Map<Integer, Boolean> memo) {
        Boolean known = memo.get(used);
        if (known != null) return known;
        for (int i = 1; i <= n; i++) {
            int bit = 1 << (i - 1);
            if ((used & bit) == 0 && (i >= total || !wins(n, total - i, used | bit, memo))) {
                memo.put(used, true);
                return true;
            }
        }
        memo.put(used, false);
        return false;
    }

    // ---- Predict the Winner: the textbook DP -----------------------------------------------

    static long margin(int[] nums) {
        int n = nums.length;
        long[] dp = new long[n];
        for (int i = n - 1; i >= 0; i--) {
            dp[i] = nums[i];
            for (int j = i + 1; j < n; j++) {
                dp[j] = Math.max(nums[i] - dp[j], nums[j] - dp[j - 1]);
            }
        }
        return dp[n - 1];
    }

    /** The Rust benches' row: SplitMix64 from SEED, values uniform in 0..=10^7. */
    static int[] row(int len) {
        long state = 0x5EED0486L;
        int[] values = new int[len];
        for (int k = 0; k < len; k++) {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            z = z ^ (z >>> 31);
            values[k] = (int) Long.remainderUnsigned(z, 10_000_001L);
        }
        return values;
    }

    // ---- timing ----------------------------------------------------------------------------

    interface Solve {
        long run();
    }

    static volatile long sink;

    /** Median, first and third quartile of the per-solve times, in ns. */
    static double[] time(Solve solve) {
        long start = System.nanoTime();
        long once = 0;
        while (System.nanoTime() - start < WARM_UP_NS) {
            long t = System.nanoTime();
            sink += solve.run();
            once = System.nanoTime() - t;
        }
        long batch = Math.max(1, SAMPLE_NS / Math.max(1, once));
        List<Double> samples = new ArrayList<>();
        long total = 0;
        while (total < MIN_TOTAL_NS || samples.size() < MIN_SAMPLES) {
            long t = System.nanoTime();
            for (long k = 0; k < batch; k++) sink += solve.run();
            long took = System.nanoTime() - t;
            total += took;
            samples.add((double) took / batch);
            if (took > MIN_TOTAL_NS) break; // one solve past the floor: not repeated
        }
        double[] sorted = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new double[] {quantile(sorted, 0.5), quantile(sorted, 0.25), quantile(sorted, 0.75)};
    }

    static double quantile(double[] sorted, double q) {
        double at = q * (sorted.length - 1);
        int low = (int) Math.floor(at), high = (int) Math.ceil(at);
        return sorted[low] * (1 - (at - low)) + sorted[high] * (at - low);
    }

    static void fail(String what) {
        System.err.println("error: " + what);
        System.exit(1);
    }

    /**
     * One case: {@code can-i-win N T} or {@code predict-the-winner LEN} (the Rust benches' row
     * of LEN values). Prints one line of JSON: the answer (whether the first player wins, and
     * Predict the Winner's margin), the states or cells the solution fills, and the per-solve
     * median, first and third quartile in ns over the timed samples.
     */
    public static void main(String[] args) {
        try {
            if (args.length == 3 && args[0].equals("can-i-win")) {
                int n = Integer.parseInt(args[1]), total = Integer.parseInt(args[2]);
                if (n < 1 || n > 20) fail("n = " + n + ": the int mask holds 1..=20");
                boolean won = canIWin(n, total);
                int states = statesStored;
                double[] t = time(() -> canIWin(n, total) ? 1 : 0);
                report(won, null, states, t);
            } else if (args.length == 2 && args[0].equals("predict-the-winner")) {
                int len = Integer.parseInt(args[1]);
                if (len < 1) fail("len = " + len + ": at least one value");
                int[] values = row(len);
                long margin = margin(values);
                double[] t = time(() -> margin(values));
                report(margin >= 0, margin, (long) len * (len + 1) / 2, t);
            } else {
                fail("usage: java SeedJava can-i-win N T | predict-the-winner LEN");
            }
        } catch (NumberFormatException e) {
            fail("not a whole number: " + e.getMessage());
        }
        if (sink == 42) System.out.print("");
    }

    static void report(boolean firstWins, Long margin, long positions, double[] t) {
        System.out.printf(
            "{\"first_wins\":%b,\"margin\":%s,\"positions\":%d,\"median_ns\":%.1f,"
                + "\"p25_ns\":%.1f,\"p75_ns\":%.1f}%n",
            firstWins, margin == null ? "null" : margin.toString(), positions, t[0], t[1], t[2]);
    }
}
