//! Can I Win's words in `play`: the pool with the integers taken, the running total, and
//! the integers as the moves' short forms.

use gamesolve::core_types::can_i_win::mask_total;
use gamesolve::{Backend, CanIWin, Verdict};

use gamesolve::games::{abbreviate, rule};
use gamesolve::Error;

use super::{PlayWords, PositionFlag};

/// `analyze can-i-win`'s `--used`.
const POSITION_FLAGS: [PositionFlag; 1] = [PositionFlag {
    name: "used",
    value_name: "NUMBERS",
    list: true,
    help: "The numbers already taken, in any order: `--used 3,7` (default: the start of the \
           game).",
}];

/// The position `--used` names, and the moves made to reach it.
fn position_from_used(game: &CanIWin, texts: &[String]) -> Result<(u64, usize), Error> {
    let n = game.max_choosable();
    let mut used = 0u64;
    for text in texts
        .iter()
        .map(|text| text.trim())
        .filter(|t| !t.is_empty())
    {
        let number: u32 = text.parse().map_err(|_| {
            rule(
                "used",
                text,
                format!(
                    "used number `{}` is not an integer: expected numbers of the pool 1..={n}",
                    abbreviate(text)
                ),
            )
        })?;
        if !(1..=n).contains(&number) {
            return Err(rule(
                "used",
                text,
                format!("used number {number} is not in the pool 1..={n}"),
            ));
        }
        let bit = 1u64 << (number - 1);
        if used & bit != 0 {
            return Err(rule(
                "used",
                text,
                format!("used number {number} is given twice: each integer can be taken once"),
            ));
        }
        used |= bit;
    }
    let (total, target) = (mask_total(used), game.desired_total());
    if used != 0 && total >= target {
        let sentence = format!(
            "the game is over: the used numbers total {total}, which already reaches \
             desired_total = {target}"
        );
        return Err(rule("used", "", sentence));
    }
    Ok((used, used.count_ones() as usize))
}

/// Whether the integer `number` (of the pool) is among the `used` ones.
fn is_used(used: u64, number: u32) -> bool {
    (1..=64).contains(&number) && used >> (number - 1) & 1 == 1
}

impl PlayWords for CanIWin {
    /// Every memo but `textbook` (the recursion's own order) searches largest-first and
    /// leaves out the moves that lose at once (`Game::search_moves_into`).
    fn calls_skipped(&self, backend: &str, variant: &str) -> &'static str {
        if backend == Backend::Memo.name() && variant != "textbook" {
            "; the moves that reach T at once, or leave the opponent an immediate win, make no \
             call"
        } else {
            "; the moves that reach T at once make no call"
        }
    }

    const GROWTH_AXIS: &'static str = "n (largest integer)";
    const GROWTH_FAMILY: &'static str = "pools 1..=n, total T = ⌈3/4 of 1+2+…+n⌉";

    fn position_flags() -> &'static [PositionFlag] {
        &POSITION_FLAGS
    }

    fn position_from_flags(
        &self,
        flags: &[(&'static str, Vec<String>)],
    ) -> Result<Option<(u64, usize)>, Error> {
        flags
            .iter()
            .find(|(name, _)| *name == "used")
            .map(|(_, words)| position_from_used(self, words))
            .transpose()
    }

    fn is_big(&self, backend: Backend) -> bool {
        if self.settled_without_search().is_some() {
            return false;
        }
        let n = self.max_choosable();
        match backend {
            Backend::Recursive => n >= 12,
            Backend::Memo | Backend::Tabular => n >= 24,
            Backend::Reduction => false, // refused at once: no algorithm for Can I Win
        }
    }

    fn play_intro(&self) -> String {
        format!(
            "Can I Win against a perfect opponent: players take turns taking a number from \
             1..={} (each number once) and adding it to a running total; whoever brings the \
             total to {} or more wins.",
            self.max_choosable(),
            self.desired_total()
        )
    }

    fn play_board(&self, used: u64, _scores: Option<(i128, i128)>) -> String {
        let pool = (1..=self.max_choosable())
            .map(|v| {
                if is_used(used, v) {
                    "·".repeat(v.to_string().len())
                } else {
                    v.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        format!(
            "Pool: {pool}   total {} of {}",
            mask_total(used),
            self.desired_total()
        )
    }

    fn play_after_move(&self, used: u64, _scores: Option<(i128, i128)>) -> String {
        format!("total {} of {}", mask_total(used), self.desired_total())
    }

    fn move_aliases(&self, _used: u64, number: u32) -> Vec<String> {
        vec![number.to_string()]
    }

    fn numbers_are_moves(&self) -> bool {
        true
    }

    fn why_not_a_move(&self, used: u64, text: &str) -> Option<String> {
        let number: u32 = text.parse().ok()?;
        let n = self.max_choosable();
        Some(if !(1..=n).contains(&number) {
            format!("{number} is not in the pool 1..={n}")
        } else if is_used(used, number) {
            format!("{number} is already taken")
        } else {
            return None;
        })
    }

    fn play_move_words(&self, _used: u64, number: u32) -> String {
        number.to_string()
    }

    fn play_verbs(&self) -> [&'static str; 3] {
        ["take", "takes", "took"]
    }

    fn play_result(&self, used: u64, verdict: Verdict, _scores: Option<(i128, i128)>) -> String {
        let (t, total) = (self.desired_total(), mask_total(used));
        match verdict {
            Verdict::Draw => format!("Draw: the pool is empty and nobody reached {t}."),
            Verdict::Win => format!("You win: the total {total} reaches {t}."),
            Verdict::Loss => format!("The computer wins: the total {total} reaches {t}."),
        }
    }

    fn play_move_json(&self, _used: u64, number: u32) -> serde_json::Value {
        number.into()
    }
}
