//! Can I Win's words in `play`: the pool with the integers taken, the running total, and
//! the integers as the moves' short forms.

use gamesolve::core_types::can_i_win::mask_total;
use gamesolve::{Backend, CanIWin, Verdict};

use super::PlayWords;

/// Whether the integer `number` (of the pool) is among the `used` ones.
fn is_used(used: u64, number: u32) -> bool {
    (1..=64).contains(&number) && used >> (number - 1) & 1 == 1
}

impl PlayWords for CanIWin {
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
