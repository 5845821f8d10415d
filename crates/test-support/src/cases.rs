//! The schema of `tests/data/*.toml`: one `[[case]]` per test, read with
//! `deny_unknown_fields` so that a misspelt key fails loudly.
//!
//! Integers that may not fit TOML's `i64` (totals up to `u64::MAX`, margins
//! and scores up to about `2^127`) are written either as TOML integers or as
//! strings: a decimal number, or one of `i64::MIN`, `i64::MAX`, `u64::MAX`.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use core_types::{Outcome, Side};
use serde::{Deserialize, Deserializer};

/// A Can I Win data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanIWinFile {
    /// The cases, in file order.
    pub case: Vec<CanIWinCase>,
}

/// One Can I Win case.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CanIWinCase {
    /// Unique name, used in reports.
    pub name: String,
    /// Why the case exists (a source, an edge, a known wrong answer).
    pub why: String,
    /// `n`: the pool is `1..=n`.
    pub max_choosable: u32,
    /// `T`, a TOML integer or a string (for values above `i64::MAX`).
    #[serde(deserialize_with = "wide")]
    pub desired_total: i128,
    /// Expected outcome.
    pub outcome: Outcome,
    /// Every winning first integer, when it matters; the backend must report
    /// the smallest (`None` when empty).
    pub winning_moves: Option<Vec<u32>>,
    /// LeetCode 464's boolean, `CanIWinSolution::can_i_win`.
    pub can_i_win: Option<bool>,
    /// Backends not run on this case, each with the reason.
    #[serde(default)]
    pub skip: BTreeMap<String, String>,
    /// Backends that may answer with a `CannotAnswer` error (reported as a
    /// skip with its message), each with the reason; an answer must still be
    /// right.
    #[serde(default)]
    pub cannot_answer: BTreeMap<String, String>,
}

/// A Predict the Winner data file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictTheWinnerFile {
    /// The cases, in file order.
    pub case: Vec<PredictTheWinnerCase>,
}

/// One Predict the Winner case.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PredictTheWinnerCase {
    /// Unique name, used in reports.
    pub name: String,
    /// Why the case exists.
    pub why: String,
    /// The row, as TOML integers or strings such as `"i64::MIN"`.
    #[serde(deserialize_with = "wide_i64_list", default)]
    pub values: Vec<i64>,
    /// Build the row by repeating `values` this many times (for long rows).
    pub repeat: Option<usize>,
    /// Expected outcome.
    pub outcome: Outcome,
    /// Expected margin (first minus second).
    #[serde(deserialize_with = "wide")]
    pub margin: i128,
    /// Expected first player's score.
    #[serde(deserialize_with = "wide")]
    pub first_score: i128,
    /// Expected second player's score.
    #[serde(deserialize_with = "wide")]
    pub second_score: i128,
    /// Every optimal first move, when it matters; the backend must report
    /// `left` if it is in the set (ties go left), else `right`.
    pub optimal_moves: Option<Vec<Side>>,
    /// LeetCode 486's boolean (`margin >= 0`).
    pub predict_the_winner: Option<bool>,
    /// Coins in a Line III's boolean (`margin > 0`).
    pub first_player_strictly_wins: Option<bool>,
    /// Backends not run on this case, each with the reason.
    #[serde(default)]
    pub skip: BTreeMap<String, String>,
    /// Backends that may give up on this case; see [`CanIWinCase`].
    #[serde(default)]
    pub cannot_answer: BTreeMap<String, String>,
}

impl PredictTheWinnerCase {
    /// The row to solve: `values`, repeated `repeat` times.
    pub fn row(&self) -> Vec<i64> {
        let times = self.repeat.unwrap_or(1);
        let mut row = Vec::with_capacity(self.values.len() * times);
        for _ in 0..times {
            row.extend_from_slice(&self.values);
        }
        row
    }
}

/// The workspace's `tests/data/`, wherever the test that asks runs from.
pub fn data_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data"))
}

/// Reads and parses a data file under `tests/data/`.
///
/// # Panics
///
/// When the file cannot be read or parsed (a test's data is broken: the test fails, naming
/// the file and why).
pub fn load<T: for<'de> Deserialize<'de>>(file: &str) -> T {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()))
}

/// What every case of a data file has: a unique name and the backends it skips or lets give
/// up.
pub trait Case {
    /// The case's name.
    fn name(&self) -> &str;
    /// Backends not run on the case, each with the reason.
    fn skip(&self) -> &BTreeMap<String, String>;
    /// Backends that may give up on the case, each with the reason.
    fn cannot_answer(&self) -> &BTreeMap<String, String>;
}

/// `impl Case` for data-file case types with `name`, `skip` and `cannot_answer` fields.
macro_rules! impl_case {
    ($($case:ty),*) => {$(
        impl Case for $case {
            fn name(&self) -> &str {
                &self.name
            }
            fn skip(&self) -> &BTreeMap<String, String> {
                &self.skip
            }
            fn cannot_answer(&self) -> &BTreeMap<String, String> {
                &self.cannot_answer
            }
        }
    )*};
}

impl_case!(CanIWinCase, PredictTheWinnerCase);

/// Checks the names of `cases` (of `file`) are unique and each backend named in `skip` and
/// `cannot_answer` passes `check_backend` (which says what is wrong with a name:
/// `Some("unknown backend")`); returns one message per problem.
pub fn check_names<C: Case>(
    file: &str,
    cases: &[C],
    check_backend: impl Fn(&str) -> Option<&'static str>,
) -> Vec<String> {
    let mut problems = vec![];
    let mut seen = HashSet::new();
    for case in cases {
        let name = case.name();
        if !seen.insert(name) {
            problems.push(format!("{file}: duplicate case name `{name}`"));
        }
        for key in case.skip().keys().chain(case.cannot_answer().keys()) {
            if let Some(problem) = check_backend(key) {
                problems.push(format!("{file}: case `{name}` names {problem} `{key}`"));
            }
        }
    }
    problems
}

/// Parses a wide integer: a decimal string or one of the named bounds.
pub fn parse_wide(text: &str) -> Result<i128, String> {
    match text.trim() {
        "i64::MIN" => Ok(i128::from(i64::MIN)),
        "i64::MAX" => Ok(i128::from(i64::MAX)),
        "u64::MAX" => Ok(i128::from(u64::MAX)),
        other => other
            .parse::<i128>()
            .map_err(|e| format!("`{other}` is not an integer: {e}")),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum WideRepr {
    Int(i64),
    Text(String),
}

impl WideRepr {
    fn value(self) -> Result<i128, String> {
        match self {
            WideRepr::Int(v) => Ok(i128::from(v)),
            WideRepr::Text(t) => parse_wide(&t),
        }
    }
}

fn wide<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
    WideRepr::deserialize(d)?
        .value()
        .map_err(serde::de::Error::custom)
}

fn wide_i64_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    Vec::<WideRepr>::deserialize(d)?
        .into_iter()
        .map(|w| {
            let v = w.value().map_err(serde::de::Error::custom)?;
            i64::try_from(v).map_err(|_| serde::de::Error::custom(format!("{v} is not an i64")))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_finds_a_repeated_name_and_a_refused_backend() {
        let file: CanIWinFile = toml::from_str(
            r#"
            [[case]]
            name = "a"
            why = "first"
            max_choosable = 3
            desired_total = 4
            outcome = "first"
            skip = { quantum = "no such backend" }
            [[case]]
            name = "a"
            why = "again"
            max_choosable = 3
            desired_total = "u64::MAX"
            outcome = "draw"
            "#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(file.case[1].desired_total, i128::from(u64::MAX));
        let problems = check_names("x.toml", &file.case, |key| {
            (key == "quantum").then_some("unknown backend")
        });
        assert_eq!(
            problems,
            [
                "x.toml: case `a` names unknown backend `quantum`",
                "x.toml: duplicate case name `a`",
            ]
        );
    }

    #[test]
    fn a_misspelt_key_is_an_error() {
        let parsed: Result<CanIWinFile, _> = toml::from_str(
            "[[case]]\nname = \"a\"\nwhy = \"b\"\nmax_choosable = 3\ndesired_total = 4\noutcome = \"first\"\nwining_moves = [1]\n",
        );
        assert!(parsed.is_err());
    }
}
